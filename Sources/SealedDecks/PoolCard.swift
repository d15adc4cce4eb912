import SealedSupport
import SealedCards

/// A card as a saved pool or deck keeps it: everything `deck show`, `hand` and `export tts` need,
/// so that they work without the card data.
package struct PoolCard: Sendable, Hashable, Codable {
  /// The five basic land names, which a deck may hold in any number.
  package static let basicLandNames = ["Plains", "Island", "Swamp", "Mountain", "Forest"]

  package var set: String
  /// The collector number; nil only for a basic land the card data had no printing of.
  package var collectorNumber: String?
  package var name: String
  package var rarity: Rarity
  package var typeLine: String
  package var manaCost: String
  package var manaValue: Double
  /// Colours as single letters, W U B R G.
  package var colors: [String]
  /// Scryfall's `normal` image of the front face, when the data has one.
  package var image: String?

  /// Whether the card data had no type line for this card, hence no mana cost or colours either
  /// (a set whose data is partial); basic lands, named whole, never do.
  package var lacksData: Bool { !isUnlimited && typeLine.isEmpty }

  /// A card with the given fields. An image address on Scryfall's retired host is made current
  /// from the set and collector number, or dropped when there is no collector number.
  package init(
    set: String, collectorNumber: String?, name: String, rarity: Rarity, typeLine: String,
    manaCost: String = "", manaValue: Double = 0, colors: [String] = [], image: String? = nil
  ) {
    self.set = set
    self.collectorNumber = collectorNumber
    self.name = name
    self.rarity = rarity
    self.typeLine = typeLine
    self.manaCost = manaCost
    self.manaValue = manaValue
    self.colors = colors
    // An address on the retired host names a printing; without a number there is none to ask for.
    self.image = image.flatMap { image in
      collectorNumber.map { ScryfallImage.current(image, set: set, number: $0) } ?? (ScryfallImage.isRetired(image) ? nil : image)
    }
  }

  /// Decodes a saved card; an image address on Scryfall's retired host (pools saved before it
  /// was retired) is made current.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      set: try container.decode(String.self, forKey: .set),
      collectorNumber: try container.decodeIfPresent(String.self, forKey: .collectorNumber),
      name: try container.decode(String.self, forKey: .name), rarity: try container.decode(Rarity.self, forKey: .rarity),
      typeLine: try container.decode(String.self, forKey: .typeLine), manaCost: try container.decode(String.self, forKey: .manaCost),
      manaValue: try container.decode(Double.self, forKey: .manaValue), colors: try container.decode([String].self, forKey: .colors),
      image: try container.decodeIfPresent(String.self, forKey: .image))
  }

  /// The record of a loaded card; the image is the front face's `normal` one.
  package init(_ card: Card) {
    self.init(
      set: card.setCode, collectorNumber: card.collectorNumber.text, name: card.name,
      rarity: card.rarity, typeLine: card.typeLine, manaCost: card.manaCost,
      manaValue: card.manaValue, colors: card.colors, image: card.imageURI("normal"))
  }

  /// A basic land of `set` that the card data has no printing of: a name and a type line.
  package static func basicLand(_ name: String, set: String) -> PoolCard {
    PoolCard(set: set, collectorNumber: nil, name: name, rarity: .common, typeLine: "Basic Land — \(name)")
  }

  enum CodingKeys: String, CodingKey {
    case set
    case collectorNumber = "collector_number"
    case name
    case rarity
    case typeLine = "type_line"
    case manaCost = "mana_cost"
    case manaValue = "mana_value"
    case colors
    case image
  }

  /// The card's identity inside a pool: set and collector number, or set and name for a basic
  /// land without a printing.
  package var id: PoolCardID {
    PoolCardID(set: set, collectorNumber: collectorNumber, name: collectorNumber == nil ? name : nil)
  }

  /// `war #12`, or `war Plains` for a basic land without a printing.
  package var label: String { collectorNumber.map { "\(set) #\($0)" } ?? "\(set) \(name)" }

  /// The type line of the front face (before ` // `).
  package var frontTypeLine: Substring {
    guard let range = typeLine.range(of: " // ") else { return typeLine[...] }
    return typeLine[..<range.lowerBound]
  }

  private var frontTypes: [Substring] {
    let beforeDash = frontTypeLine.split(separator: "—", maxSplits: 1).first ?? frontTypeLine
    return beforeDash.lowercased().split(whereSeparator: { !$0.isLetter }).map { $0 }
  }

  /// Whether the front face is a land.
  package var isLand: Bool { frontTypes.contains("land") }

  /// Whether this is one of the five basic lands (Plains, Island, Swamp, Mountain, Forest), of
  /// which a deck may hold any number.
  package var isUnlimited: Bool {
    Self.basicLandNames.contains(name) && frontTypes.contains("basic") && frontTypes.contains("land")
  }

  /// The card's group in a deck's type breakdown: the first of lands, creatures, planeswalkers,
  /// instants, sorceries, enchantments and artifacts among its front face's types, so that an
  /// artifact creature counts once, as a creature.
  package var category: CardCategory {
    let types = frontTypes
    for category in CardCategory.precedence where types.contains(category.typeWord) {
      return category
    }
    return .other
  }
}

/// Identity of a card inside a pool.
package struct PoolCardID: Sendable, Hashable {
  package var set: String
  package var collectorNumber: String?
  /// Set only when there is no collector number.
  package var name: String?
}

/// The groups of a deck's type breakdown.
package enum CardCategory: String, Sendable, CaseIterable {
  case creatures, instants, sorceries, enchantments, artifacts, planeswalkers, lands, other

  /// The order in which a card's types decide its group.
  static let precedence: [CardCategory] = [
    .lands, .creatures, .planeswalkers, .instants, .sorceries, .enchantments, .artifacts,
  ]

  /// The type-line word of the group.
  var typeWord: Substring {
    switch self {
    case .creatures: "creature"
    case .instants: "instant"
    case .sorceries: "sorcery"
    case .enchantments: "enchantment"
    case .artifacts: "artifact"
    case .planeswalkers: "planeswalker"
    case .lands: "land"
    case .other: ""
    }
  }
}

extension PoolCard {
  var json: [(String, LibraryJSON)] {
    [
      ("set", .string(set)),
      ("collector_number", .optional(collectorNumber)),
      ("name", .string(name)),
      ("rarity", .string(rarity.rawValue)),
      ("type_line", .string(typeLine)),
      ("mana_cost", .string(manaCost)),
      ("mana_value", .number(manaValue)),
      ("colors", .array(colors.map(LibraryJSON.string))),
      ("image", .optional(image)),
    ]
  }
}
