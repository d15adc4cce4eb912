import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedTestSupport
import Testing

/// The segments of several cards (generator version 5) against exact fractions: on
/// `SeveralCardsSheet`, whose weights make a repeat likely, a draw that kept repeats, or
/// rejected them wrongly, would be far from the exact inclusions.
@Suite struct SeveralCardsExpectationTests {
  /// The expectations are the exact fractions, and the engine's copies over 240,000 boosters
  /// sit within 5 standard deviations of them (a card's copies vary less than Poisson's).
  @Test(arguments: [(false, true), (true, true), (true, false)])
  func theEngineDrawsTheExactInclusions(_ byAlias: Bool, _ distinct: Bool) throws {
    let plan = try SeveralCardsSheet.plan(byAlias: byAlias, distinct: distinct)
    let expectations = try Expectations(plan: plan)
    let exact = SeveralCardsSheet.exactInclusion(distinct: distinct)
    let pools = 40_000
    let tally = Simulation.run(.init(plan: plan, pools: pools, seed: 9, threads: 2)).tally
    let boosters = Double(pools * plan.boostersPerPool)
    for (ordinal, card) in plan.cards.enumerated() {
      let index = Int(card.collectorNumber.text)! - 1
      let inclusion = exact[index].doubleValue
      #expect(abs(expectations.cardsPerBoosterByKind[0][ordinal] - inclusion) < 1e-12, "card \(index + 1)")
      let expected = inclusion * boosters
      #expect(abs(Double(tally.cardCopies[ordinal]) - expected) < 5 * expected.squareRoot(), "card \(index + 1)")
    }
  }
}
