import SealedSupport
import SealedStats
import SealedDecks

/// Sample opening hands of a deck and the exact odds of lands: what `sealed hand` prints and
/// the app's Sample hand shows, gathered here once. The hands come from `SampleHand` (the same
/// seed deals the same hands), the odds from `OpeningHandOdds` (GSL's hypergeometric
/// distribution): the chance of 0 to 7 lands in the opening hand, and of at least k lands
/// among the cards seen by turns 2, 3 and 4, on the play and on the draw.
package struct HandJob: Sendable {
  /// What the job gives: the hands and the odds.
  package struct Outcome: Sendable {
    /// Each hand's cards, in the deck's order.
    package let hands: [[PoolCard]]
    /// P(k lands in the opening hand), k = 0...7.
    package let opening: [Double]
    /// P(at least k lands by turn T), on the play and on the draw.
    package let table: [OpeningHandOdds.Cell]
  }

  package let deck: Deck
  package let seed: UInt64
  /// Hands to draw.
  package let draws: Int
  /// The deck's cards, one per copy.
  package let cards: [PoolCard]
  /// Lands among them (a card whose front face is a Land).
  package let lands: Int
  /// The distribution the odds come from (deck size, lands, hand size).
  package let odds: OpeningHandOdds

  /// A job drawing `draws` hands of `deck` from `seed`. Throws, in one line, for a deck of
  /// fewer cards than a hand, saying how to add cards with `addCards` (the command's or the
  /// page's way: `add cards with 'sealed deck add NAME CARD'`). Cost: the deck's cards listed.
  package init(deck: Deck, seed: UInt64, draws: Int = 1, addCards: String) throws(DataError) {
    let cards = deck.expandedCards
    guard cards.count >= SampleHand.handSize else {
      throw DataError("deck \(deck.name) has \(counted(cards.count, "card")); a hand needs at least \(SampleHand.handSize) (\(addCards))")
    }
    let lands = cards.filter(\.isLand).count
    do {
      odds = try OpeningHandOdds(deckSize: cards.count, lands: lands, handSize: SampleHand.handSize)
    } catch {
      throw DataError("cannot compute the odds for deck \(deck.name): \(error)")
    }
    self.deck = deck
    self.seed = seed
    self.draws = draws
    self.cards = cards
    self.lands = lands
  }

  /// Draws the hands and computes the odds. Cost: one shuffle prefix per hand, 8 + 24 GSL
  /// probabilities.
  package func run() throws(DataError) -> Outcome {
    let opening: [Double]
    let table: [OpeningHandOdds.Cell]
    do {
      opening = try odds.openingHand()
      table = try odds.table()
    } catch {
      throw DataError("cannot compute the odds for deck \(deck.name): \(error)")
    }
    return Outcome(hands: SampleHand.hands(of: deck, count: draws, seed: seed), opening: opening, table: table)
  }
}
