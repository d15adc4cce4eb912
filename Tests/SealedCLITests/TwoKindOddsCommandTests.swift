import Foundation
import SealedTestSupport
import Testing

/// `sealed check` with rules whose pools have a mythic booster and a spec of `odds:` claims the
/// data decides exactly (`TwoKindRules`): each claim is two rows, the data's exact share
/// against the stated figure and the simulation against that share, counted over every booster
/// as the exact share weighs the two kinds. A figure the data contradicts fails exactly.
@Suite struct TwoKindOddsCommandTests {
  static func checks(held: String) throws -> [String: String] {
    let dir = try Fixtures.temporaryDirectory("two-kinds")
    let rules = try Fixtures.write(TwoKindRules.rules, to: "two-kinds.yaml", in: dir)
    let spec = try Fixtures.write(TwoKindRules.spec(held: held), to: "spec.yaml", in: dir)
    let out = dir.appendingPathComponent("out")
    let result = try SealedExecutable.run(
      ["check", "war", "--rules", rules, "--spec", spec, "--pools", "20000", "--seed", "3", "--quiet", "--out", out.path])
    #expect(result.status == (held == "50%" ? 0 : 1), "\(result.stdout)\(result.stderr)")
    let lines = try String(contentsOf: out.appendingPathComponent("checks.csv"), encoding: .utf8).split(separator: "\n")
    var rows: [String: String] = [:]
    for line in lines { rows[String(line.prefix { $0 != "," })] = String(line) }
    return rows
  }

  @Test func exactSharesOverBothKindsPassAndTheSimulationAgrees() throws {
    let rows = try Self.checks(held: "50%")
    for (claim, share) in [("held", "1/2"), ("slot", "1/8"), ("sheet", "1/6")] {
      let data = try #require(rows[claim], "no row \(claim)")
      #expect(data.contains(",pass,") && data.contains(share), "\(data)")
      let engine = try #require(rows[claim + " (engine)"], "no engine row for \(claim)")
      #expect(engine.contains(",pass,") && engine.contains(share), "\(engine)")
    }
  }

  @Test func aFigureTheDataContradictsFailsExactly() throws {
    let rows = try Self.checks(held: "60%")
    let data = try #require(rows["held"])
    #expect(data.contains(",fail,") && data.contains("1/2"), "\(data)")
    #expect(try #require(rows["held (engine)"]).contains(",pass,"))
  }
}
