import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedStats
@testable import SealedStats
import SealedTestSupport
import Testing

/// `sealed check --plan` sizes every statistical check the run makes: the rules' slot rarity
/// mixes and sheet frequencies as well as events, mythic distributions and spec claims.
@Suite struct CheckPlanTests {
  func plan(_ set: String, _ rules: String, spec: Bool) throws -> (BoosterPlan, Expectations, CheckPlan) {
    let definition = try RuleSetLoader.builtIn(rules)
    let plan = try PlanCompiler.compile(definition, for: ShippedData.set(set), spec: spec ? SpecLoader.builtIn("sealed") : nil)
    let expectations = try Expectations(plan: plan)
    let sample = Simulation.run(.init(plan: plan, pools: 4096, seed: 1, threads: 1)).tally
    let checkPlan = try CheckPlan(
      plan: plan, expectations: expectations, alpha: 0.001, deviation: 0.02, power: 0.9,
      sample: CheckRun(plan: plan, expectations: expectations, tally: sample, alpha: 0.001))
    return (plan, expectations, checkPlan)
  }

  /// The plan's rows are the statistical checks of a real run of another size, one for one.
  @Test(.heavy, arguments: [("war", "sealed", true), ("war", "retail", false), ("war", "mtgwtf", false), ("dom", "retail", true), ("grn", "sealed", false)])
  func thePlanHasARowForEveryTestTheRunMakes(set: String, rules: String, spec: Bool) throws {
    let (plan, expectations, checkPlan) = try plan(set, rules, spec: spec)
    let tally = Simulation.run(.init(plan: plan, pools: 20000, seed: 7, threads: 2)).tally
    let run = try CheckRun(plan: plan, expectations: expectations, tally: tally, alpha: 0.001)
    let tested = run.checks.filter { $0.pValue != nil }.map(\.name)
    #expect(checkPlan.rows.map(\.name).sorted() == tested.sorted())
    #expect(checkPlan.tests == tested.count)
    #expect(checkPlan.rows.allSatisfy { $0.pools != nil })
  }

  /// A product whose variants differ in size (woe's Set Booster: 12 or 13 cards, and more with
  /// The List) has a "booster sizes" check; the plan sizes it as the multinomial it is, where it
  /// once stopped with "has no design to plan by".
  @Test func boosterSizesArePlannedToo() throws {
    let (_, plan) = try ShippedData.productPlan("woe-set")
    let expectations = try Expectations(plan: plan)
    let sample = Simulation.run(.init(plan: plan, pools: 4096, seed: 1, threads: 1)).tally
    let run = try CheckRun(plan: plan, expectations: expectations, tally: sample, alpha: 0.001)
    #expect(run.checks.contains { $0.name == "booster sizes" && $0.pValue != nil })
    let checkPlan = try CheckPlan(plan: plan, expectations: expectations, alpha: 0.001, deviation: 0.02, power: 0.9, sample: run)
    let row = try #require(checkPlan.row("booster sizes"))
    #expect(row.test == .chiSquare && row.pools != nil && row.trialsPerPool == 6, "\(row)")
  }

  /// Under retail the foil sheet (hundreds of weighted cards, 1.35 foils per pool) needs far
  /// more pools than any event: --plan said 2137 (the events' largest) before it sized sheets.
  @Test func retailIsSizedByItsFoilSheet() throws {
    let (_, _, checkPlan) = try plan("war", "retail", spec: false)
    let largest = try #require(checkPlan.largest)
    #expect(largest.name == "sheet foil: cards in proportion to weight")
    #expect((largest.pools ?? 0) > 1_000_000)
    #expect(checkPlan.row("slot common: rarity mix") != nil)
    #expect(checkPlan.row("mythics per pool") != nil)
    let events = checkPlan.rows.filter { $0.test == .binomial }.compactMap(\.pools).max() ?? 0
    #expect(events < 3000)
  }

  /// The least detectable cell's noncentrality per count in closed form, checked against the
  /// sum Σ (p1 − p0)² / p0 written out, and the foil sheet's pools against scipy:
  /// with the sheet's df, level 0.001/15 and noncentrality P · 1.35 · q(r−1)²(1−q)/(1+(r−1)q)²
  /// / dispersion, `ncx2.sf(chi2.isf(level, df), df, λ)` first reaches 0.9 at the row's pools.
  @Test func leastDetectableCellMatchesTheSumWrittenOut() throws {
    let shares = [0.5, 0.3, 0.15, 0.05]
    let ratio = 1.2
    let cell = try #require(CheckPlan.leastDetectable(shares, ratio: ratio))
    var smallest = Double.infinity
    for hot in shares.indices {
      let scale = 1 + (ratio - 1) * shares[hot]
      let sum = shares.indices.reduce(0.0) { total, i in
        let p1 = shares[i] * (i == hot ? ratio : 1) / scale
        return total + (p1 - shares[i]) * (p1 - shares[i]) / shares[i]
      }
      smallest = min(smallest, sum)
    }
    #expect(abs(cell.perDraw - smallest) < 1e-15)
    #expect(cell.share == 0.05)
  }

  /// A distribution over counts keeps its tail out of the plan: six mythics in a retail pool
  /// (about 6e-12) is pooled with its neighbours, so mythics per pool needs a feasible run.
  @Test func aDistributionsTailIsPooledAsTheTestPoolsIt() throws {
    let bins = CheckPlan.pooledShares([0.4, 0.35, 0.2, 0.045, 0.004, 0.001], pooling: .adjacent)
    #expect(bins.count == 4)
    #expect(abs(bins.reduce(0, +) - 1) < 1e-12)
    #expect(bins.min()! >= 0.01)
    #expect(CheckPlan.pooledShares([0.5, 0.001, 0.499], pooling: .unordered).count == 3)
  }
}
