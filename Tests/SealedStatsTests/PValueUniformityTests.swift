import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedStats
@testable import SealedStats
import SealedTestSupport
import Testing

/// Under correct rules every check's p-value is uniform on [0, 1]: neither piled towards 1
/// (power lost, as the spec's uniformity claims were without a dispersion correction) nor
/// towards 0 (false alarms). 200 seeds per check, Kolmogorov–Smirnov p > 0.01.
@Suite(.heavy) struct PValueUniformityTests {
  /// p-values of every statistical check over seeds 1...200, by check name. Spec claims are
  /// also computed alone (`spec alone: ` + name), as they are when the rules do not state them.
  func pValues(_ plan: BoosterPlan, pools: Int, seeds: Int = 200) throws -> [String: [Double]] {
    let expectations = try Expectations(plan: plan)
    var result: [String: [Double]] = [:]
    for seed in 1...seeds {
      let tally = Simulation.run(.init(plan: plan, pools: pools, seed: UInt64(seed), threads: 2)).tally
      let run = try CheckRun(plan: plan, expectations: expectations, tally: tally, alpha: 0.001)
      for check in run.checks { if let p = check.pValue { result[check.name, default: []].append(p) } }
      let alone = try SpecChecks(context: CheckContext(plan: plan, expectations: expectations, tally: tally, builder: CheckBuilder(alpha: 0.001))).all()
      for check in alone { if let p = check.pValue { result["spec alone: " + check.name, default: []].append(p) } }
    }
    return result
  }

  func expectUniform(_ pValues: [String: [Double]]) throws {
    for (name, values) in pValues.sorted(by: { $0.key < $1.key }) {
      let test = try KolmogorovSmirnov(uniform: values)
      #expect(test.pValue > 0.01, "\(name): KS D \(test.statistic), p \(test.pValue)")
    }
  }

  @Test(.heavy) func warUnderSealedWithTheArticlesSpec() throws {
    let plan = try PlanCompiler.compile(RuleSetLoader.builtIn("sealed"), for: ShippedData.set("war"), spec: SpecLoader.builtIn("sealed"))
    let values = try pValues(plan, pools: 5000)
    // The 10 tests of the run, and the same 10 claims of the spec computed alone.
    #expect(values.count == 20, "\(values.keys.sorted())")
    #expect(values.values.allSatisfy { $0.count == 200 })
    try expectUniform(values)
  }

  /// Retail as printed: colour-balanced commons (their first-order dispersion is the distinct
  /// draw's, since every card keeps its indicator variance), foils, weighted sheets.
  @Test(.heavy) func warUnderRetailAsPrinted() throws {
    let plan = try PlanCompiler.compile(RuleSetLoader.builtIn("retail"), for: ShippedData.set("war"), spec: nil)
    let values = try pValues(plan, pools: 2000)
    #expect(values["sheet common: cards equally likely"]?.count == 200)
    #expect(values["sheet foil: cards in proportion to weight"]?.count == 200)
    try expectUniform(values)
  }

  /// The quirks of the other sets: dom's legendary uncommon, grn's and rna's guildgate.
  @Test(.heavy, arguments: ["dom", "grn"])
  func otherSetsUnderSealed(_ set: String) throws {
    let plan = try PlanCompiler.compile(RuleSetLoader.builtIn("sealed"), for: ShippedData.set(set), spec: SpecLoader.builtIn("sealed"))
    let values = try pValues(plan, pools: 2000)
    #expect(values.count >= 10, "\(values.keys.sorted())")
    try expectUniform(values)
  }

  /// Weighted distinct draws ("successive sampling"): 10 commons from a sheet that favours low
  /// collector numbers by 1%, checked against the rules' own weights.
  @Test(.heavy) func weightedDistinctDraws() throws {
    let text = try String(contentsOfFile: BundledResourcesPath.rules("sealed"), encoding: .utf8).replacingOccurrences(
      of: "  common:   { rarity: common, type_excludes: Basic Land }",
      with: "  common:   { rarity: common, type_excludes: Basic Land, weights: [{ collector_numbers: 1-132, weight: 1.5 }] }")
    let plan = try PlanCompiler.compile(RuleSetLoader.parse(text, source: "weighted.yaml"), for: ShippedData.set("m19"), spec: nil)
    let values = try pValues(plan, pools: 2000)
    let sheet = try #require(values["sheet common: cards in proportion to weight"])
    try expectUniform(["sheet common: cards in proportion to weight": sheet])
  }

  /// The dispersions are the exact ones: (n − k)/(n − 1) for k distinct of n equally likely.
  @Test func dispersionOfTenDistinctCommonsOfOneHundredAndOne() throws {
    let plan = try PlanCompiler.compile(RuleSetLoader.builtIn("sealed"), for: ShippedData.set("war"), spec: nil)
    let expectations = try Expectations(plan: plan)
    let commons = plan.cards.indices.filter { plan.cards[$0].rarity == .common && !plan.cards[$0].typeLine.contains("Basic Land") }
    #expect(commons.count == 101)
    let dispersion = try #require(expectations.uniformClaimDispersion(cards: commons))
    #expect(abs(dispersion - 91.0 / 100.0) < 1e-12, "\(dispersion)")
  }
}
