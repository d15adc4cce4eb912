import Foundation
import SealedSupport
import SealedDecks
import SealedJobs
import Testing

/// The hand's odds have one home, `HandJob`, which `sealed hand` and the app's Sample hand
/// both use: a deck too small for a hand is refused in one line with the caller's remedy, the
/// odds are the hypergeometric ones, and the hands are `SampleHand`'s for the seed.
@Suite struct HandJobTests {
  /// A deck of war seed 1's pool: `lands` Islands and the first `nonlands` cards of the pool.
  func deck(lands: Int, nonlands: Int) throws -> Deck {
    let loaded = try PlanSource(set: "war").load()
    let opened = OpenJob(loaded: loaded, seed: 1).pools(1)[0]
    let pool = SavedPool(opened: opened, plan: loaded.plan, seed: 1, setCards: loaded.set.cards, toolVersion: "test")
    var deck = Deck(name: "alice", pool: pool, poolName: "alice")
    for entry in deck.cards { try deck.remove(entry.card, count: entry.copies) }
    let island = try #require(deck.choices.first { $0.name == "Island" && deck.opened($0) == nil })
    if lands > 0 { try deck.add(island, count: lands) }
    var added = 0
    for card in deck.choices where added < nonlands && !card.isLand {
      let copies = min(deck.opened(card) ?? 0, nonlands - added)
      guard copies > 0 else { continue }
      try deck.add(card, count: copies)
      added += copies
    }
    #expect(deck.size == lands + nonlands)
    return deck
  }

  @Test func aDeckSmallerThanAHandIsRefusedWithTheCallersRemedy() throws {
    let small = try deck(lands: 2, nonlands: 4)
    #expect(throws: DataError("deck alice has 6 cards; a hand needs at least 7 (click cards to add them)")) {
      try HandJob(deck: small, seed: 1, addCards: "click cards to add them")
    }
  }

  @Test func theOddsAreHypergeometricAndTheHandsSampleHands() throws {
    let deck = try deck(lands: 17, nonlands: 23)
    let job = try HandJob(deck: deck, seed: 3, draws: 5, addCards: "unused")
    #expect(job.cards.count == 40 && job.lands == 17)
    let outcome = try job.run()
    // C(17,3) C(23,4) / C(40,7) = 6 021 400 / 18 643 560, exact fractions.
    #expect(abs(outcome.opening[3] - 6_021_400.0 / 18_643_560.0) < 1e-12)
    #expect(abs(outcome.opening.reduce(0, +) - 1) < 1e-12)
    // Turn 3 on the play sees 9 cards: P(at least 3 lands) = 1 - 42 493 880 / 273 438 880.
    let cell = try #require(outcome.table.first { $0.lands == 3 && $0.turn == 3 })
    #expect(abs(cell.onThePlay - (1 - 42_493_880.0 / 273_438_880.0)) < 1e-12)
    #expect(outcome.table.count == 12)
    #expect(outcome.hands.count == 5 && outcome.hands.allSatisfy { $0.count == 7 })
    #expect(outcome.hands.map { $0.map(\.id) } == SampleHand.hands(of: deck, count: 5, seed: 3).map { $0.map(\.id) })
    #expect(try job.run().hands.map { $0.map(\.id) } == outcome.hands.map { $0.map(\.id) }, "the same seed deals the same hands")
  }
}
