import Foundation
import SealedTestSupport
import Testing

@Suite struct CheckCommandTests {
  let cards = ["--cards", Fixtures.sharedCards]

  func sealedText() throws -> String {
    try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Sources/SealedCore/Resources/rules/sealed.yaml"), encoding: .utf8)
  }

  @Test func correctRulesPassAndWriteEveryReport() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("war-sealed")
    let result = try SealedExecutable.run(
      ["check", "war", "--rules", "sealed", "--pools", "20000", "--seed", "1", "--out", out.path, "--quiet"] + cards)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("PASS: all"))
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(files == ["card_frequency.csv", "checks.csv", "events.csv", "manifest.csv", "mythic_fairness.csv", "mythic_position.csv", "pool_mythics.csv", "run.csv", "slot_rarity.csv", "tallies.json"])
    let checks = try String(contentsOf: out.appendingPathComponent("checks.csv"), encoding: .utf8)
    #expect(checks.hasPrefix("check,kind,n,observed,expected,statistic,df,p_value,p_adjusted,ci_low,ci_high,alpha,verdict"))
    #expect(checks.contains("uncommon planeswalker in 78% of non-mythic boosters,binomial,100000,"))
    #expect(checks.contains(",invariant,"))
    #expect(checks.contains(",chi_square,"))
    #expect(!checks.contains(",fail,"))
    let fairness = try String(contentsOf: out.appendingPathComponent("mythic_fairness.csv"), encoding: .utf8)
    let rows = fairness.split(separator: "\n")
    #expect(rows.first == "rules,difference,observed_proportion,expected_proportion")
    #expect(rows.contains("sealed,0,1.0,1.0"))
    #expect(rows.filter { $0.hasPrefix("retail,") }.count == 4)
    #expect(rows.filter { $0.hasPrefix("retail-lethe,") }.count == 4)
  }

  @Test func wrongRulesFailWithStatusOne() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write(
      try sealedText().replacingOccurrences(of: "- { name: common,   count: 10, sheet: common }", with: "- { name: common,   count: 10, sheet: common, distinct: false }"),
      to: "repeats.yaml", in: dir)
    let result = try SealedExecutable.run(
      ["check", "war", "--rules", path, "--spec", "sealed", "--pools", "2000", "--seed", "1", "--compare", "none", "--out", dir.appendingPathComponent("r").path, "--quiet"] + cards)
    #expect(result.status == 1)
    #expect(result.stdout.contains("FAIL: "))
    #expect(result.stdout.contains("no card twice in a booster"))
    let checks = try String(contentsOf: dir.appendingPathComponent("r/checks.csv"), encoding: .utf8)
    #expect(checks.contains("no card twice in a booster,invariant,12000,"))
    #expect(checks.contains(",fail,"))
  }

  @Test func planSaysHowManyPoolsAndThoseCatchEightyPercent() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write(
      try sealedText().replacingOccurrences(of: "non_mythic_booster: 0.78", with: "non_mythic_booster: 0.80")
        .replacingOccurrences(of: "non_mythic_booster: 0.22", with: "non_mythic_booster: 0.20"),
      to: "eighty.yaml", in: dir)
    let plan = try SealedExecutable.run(
      ["check", "war", "--rules", path, "--spec", "sealed", "--plan", "--power", "0.99"] + cards)
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(plan.stdout.contains("uncommon planeswalker in 78% of non-mythic boosters"))
    let line = try #require(plan.stdout.split(separator: "\n").first { $0.hasPrefix("pools needed: ") })
    let pools = try #require(Int(line.dropFirst("pools needed: ".count)))
    let result = try SealedExecutable.run(
      ["check", "war", "--rules", path, "--spec", "sealed", "--pools", "\(pools)", "--seed", "3", "--compare", "none", "--out", dir.appendingPathComponent("r").path, "--quiet"] + cards)
    #expect(result.status == 1, "\(result.stdout)")
    #expect(result.stdout.contains("- uncommon planeswalker in 78% of non-mythic boosters"))
  }

  @Test func badSpecsGetOneLineErrorsWithFileAndLine() throws {
    let dir = try Fixtures.temporaryDirectory()
    let cases: [(String, String)] = [
      ("name: s\nclaims:\n  - name: a\n    invariant: no_duplicates\n    colour: blue\n", ":5:5: claims[0]: unknown key \"colour\""),
      ("name: s\nclaims:\n  - name: a\n", ":3:5: claims[0]: a claim needs exactly one of proportion, distribution or invariant"),
      ("name: s\nclaims:\n  - name: a\n    proportion: { cards: { rarity: rare }, expected: 1.5 }\n", ":4:54: claims[0].proportion.expected: expected a proportion between 0 and 1, found 1.5"),
      ("name: s\nclaims:\n  - name: a\n    proportion: { cards: { rarity: rare }, given: mythic_pack, expected: 0.5 }\n", ":3:5: claim \"a\": rules \"sealed\" have no booster kind \"mythic_pack\""),
      ("name: s\nclaims:\n  - name: a\n    invariant: everything\n", ":4:16: claims[0].invariant: unknown invariant \"everything\""),
      ("name: s\nclaims: [\n", "YAML syntax error"),
      ("name: s\nalpha: 2\nclaims:\n  - { name: a, invariant: no_duplicates }\n", ":2:8: alpha: expected a significance level between 0 and 1, found 2.0"),
    ]
    for (index, (text, message)) in cases.enumerated() {
      let path = try Fixtures.write(text, to: "spec\(index).yaml", in: dir)
      let result = try SealedExecutable.run(["check", "war", "--spec", path, "--pools", "100", "--out", dir.appendingPathComponent("r").path, "--quiet"] + cards)
      #expect(result.status == 2, "\(text)")
      #expect(result.stderr.hasPrefix("sealed: error: \(path)"), "\(result.stderr)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r").path))
    let unknown = try SealedExecutable.run(["check", "war", "--spec", "nonsense"] + cards)
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown spec \"nonsense\""))
    let retail = try SealedExecutable.run(["check", "war", "--rules", "retail", "--spec", "sealed", "--pools", "100"] + cards)
    #expect(retail.status == 2)
    #expect(retail.stderr.contains("independent boosters"))
  }
}
