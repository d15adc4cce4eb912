import SealedRules
import SealedEngine
import SealedAnalysis
import SealedCards
@testable import SealedStats
import SealedTestSupport
import Testing

/// A slot's rarities in fixed shares are held in whole numbers: a share times a total in floating
/// point can fall short of a correct count (0.7 × 90 is 62.99999999999999, which made a run
/// holding 63 cards of that rarity one card over its share).
@Suite struct FixedSharesTests {
  @Test func sharesAreHeldInWholeNumbers() throws {
    #expect(0.7 * 90.0 < 63, "the floating-point product this guards against")
    let plan = try ShippedData.plan("war")
    let tally = Simulation.run(.init(plan: plan, pools: 10, seed: 1, threads: 1)).tally
    let context = CheckContext(plan: plan, expectations: try Expectations(plan: plan), tally: tally, builder: CheckBuilder(alpha: 0.001))
    let checks = RuleChecks(context: context)
    let shares = (counts: [Rarity.common: 7, .uncommon: 3], total: 10)
    let exact = checks.fixedSharesInvariant(slot: 0, shares: shares, observed: [.common: 63, .uncommon: 27], total: 90)
    #expect(exact.passed && exact.observed == 0, "\(exact.detail)")
    let over = checks.fixedSharesInvariant(slot: 0, shares: shares, observed: [.common: 64, .uncommon: 26], total: 90)
    #expect(over.failed && over.observed == 1)
    let foreign = checks.fixedSharesInvariant(slot: 0, shares: shares, observed: [.common: 63, .uncommon: 25, .rare: 2], total: 90)
    #expect(foreign.failed && foreign.observed == 2 && foreign.name.contains("(common 0.7, uncommon 0.3)"), "\(foreign.name)")
  }
}
