/// What `sealed deck show` reports about a deck besides its list: size, mana curve, types and
/// colours.
public struct DeckSummary: Sendable {
  /// The mana curve's buckets: mana value 0 to 6, then 7 and more.
  package static let curveLabels = ["0", "1", "2", "3", "4", "5", "6", "7+"]
  /// Colours in the order of the colour pie, then colourless.
  package static let colorOrder = ["W", "U", "B", "R", "G"]

  /// Cards in the deck, copies counted.
  package var size: Int
  /// Nonland cards (copies counted) by mana value, `curveLabels` order.
  package var curve: [Int]
  /// Cards by group, in `CardCategory.allCases` order; each card counts once (see
  /// `PoolCard.category`), so the counts add up to the size.
  package var types: [(category: CardCategory, cards: Int)]
  /// Nonland cards of each colour (`colorOrder`), copies counted; a two-colour card counts for
  /// both colours.
  package var colors: [(color: String, cards: Int)]
  /// Nonland cards without colour.
  package var colorless: Int
  package var lands: Int

  /// The summary of `deck`: curve, groups and colours counted over its cards. Cost: one pass over
  /// the deck's distinct cards.
  public init(_ deck: Deck) {
    size = deck.size
    var curve = [Int](repeating: 0, count: Self.curveLabels.count)
    var types: [CardCategory: Int] = [:]
    var colors: [String: Int] = [:]
    var colorless = 0
    var lands = 0
    for entry in deck.cards {
      let card = entry.card
      types[card.category, default: 0] += entry.copies
      if card.isLand {
        lands += entry.copies
        continue
      }
      curve[Self.curveBucket(of: card)] += entry.copies
      if card.colors.isEmpty { colorless += entry.copies }
      for color in card.colors { colors[color, default: 0] += entry.copies }
    }
    self.curve = curve
    self.types = CardCategory.allCases.compactMap { category in
      let count = types[category, default: 0]
      return category == .other && count == 0 ? nil : (category, count)
    }
    self.colors = Self.colorOrder.map { ($0, colors[$0, default: 0]) }
    self.colorless = colorless
    self.lands = lands
  }

  /// The mana curve bucket of a card (an index of `curveLabels`): its mana value rounded down,
  /// 7 and more together; a value that is not a number counts as 0. Lands are left out of the
  /// curve by the caller.
  package static func curveBucket(of card: PoolCard) -> Int {
    let value = card.manaValue.isFinite ? min(max(card.manaValue, 0), 1000) : 0
    return min(Int(value.rounded(.down)), curveLabels.count - 1)
  }

  /// The deck's colours, for example `WG`; empty for a colourless deck.
  package var colorIdentity: String {
    colors.filter { $0.cards > 0 }.map(\.color).joined()
  }

  /// "40 of 40 cards", "38 of 40 cards, 2 to go", "42 cards, 2 over 40".
  public var sizeNote: String {
    let target = Deck.targetSize
    if size == target { return "\(size) of \(target) cards" }
    if size < target { return "\(size) of \(target) cards, \(target - size) to go" }
    return "\(size) cards, \(size - target) over \(target)"
  }
}
