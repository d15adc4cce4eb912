import SealedSupport
import SealedEngine

/// Sample opening hands: cards drawn from a deck without replacement.
package enum SampleHand {
  /// The size of an opening hand.
  package static let handSize = 7

  /// Draws `count` cards from `cards` without replacement: the first `count` steps of a
  /// Fisher–Yates shuffle, each choice exactly uniform (`bounded`). The same generator state
  /// gives the same hand. Cost: O(cards) to copy, O(count) to draw.
  ///
  /// - Precondition: `count <= cards.count`.
  package static func draw<Element, G: RandomNumberGenerator>(
    _ count: Int, from cards: [Element], using generator: inout G
  ) -> [Element] {
    precondition(count >= 0 && count <= cards.count, "cannot draw \(count) cards from \(cards.count)")
    var deck = cards
    for index in 0..<count {
      let pick = index + Int(generator.bounded(UInt64(deck.count - index)))
      deck.swapAt(index, pick)
    }
    return Array(deck.prefix(count))
  }
}

extension SampleHand {
  /// `count` opening hands of `deck`, drawn from `seed` (xoshiro256**: the same seed gives the
  /// same hands), each hand's cards in the deck's order. Cost: one shuffle prefix per hand.
  package static func hands(of deck: Deck, count: Int, seed: UInt64) -> [[PoolCard]] {
    let cards = deck.expandedCards
    var generator = Xoshiro256StarStar(seed: seed)
    let order = Dictionary(deck.cards.enumerated().map { ($1.card.id, $0) }, uniquingKeysWith: { a, _ in a })
    return (0..<count).map { _ in
      draw(handSize, from: cards, using: &generator).sorted { order[$0.id, default: 0] < order[$1.id, default: 0] }
    }
  }
}
