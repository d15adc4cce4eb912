import Foundation
@testable import SealedSupport
@testable import SealedCards
@testable import SealedRules
@testable import SealedEngine
@testable import SealedAnalysis
@testable import SealedVerdicts
@testable import SealedStats
@testable import SealedAudit
import SealedTestSupport
import Testing

/// Cards are flagged by an exact binomial tail, not by a normal residual bound, which is not
/// valid at expectations of a few copies.
@Suite struct CardTailsTests {
  /// An audit of 36 boosters: a rare seen 4 times where 0.75 copies are expected. Its normal
  /// residual (4 − 0.75)/√0.75 = 3.75 lies beyond the Bonferroni bound 3.23 at alpha 0.01 over
  /// 8 cards, yet the exact tail is 0.00297, far above alpha / 16: not flagged.
  /// Reference values from scipy 1.17: binom.sf(3, 6, 1/8) = 0.00296783447265625,
  /// norm.isf(0.00296783447265625) = 2.7513141531296235, norm.isf(0.01/16) = 3.2272184259631564.
  @Test func aFewCopiesOfARareCardAreNotFlaggedByTheNormalBound() throws {
    let tails = try CardTails.compute(observed: [4, 1, 0, 0, 1, 0, 0, 0], expected: Array(repeating: 0.75, count: 8), alpha: 0.01)
    let rare = try #require(tails[0])
    #expect(abs(rare.p - 0.00296783447265625) < 1e-15)
    #expect(abs(rare.score - 2.7513141531296235) < 1e-9)
    #expect(abs(rare.limit - 3.2272184259631564) < 1e-9)
    #expect(!rare.flagged)
    #expect((4 - 0.75) / 0.75.squareRoot() > rare.limit)  // what the old page flagged on
    // Cards at or below their expectation with a large tail score 0.
    #expect(tails[1]?.score == 0)
    #expect(tails.allSatisfy { $0?.flagged == false })
  }

  /// Many copies: 101 equally likely cards, one seen 720 and one 520 times where about 594 are
  /// expected (n = 60046). scipy: binom.sf(719, 60046, 1/101) = 2.9656726087206613e-07,
  /// norm.isf of it = 4.993439238250868; binom.cdf(520, 60046, 1/101) = 0.0009355208240514797,
  /// norm.isf of it = 3.109973444085869; norm.isf(0.001/202) = 4.419324469575257.
  @Test func largeCountsUseTheExactBinomialTailInBothDirections() throws {
    let observed = [720, 520] + Array(repeating: 594, count: 99)
    let tails = try CardTails.compute(observed: observed, expected: Array(repeating: 1, count: 101), alpha: 0.001)
    let high = try #require(tails[0])
    let low = try #require(tails[1])
    #expect(abs(high.p / 2.9656726087206613e-07 - 1) < 1e-8)
    #expect(abs(high.score - 4.993439238250868) < 1e-7)
    #expect(high.flagged)
    #expect(abs(low.p / 0.0009355208240514797 - 1) < 1e-8)
    #expect(abs(low.score + 3.109973444085869) < 1e-7)
    #expect(!low.flagged)
    #expect(abs(high.limit - 4.419324469575257) < 1e-9)
  }

  @Test func aCardNeverExpectedHasNoTailAndACountOfZeroIsNotSurprisingAlone() throws {
    let tails = try CardTails.compute(observed: [0, 3, 3], expected: [0, 3, 3], alpha: 0.05)
    #expect(tails[0] == nil)
    #expect(tails[1]?.flagged == false)
    #expect(throws: StatisticsError.self) { try CardTails.compute(observed: [1], expected: [1, 2], alpha: 0.05) }
  }

  /// The page is one family: two groups of 8 cards share the Bonferroni level alpha / (2·16).
  /// scipy: norm.isf(0.01/32) = 3.4205267011318723.
  @Test func everyGroupOfAPageSharesOneFamilyWiseLevel() throws {
    let group = CardTails.Group(observed: [4, 1, 0, 0, 1, 0, 0, 0], expected: Array(repeating: 0.75, count: 8), alpha: 0.01)
    let tails = try CardTails.compute([group, group])
    #expect(tails.count == 2)
    #expect(tails.joined().allSatisfy { abs(($0?.limit ?? 0) - 3.4205267011318723) < 1e-9 })
  }

  /// The page flags a card when the CSV's `flagged` says so: under correct rules, over 200
  /// seeds, an audit of 36 boosters and one of 500 (sealed pools of war, drawn by the engine)
  /// flag a card in at most alpha of the runs, for every sheet and claim together.
  @Test(.heavy, arguments: [6, 84])
  func correctRulesFlagACardInAtMostAlphaOfTheRuns(pools: Int) throws {
    let alpha = 0.05
    let set = try ShippedData.set("war")
    let plan = try PlanCompiler.compile(RuleSetLoader.builtIn("sealed"), for: set, spec: SpecLoader.builtIn("sealed"))
    let catalog = AuditCatalog(plan: plan, set: set, identity: .printingAndFinish)
    let lanes = AuditLanes(catalog: catalog)
    let expectations = try Expectations(plan: plan)
    var flaggedRuns = 0
    var normalRuns = 0
    for seed in 1...200 {
      var accumulator = ContentAccumulator(catalog: catalog, lanes: lanes)
      for pool in Simulation.openPools(plan, seed: UInt64(seed), count: pools) {
        for (index, booster) in pool.boosters.enumerated() {
          let classes = try booster.map { entry in try Self.resolve(entry, catalog) }
          let cards = Dictionary(classes.map { ($0, 1) }, uniquingKeysWith: +)
          accumulator.add(cards.map { (cls: $0.key, copies: $0.value) }, kind: pool.mythicBooster == index ? 0 : 1, grouping: .grouped)
        }
      }
      var findings = BoosterFindings(kinds: plan.kinds)
      for _ in 0..<(pools * 6) { findings.record(booster: "b", line: 1, size: 14, outside: [], repeats: false, verdict: nil) }
      let input = AuditInput(
        catalog: catalog, lanes: lanes, expectations: expectations, observed: accumulator.counts, findings: findings,
        grouping: .grouped, alpha: alpha, resamples: 0, seed: UInt64(seed), threads: 1)
      let table = try AuditRun(input, null: { _, _ in [] }).frequencyTable
      #expect(table.rows.count > 200)
      if table.rows.contains(where: { $0.tail?.flagged == true }) { flaggedRuns += 1 }
      if try Self.flaggedByNormalBounds(table, alpha: alpha) { normalRuns += 1 }
    }
    #expect(Double(flaggedRuns) <= alpha * 200, "\(flaggedRuns) of 200 runs flagged a card")
    // What the page did before: a residual beyond its group's normal Bonferroni bound.
    if pools == 6 { #expect(Double(normalRuns) > alpha * 200, "\(normalRuns) of 200 runs by the normal bound") }
  }

  /// The old rule: some card's residual beyond ±z(alpha / 2K) for the K cards of its group.
  static func flaggedByNormalBounds(_ table: GroupFrequency, alpha: Double) throws -> Bool {
    let sizes = Dictionary(table.rows.map { ($0.group, 1) }, uniquingKeysWith: +)
    return try table.rows.contains { row in
      guard let value = row.residual else { return false }
      return abs(value) >= (try Distributions.normalUpperQuantile(alpha / (2 * Double(sizes[row.group]!))))
    }
  }

  static func resolve(_ entry: OpenedPool.Entry, _ catalog: AuditCatalog) throws -> Int {
    let resolution = try catalog.resolve(
      setCode: entry.card.setCode, number: entry.card.collectorNumber.text, name: entry.card.name, foil: entry.foil
    ) { (_: String, _: String) throws(DataError) -> Card? in nil }
    guard case .card(let cls) = resolution else { throw DataError("\(entry.card.name) did not resolve") }
    return cls
  }
}
