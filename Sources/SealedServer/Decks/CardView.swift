import SealedCards
import SealedDecks

/// A card as the page draws it: what the drawn card face shows (name, cost as symbols, type
/// line, rarity, colours), its Scryfall image when the data has one, and the groups the
/// builder's filters use, all from the library (`PoolCard`, `DeckSummary`).
struct CardView: Encodable, Sendable, Equatable {
  /// The card's identity in its pool (`war #12`, or `war Plains` for a basic land without a
  /// printing): what the API's requests name.
  var id: String
  var set: String
  var collector_number: String?
  var name: String
  var rarity: String
  var mana_cost: String
  /// The cost's symbols in order (`{1}{U}{U}` → `1`, `U`, `U`); `//` between the faces of a
  /// split card.
  var mana_symbols: [String]
  var mana_value: Double
  /// The mana curve bucket (`0` ... `7+`), nil for a land, which the curve leaves out.
  var curve: String?
  var type_line: String
  /// The type breakdown's group (`creatures`, `lands`, ...).
  var category: String
  var colors: [String]
  var image: String?
  var land: Bool
  /// A basic land, of which a deck holds any number.
  var basic: Bool

  init(_ card: PoolCard) {
    id = card.label
    set = card.set
    collector_number = card.collectorNumber
    name = card.name
    rarity = card.rarity.rawValue
    mana_cost = card.manaCost
    mana_symbols = Self.symbols(card.manaCost)
    mana_value = card.manaValue.isFinite ? card.manaValue : 0
    curve = card.isLand ? nil : DeckSummary.curveLabels[DeckSummary.curveBucket(of: card)]
    type_line = card.typeLine
    category = card.category.rawValue
    colors = card.colors
    image = card.image
    land = card.isLand
    basic = card.isUnlimited
  }

  /// The symbols of a mana cost: the text between each `{` and `}`, and `//` for a ` // `
  /// between faces. Cost: O(length).
  static func symbols(_ cost: String) -> [String] {
    var symbols: [String] = []
    var rest = Substring(cost)
    while !rest.isEmpty {
      if rest.hasPrefix("//") {
        symbols.append("//")
        rest = rest.dropFirst(2)
      } else if rest.first == "{", let close = rest.firstIndex(of: "}") {
        symbols.append(String(rest[rest.index(after: rest.startIndex)..<close]))
        rest = rest[rest.index(after: close)...]
      } else {
        rest = rest.dropFirst()
      }
    }
    return symbols
  }
}
