import SealedSupport

/// Sample opening hands: cards drawn from a deck without replacement.
public enum SampleHand {
  /// The size of an opening hand.
  public static let handSize = 7

  /// Draws `count` cards from `cards` without replacement: the first `count` steps of a
  /// Fisher–Yates shuffle, each choice exactly uniform (`bounded`). The same generator state
  /// gives the same hand. Cost: O(cards) to copy, O(count) to draw.
  ///
  /// - Precondition: `count <= cards.count`.
  public static func draw<Element, G: RandomNumberGenerator>(
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
