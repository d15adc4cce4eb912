import Foundation
import SealedTestSupport
import Testing

/// Issue 24, item 9: every count takes the same forms (1000, 1_000, 1e3) and every bad number
/// gets one line naming the option and what it expected, exit 2, negative numbers included.
@Suite struct NumberFormTests {
  let cards = ["--cards", Fixtures.shippedCards]

  func ok(_ arguments: [String], home: URL? = nil, in directory: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try SealedExecutable.run(arguments, environment: home.map { ["SEALED_HOME": $0.path] } ?? [:], workingDirectory: directory)
    #expect(result.status == 0, "sealed \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
    return result.stdout
  }

  func fails(_ arguments: [String], home: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try SealedExecutable.run(arguments, environment: home.map { ["SEALED_HOME": $0.path] } ?? [:])
    #expect(result.status == 2, "sealed \(arguments.joined(separator: " ")) exited \(result.status)", sourceLocation: sourceLocation)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    return String(result.stderr.dropFirst("sealed: error: ".count).dropLast())
  }

  @Test(.heavy) func countsTakeTheSameFormsInEveryCommand() throws {
    // open --pools and --seed: 1000, 1_000 and 1e3 are the same pools.
    let open = ["open", "war", "--format", "csv"] + cards
    let plain = try ok(open + ["--pools", "20", "--seed", "1000"])
    #expect(try ok(open + ["--pools", "2e1", "--seed", "1e3"]) == plain)
    #expect(try ok(open + ["--pools", "2_0", "--seed", "1_000"]) == plain)
    #expect(try ok(open + ["--pools", "0.2e2", "--seed", "+1000"]) == plain)
    // --booster-max is a count too.
    #expect(try ok(["open", "war", "--seed", "1", "--booster-max", "2.64e2"] + cards) == (try ok(["open", "war", "--seed", "1", "--booster-max", "264"] + cards)))
    // simulate's --pools, --samples and --threads.
    let dir = try Fixtures.temporaryDirectory()
    _ = try ok(["simulate", "war", "--pools", "5e3", "--samples", "1e1", "--threads", "1e0", "--seed", "1", "--quiet", "--out", dir.appendingPathComponent("a").path] + cards)
    let run = try String(contentsOf: dir.appendingPathComponent("a/run.csv"), encoding: .utf8)
    #expect(run.contains("\npools,5000\n") && run.contains("\nthreads,1\n"))
    #expect(try String(contentsOf: dir.appendingPathComponent("a/pools.csv"), encoding: .utf8).split(separator: "\n").count == 1 + 10 * 6 * 14)
    // audit's --resamples.
    let box = dir.appendingPathComponent("box.csv").path
    _ = try ok(["open", "war", "--pools", "2", "--seed", "3", "--format", "csv", "--out", box] + cards)
    let audit = ["audit", "war", "--packs", box, "--seed", "1", "--quiet"] + cards
    _ = try ok(audit + ["--resamples", "1e2", "--out", dir.appendingPathComponent("r1").path])
    _ = try ok(audit + ["--resamples", "100", "--out", dir.appendingPathComponent("r2").path])
    #expect(try String(contentsOf: dir.appendingPathComponent("r1/audit.csv"), encoding: .utf8) == String(contentsOf: dir.appendingPathComponent("r2/audit.csv"), encoding: .utf8))
    // hand --draws and deck add --count.
    let home = dir.appendingPathComponent("home")
    _ = try ok(["open", "war", "--seed", "1", "--save", "a"] + cards, home: home)
    #expect(try ok(["deck", "add", "a", "island", "--count", "1e1"], home: home).hasPrefix("+10 Island"))
    #expect(try ok(["hand", "a", "--draws", "1e1", "--seed", "7"], home: home) == (try ok(["hand", "a", "--draws", "10", "--seed", "7"], home: home)))
  }

  @Test(.heavy) func everyBadNumberIsNamedWithWhatWasExpected() throws {
    let forms = "(a whole number, written like 1000, 1_000 or 1e3)"
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("r").path
    let simulate = ["simulate", "war", "--quiet", "--out", out] + cards
    let seed = "expected a seed from 0 to 18446744073709551615 \(forms)"
    #expect(try fails(["open", "war", "--seed", "-1"] + cards) == "--seed -1: \(seed)")
    #expect(try fails(simulate + ["--seed", "-1"]) == "--seed -1: \(seed)")
    #expect(try fails(simulate + ["--seed", "18446744073709551616"]) == "--seed 18446744073709551616: \(seed)")
    #expect(try fails(simulate + ["--seed", "1.5"]) == "--seed 1.5: \(seed)")
    #expect(try fails(simulate + ["--pools", "1e-3"]) == "--pools 1e-3: expected a positive number of pools \(forms)")
    #expect(try fails(simulate + ["--pools", "lots"]) == "--pools lots: expected a positive number of pools \(forms)")
    // `_` only between digits, as the forms say.
    for pools in ["_1000", "1000_", "1__000", "1_e3"] {
      #expect(try fails(simulate + ["--pools", pools]) == "--pools \(pools): expected a positive number of pools \(forms)")
    }
    #expect(try fails(simulate + ["--pools", "0"]) == "--pools 0: expected a positive number of pools")
    #expect(try fails(simulate + ["--threads", "0"]) == "--threads 0: expected between 1 and 1024")
    #expect(try fails(simulate + ["--samples", "-3"]).hasPrefix("--samples -3: expected 0 to 100000 pools"))
    #expect(try fails(simulate + ["--booster-max", "-1"]) == "--booster-max -1: expected a collector number of at least 1, at most the set's highest")
    // Named as typed (it echoed 9223372036854775807, a review).
    #expect(try fails(simulate + ["--booster-max", "99999999999999999999"]) == "--booster-max 99999999999999999999: expected a collector number of at least 1, at most the set's highest")
    #expect(try fails(simulate + ["--pools", "1e5", "--shard", "-1/2"]) == "--shard -1/2: expected K/N with 1 <= K <= N")
    // Not two whole numbers: the form is named (1/1e9 was told 1 <= K <= N, which it meets).
    for shard in ["a/b", "1/2/3", "1", "/2", "1/1e9"] {
      #expect(try fails(simulate + ["--pools", "1e5", "--shard", shard]) == "--shard \(shard): expected K/N, two whole numbers with 1 <= K <= N (like 2/8)")
    }
    #expect(try fails(["open", "war", "--pools", "-1", "--format", "csv"] + cards) == "--pools -1: expected 1 to 10000000 pools")
    #expect(try fails(["open", "war", "--pools", "1e8", "--format", "csv"] + cards) == "--pools 1e8: expected 1 to 10000000 pools")
    #expect(try fails(["open", "war", "--pools", "2.5", "--format", "csv"] + cards) == "--pools 2.5: expected 1 to 10000000 pools \(forms)")
    let audit = ["audit", "war", "--packs", "-"] + cards
    #expect(try fails(audit + ["--resamples", "-1"]) == "--resamples -1: expected 0 to 1000000 samples")
    #expect(try fails(audit + ["--threads", "-2"]) == "--threads -2: expected between 1 and 1024")
    #expect(try fails(audit + ["--alpha", "-0.5"]) == "--alpha -0.5: expected a level between 0 and 1")
    #expect(try fails(["check", "war", "--plan", "--power", "-1"] + cards) == "--power -1: expected a value between 0 and 1")
    // Whole values are echoed as typed (they read "0.0" and "-1.0").
    #expect(try fails(audit + ["--alpha", "0"]) == "--alpha 0: expected a level between 0 and 1")
    #expect(try fails(["check", "war", "--plan", "--ratio", "1"] + cards) == "--ratio 1: expected a weight of 0 or more, other than 1")
    #expect(try fails(["hand", "a", "--draws", "-1"]) == "--draws -1: expected 1 to 1000 hands")
    #expect(try fails(["hand", "a", "--draws", "1e9"]) == "--draws 1e9: expected 1 to 1000 hands")
    #expect(try fails(["deck", "add", "a", "island", "--count", "-1"]) == "--count -1: expected 1 to 1000 copies")
    #expect(try fails(["deck", "remove", "a", "island", "--count", "x"]) == "--count x: expected 1 to 1000 copies \(forms)")
    #expect(try fails(["cards", "fetch", "mh3", "--retries", "-1"]) == "--retries -1: expected 0 to 10 retries")
    #expect(try fails(["cards", "fetch", "mh3", "--timeout", "-1"]) == "--timeout -1.0: expected a positive number of seconds, at most 86400 (a day)")
    #expect(try fails(["cards", "fetch", "mh3", "--timeout", "1e19"]) == "--timeout 1e+19: expected a positive number of seconds, at most 86400 (a day)")
  }
}
