import SealedSupport
import SealedStats
import SealedDecks
import SealedJobs

/// A sample opening hand and the exact odds of lands, as `sealed hand NAME --seed S --format
/// json` gives them (the same hand for the same deck and seed), with each probability also as
/// `sealed hand` prints it.
struct HandView: Encodable, Sendable {
  struct Probability: Encodable, Sendable {
    var lands: Int
    var probability: Double
    /// `  32.30 %`, as `sealed hand` prints it.
    var percent: String
  }

  struct AtLeast: Encodable, Sendable {
    var lands: Int
    var turn: Int
    var cards_seen_on_the_play: Int
    var cards_seen_on_the_draw: Int
    var on_the_play: Double
    var on_the_draw: Double
    var on_the_play_percent: String
    var on_the_draw_percent: String
  }

  var deck: String
  var seed: SeedText
  var deck_size: Int
  var lands: Int
  var hand_size: Int
  /// London mulligans taken before this hand: it is hand `mulligans + 1` of `sealed hand DECK
  /// --seed SEED --draws (mulligans + 1)`, and the player puts `mulligans` of its cards on the
  /// bottom, keeping `keep`.
  var mulligans: Int
  var keep: Int
  var hand: [CardView]
  var hand_lands: Int
  var opening_hand: [Probability]
  var at_least: [AtLeast]

  /// Mulligans the page may take: after six, a hand keeps one card.
  static let maximumMulligans = 6

  /// The hand of `deck` drawn from `seed` after `mulligans` London mulligans (each a new hand of
  /// seven: `sealed hand`'s next hand of the same seed) and the land odds of an opening hand,
  /// by the run layer's `HandJob` (as `sealed hand` draws and computes them). Refused (422) for
  /// a deck of fewer than seven cards. Cost: `mulligans + 1` hands drawn.
  init(_ deck: Deck, seed: SeedText, mulligans: Int = 0) throws(APIError) {
    let job = try APIError.refusing {
      try HandJob(deck: deck, seed: seed.value, draws: mulligans + 1, addCards: "add cards by clicking them in the pool")
    }
    let outcome = try APIError.refusing { try job.run() }
    let odds = job.odds
    let hand = outcome.hands[mulligans]
    self.deck = deck.name
    self.seed = seed
    deck_size = job.cards.count
    lands = job.lands
    hand_size = odds.handSize
    self.mulligans = mulligans
    keep = odds.handSize - mulligans
    self.hand = hand.map(CardView.init)
    hand_lands = hand.filter(\.isLand).count
    opening_hand = outcome.opening.enumerated().map {
      Probability(lands: $0, probability: $1, percent: OpeningHandOdds.percentText($1))
    }
    at_least = outcome.table.map {
      AtLeast(
        lands: $0.lands, turn: $0.turn, cards_seen_on_the_play: odds.cardsSeen(byTurn: $0.turn, onThePlay: true),
        cards_seen_on_the_draw: odds.cardsSeen(byTurn: $0.turn, onThePlay: false), on_the_play: $0.onThePlay,
        on_the_draw: $0.onTheDraw, on_the_play_percent: OpeningHandOdds.percentText($0.onThePlay),
        on_the_draw_percent: OpeningHandOdds.percentText($0.onTheDraw))
    }
  }
}
