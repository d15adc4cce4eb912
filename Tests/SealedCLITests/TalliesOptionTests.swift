import Foundation
import SealedTestSupport
import Testing

/// Issue 24, item 7: `check --tallies DIR` checks the run its tallies record. An option that
/// names another rule set, pool count, seed, spec or booster range is refused in one line that
/// names both values; the run's own values are accepted.
@Suite struct TalliesOptionTests {
  let cards = ["--cards", Fixtures.shippedCards]

  @Test(.heavy) func optionsThatDisagreeWithTheTalliesAreRefused() throws {
    let dir = try Fixtures.temporaryDirectory()
    let tallies = dir.appendingPathComponent("t").path
    let shard = try SealedExecutable.run(
      ["check", "war", "--pools", "5000", "--seed", "3", "--shard", "1/1", "--quiet", "--out", tallies] + cards)
    #expect(shard.status == 0, "\(shard.stderr)")
    let check = ["check", "war", "--tallies", tallies, "--compare", "none", "--out", dir.appendingPathComponent("c").path, "--force"] + cards
    let refused: [([String], String)] = [
      (["--rules", "retail"], "--rules retail: the tallies in \(tallies) were counted under rules \"sealed\" (built-in:sealed); leave --rules out, or give those rules"),
      (["--pools", "6000"], "--pools 6000: the tallies in \(tallies) are of a run of 5000 pools; leave --pools out, or give 5000"),
      (["--pools", "1e6"], "--pools 1e6: the tallies in \(tallies) are of a run of 5000 pools; leave --pools out, or give 5000"),
      (["--seed", "4"], "--seed 4: the tallies in \(tallies) are of seed 3; leave --seed out, or give 3"),
      (["--spec", "none"], "--spec none: the tallies in \(tallies) counted spec \"sealed\"; a merged run is checked against the spec its shards counted"),
      (["--booster-max", "200"], "--booster-max 200: the tallies in \(tallies) drew from collector numbers 1-264; leave --booster-max out, or give 264"),
      (["--samples", "5"], "--samples 5: the tallies in \(tallies) keep counts, not pools; write samples with the run's first shard (sealed check --shard 1/N --samples K)"),
    ]
    for (options, message) in refused {
      let result = try SealedExecutable.run(check + options)
      #expect(result.status == 2, "\(options): \(result.stdout)")
      #expect(result.stderr == "sealed: error: \(message)\n", "\(options)")
    }
    let same = try SealedExecutable.run(
      check + ["--rules", "sealed", "--pools", "5e3", "--seed", "3", "--spec", "sealed", "--booster-max", "264"])
    #expect(same.status == 0, "\(same.stderr)")
    #expect(same.stdout.contains("5000 pools checked from \(tallies)"))
    // The rules by file: the same text as the built-in is the same rules.
    let file = try Fixtures.write(try Fixtures.builtInRules("sealed"), to: "sealed.yaml", in: dir)
    let byFile = try SealedExecutable.run(check + ["--rules", file])
    #expect(byFile.status == 0, "\(byFile.stderr)")
  }
}
