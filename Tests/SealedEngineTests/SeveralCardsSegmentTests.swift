import SealedSupport
import SealedRules
@testable import SealedEngine
import SealedTestSupport
import Testing

/// A draw of several cards from a weighted sheet that the batches cannot take is a segment of
/// its own on the fast path (`Segment.several`, generator version 5): distinct cards of a sheet
/// stored as a weight table (whole weights), or any cards of one stored as an alias table
/// (weights such as 0.5), each card drawn on its own and, in a distinct draw, drawn again while
/// the draw already holds it (`SeveralCardsSheet`; its draws against the exact inclusions are
/// in `SeveralCardsExpectationTests`).
@Suite struct SeveralCardsSegmentTests {
  @Test(arguments: [(false, true), (true, true), (true, false)])
  func theDrawIsASegmentOfTheFastPath(_ byAlias: Bool, _ distinct: Bool) throws {
    let tables = EngineTables(plan: try SeveralCardsSheet.plan(byAlias: byAlias, distinct: distinct))
    #expect(tables.allProgramsUsePicks)
    #expect(
      tables.segments.elements.contains { $0.several && $0.byAlias == byAlias && $0.distinct == distinct && $0.extras == 3 })
  }

  @Test(arguments: [false, true])
  func everyBoosterHoldsThreeDifferentCards(_ byAlias: Bool) throws {
    for pool in Simulation.openPools(try SeveralCardsSheet.plan(byAlias: byAlias), seed: 4, count: 500) {
      for booster in pool.boosters {
        #expect(booster.count == 3)
        #expect(Set(booster.map(\.card.key)).count == 3)
      }
    }
  }
}
