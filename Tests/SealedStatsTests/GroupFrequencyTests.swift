import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedStats
@testable import SealedStats
import SealedTestSupport
import Testing

/// `sheet_frequency.csv`: each card's standardised residual within its sheet.
@Suite struct GroupFrequencyTests {
  /// The squares of a sheet's residuals add up to the statistic of the sheet's chi-square check,
  /// so the residual strip shows exactly what that check tests.
  @Test(arguments: ["sealed", "retail"])
  func residualsSquaredAddUpToTheSheetCheck(_ rules: String) throws {
    let plan = try ShippedData.plan("war", rules: rules)
    let expectations = try Expectations(plan: plan)
    let tally = Simulation.run(.init(plan: plan, pools: 8_000, seed: 4, threads: 2)).tally
    let frequency = GroupFrequency.sheets(plan: plan, expectations: expectations, tally: tally)
    let checks = try CheckRun(plan: plan, expectations: expectations, tally: tally, alpha: 0.001).checks
    var compared = 0
    for sheet in plan.sheets where sheet.cards.count > 1 {
      let rows = frequency.rows.filter { $0.group == sheet.name }
      #expect(rows.count == sheet.cards.count)
      let check = try #require(checks.first { $0.name.hasPrefix("sheet \(sheet.name):") })
      guard !check.detail.contains("pooled") else { continue }  // pooling changes the statistic
      let sum = rows.reduce(0.0) { $0 + ($1.residual ?? 0) * ($1.residual ?? 0) }
      let statistic = try #require(check.statistic)
      #expect(abs(sum - statistic) <= 1e-9 * max(1, statistic), "sheet \(sheet.name): \(sum) vs \(statistic)")
      #expect(rows.reduce(0) { $0 + $1.observed } == check.n)
      compared += 1
    }
    #expect(compared >= 3)
  }

  /// Also for distinct draws from a weighted sheet, whose dispersion is not (n − k)/(n − 1).
  @Test func residualsOfAWeightedDistinctDrawAddUpToTheSheetCheck() throws {
    let yaml = try String(contentsOfFile: BundledResourcesPath.rules("sealed"), encoding: .utf8)
      .replacingOccurrences(
        of: "common:   { rarity: common, type_excludes: Basic Land }",
        with: "common:   { rarity: common, type_excludes: Basic Land, weights: [{ collector_numbers: 1-132, weight: 1.5 }] }")
    let plan = try ShippedData.plan("m19", yaml: yaml)
    let expectations = try Expectations(plan: plan)
    let tally = Simulation.run(.init(plan: plan, pools: 4_000, seed: 5, threads: 2)).tally
    let rows = GroupFrequency.sheets(plan: plan, expectations: expectations, tally: tally).rows.filter { $0.group == "common" }
    let check = try #require(
      try CheckRun(plan: plan, expectations: expectations, tally: tally, alpha: 0.001).checks
        .first { $0.name == "sheet common: cards in proportion to weight" })
    #expect(!check.detail.contains("pooled"))
    let sum = rows.reduce(0.0) { $0 + ($1.residual ?? 0) * ($1.residual ?? 0) }
    #expect(abs(sum - (check.statistic ?? -1)) <= 1e-9 * max(1, sum), "\(sum) vs \(String(describing: check.statistic))")
  }

  /// One card with 30% more weight stands out: its residual is the sheet's largest by far.
  @Test func aBiasedCardHasTheLargestResidual() throws {
    let yaml = try String(contentsOfFile: BundledResourcesPath.rules("sealed"), encoding: .utf8)
      .replacingOccurrences(
        of: "common:   { rarity: common, type_excludes: Basic Land }",
        with: "common:   { rarity: common, type_excludes: Basic Land, weights: [{ collector_numbers: 42, weight: 1.3 }] }")
    let plan = try ShippedData.plan("war", yaml: yaml)
    // The expectations of the correct rules, against which the biased run is judged.
    let truth = try ShippedData.plan("war")
    let tally = Simulation.run(.init(plan: plan, pools: 20_000, seed: 2, threads: 2)).tally
    let rows = GroupFrequency.sheets(plan: truth, expectations: try Expectations(plan: truth), tally: tally).rows.filter { $0.group == "common" }
    let worst = try #require(rows.max { abs($0.residual ?? 0) < abs($1.residual ?? 0) })
    #expect(truth.cards[worst.card].collectorNumber.text == "42")
    #expect((worst.residual ?? 0) > 10)
  }

  /// The same for the spec's "equally likely" claims and their chi-square checks.
  @Test func claimResidualsSquaredAddUpToTheClaimCheck() throws {
    let plan = try PlanCompiler.compile(RuleSetLoader.builtIn("sealed"), for: ShippedData.set("war"), spec: SpecLoader.builtIn("sealed"))
    let tally = Simulation.run(.init(plan: plan, pools: 5_000, seed: 6, threads: 2)).tally
    let expectations = try Expectations(plan: plan)
    let rows = GroupFrequency.claims(plan: plan, expectations: expectations, tally: tally).rows
    // The claims' own checks (in a run, a claim the rules state too shares the rules' row).
    let checks = try SpecChecks(context: CheckContext(plan: plan, expectations: expectations, tally: tally, builder: CheckBuilder(alpha: 0.001))).all()
    let claims = Set(rows.map(\.group))
    #expect(claims.count >= 3)
    for claim in claims {
      let check = try #require(checks.first { $0.name == claim })
      let sum = rows.filter { $0.group == claim }.reduce(0.0) { $0 + ($1.residual ?? 0) * ($1.residual ?? 0) }
      #expect(abs(sum - (check.statistic ?? -1)) <= 1e-9 * max(1, sum), "\(claim)")
    }
  }
}
