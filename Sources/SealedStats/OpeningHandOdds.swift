import Foundation

/// Exact land odds for a deck: how many lands the opening hand holds, and how likely it is to
/// have seen at least k lands by a given turn.
///
/// Drawing from a shuffled deck of N cards with L lands is drawing without replacement, so the
/// lands among the first n cards follow the hypergeometric distribution with L successes,
/// N - L failures and n draws: P(X = k) = C(L, k) C(N-L, n-k) / C(N, n). By turn T the player
/// has seen the opening hand plus one card per draw step: on the play (going first, no draw on
/// turn 1) 7 + (T - 1) cards, on the draw 7 + T. Every probability comes from GSL through
/// `Distributions.hypergeometricPMF` and `hypergeometricSurvival`.
package struct OpeningHandOdds: Sendable {
  /// Cards in the deck and lands among them.
  package let deckSize: Int
  package let lands: Int
  /// Cards in the opening hand (7).
  package let handSize: Int

  /// One cell of the "at least k lands by turn T" table.
  package struct Cell: Sendable, Equatable {
    package var lands: Int
    package var turn: Int
    package var onThePlay: Double
    package var onTheDraw: Double
  }

  /// Throws for a deck smaller than the hand, a negative land count or more lands than cards.
  package init(deckSize: Int, lands: Int, handSize: Int = 7) throws(StatisticsError) {
    guard handSize >= 1 else { throw .invalidArgument("hand size \(handSize): expected at least 1 card") }
    guard deckSize >= handSize else {
      throw .invalidArgument("a deck of \(deckSize) cards cannot deal a hand of \(handSize)")
    }
    guard lands >= 0, lands <= deckSize else {
      throw .invalidArgument("\(lands) lands in a deck of \(deckSize) cards: expected 0 to \(deckSize)")
    }
    self.deckSize = deckSize
    self.lands = lands
    self.handSize = handSize
  }

  /// Cards seen by the start of turn `turn`'s main phase, capped at the deck size: the hand plus
  /// `turn - 1` draws on the play, `turn` draws on the draw.
  package func cardsSeen(byTurn turn: Int, onThePlay: Bool) -> Int {
    min(deckSize, handSize + max(0, onThePlay ? turn - 1 : turn))
  }

  /// P(exactly k lands in the opening hand), for k = 0...handSize.
  package func openingHand() throws(StatisticsError) -> [Double] {
    var result: [Double] = []
    for k in 0...handSize {
      result.append(try withGSL { () throws(GSLError) -> Double in
        try Distributions.hypergeometricPMF(k, successes: lands, failures: deckSize - lands, draws: handSize)
      })
    }
    return result
  }

  /// P(at least `k` lands among the cards seen by turn `turn`); 1 for k <= 0.
  package func atLeast(_ k: Int, byTurn turn: Int, onThePlay: Bool) throws(StatisticsError) -> Double {
    guard turn >= 1 else { throw .invalidArgument("turn \(turn): expected 1 or later") }
    if k <= 0 { return 1 }
    let seen = cardsSeen(byTurn: turn, onThePlay: onThePlay)
    if k > seen { return 0 }
    // P(X >= k) = P(X > k - 1).
    return try withGSL { () throws(GSLError) -> Double in
      try Distributions.hypergeometricSurvival(k - 1, successes: lands, failures: deckSize - lands, draws: seen)
    }
  }

  /// The table of `atLeast` for every k in `lands` and every turn in `turns`, on the play and on
  /// the draw; rows by k, then turn.
  package func table(lands: ClosedRange<Int> = 2...5, turns: [Int] = [2, 3, 4]) throws(StatisticsError) -> [Cell] {
    var cells: [Cell] = []
    for k in lands {
      for turn in turns {
        cells.append(
          Cell(
            lands: k, turn: turn, onThePlay: try atLeast(k, byTurn: turn, onThePlay: true),
            onTheDraw: try atLeast(k, byTurn: turn, onThePlay: false)))
      }
    }
    return cells
  }

  /// A probability as `sealed hand` and the app print it: a percentage with two decimals
  /// (`  32.30 %`, `100.00 %`), right-aligned in eight characters, and `< 0.01 %` for a
  /// positive value that would round to zero.
  package static func percentText(_ probability: Double) -> String {
    if probability > 0 && probability < 0.00005 { return "< 0.01 %" }
    let text = String(format: "%.2f %%", probability * 100)
    return String(repeating: " ", count: max(0, 8 - text.count)) + text
  }
}
