import SealedSupport

/// One printing of a card, as loaded from Scryfall data.
///
/// A card's identity is its set code and collector number ([`CardKey`](CardKey)).
public struct Card: Sendable, Hashable, Codable {
  /// The card's fields, shared by its copies until one of them is changed (`Card+Fields.swift`):
  /// copying a card is one retain, not one per string and array it holds. Read and changed only
  /// through the properties below.
  var fields: Fields

  /// Scryfall's id of this printing.
  public var id: String {
    get { fields.stored.id }
    set { uniqueFields().stored.id = newValue }
  }
  /// Scryfall's id shared by every printing of the same card, when known.
  package var oracleID: String? {
    get { fields.stored.oracleID }
    set { uniqueFields().stored.oracleID = newValue }
  }
  public var name: String {
    get { fields.stored.name }
    set { uniqueFields().stored.name = newValue }
  }
  /// The lowercase set code, for example `war`.
  public var setCode: String {
    get { fields.stored.setCode }
    set { uniqueFields().stored.setCode = newValue }
  }
  package var setName: String {
    get { fields.stored.setName }
    set { uniqueFields().stored.setName = newValue }
  }
  public var collectorNumber: CollectorNumber {
    get { fields.stored.collectorNumber }
    set { uniqueFields().stored.collectorNumber = newValue }
  }
  public var rarity: Rarity {
    get { fields.stored.rarity }
    set { uniqueFields().stored.rarity = newValue }
  }
  /// The full type line; multi-faced cards join their faces with ` // `.
  public var typeLine: String {
    get { fields.stored.typeLine }
    set { uniqueFields().stored.typeLine = newValue }
  }
  /// The mana cost as Scryfall writes it (`{1}{U}{U}`); empty for lands. Multi-faced cards
  /// without a top-level cost take their faces' costs joined with ` // `.
  package var manaCost: String {
    get { fields.stored.manaCost }
    set { uniqueFields().stored.manaCost = newValue }
  }
  /// The mana value (Scryfall's `cmc`).
  package var manaValue: Double {
    get { fields.stored.manaValue }
    set { uniqueFields().stored.manaValue = newValue }
  }
  /// Colours as single letters, W U B R G; multi-faced cards take the union of their faces.
  package var colors: [String] {
    get { fields.stored.colors }
    set { uniqueFields().stored.colors = newValue }
  }
  /// Colour identity as single letters (Scryfall's `color_identity`; its colours when the data lacks one).
  package var colorIdentity: [String] {
    get { fields.stored.colorIdentity }
    set { uniqueFields().stored.colorIdentity = newValue }
  }
  /// Scryfall's layout: `normal`, `split`, `transform`, `adventure`, ...
  package var layout: String {
    get { fields.stored.layout }
    set { uniqueFields().stored.layout = newValue }
  }
  /// The faces of split, adventure and double-faced cards; empty for single-faced cards.
  package var faces: [CardFace] {
    get { fields.stored.faces }
    set { uniqueFields().stored.faces = newValue }
  }
  /// Image addresses by size (`small`, `normal`, `large`, `png`), when the card has one image.
  package var imageURIs: [String: String] {
    get { fields.stored.imageURIs }
    set { uniqueFields().stored.imageURIs = newValue }
  }

  /// A card with the given fields; what is left out defaults to a single-faced `normal` card with
  /// no mana cost, colours or images.
  package init(
    id: String, oracleID: String? = nil, name: String, setCode: String, setName: String,
    collectorNumber: CollectorNumber, rarity: Rarity, typeLine: String, manaCost: String = "",
    manaValue: Double = 0, colors: [String] = [], colorIdentity: [String] = [],
    layout: String = "normal", faces: [CardFace] = [], imageURIs: [String: String] = [:]
  ) {
    fields = Fields(
      Stored(
        id: id, oracleID: oracleID, name: name, setCode: setCode, setName: setName, collectorNumber: collectorNumber,
        rarity: rarity, typeLine: typeLine, manaCost: manaCost, manaValue: manaValue, colors: colors,
        colorIdentity: colorIdentity, layout: layout, faces: faces, imageURIs: imageURIs))
  }

  /// The card's identity: set code and collector number.
  public var key: CardKey { CardKey(setCode: setCode, collectorNumber: collectorNumber) }

  /// A card Sealed knows only by its key, for a rule that names it where the card data lacks it:
  /// named `set:number`, of rarity `unknown`, with no type line or colours.
  package static func placeholder(set: String, number: String) -> Card {
    let key = "\(set):\(number)"
    return Card(
      id: key, name: key, setCode: set, setName: set.uppercased(), collectorNumber: CollectorNumber(number),
      rarity: .unknown, typeLine: "")
  }

  /// Whether the card comes from card data (not a placeholder known only by its key).
  package var hasData: Bool { rarity != .unknown }

  /// Whether the card's colours are known: it comes from card data that gives its type line
  /// (some composed data gives a card's name and rarity only).
  package var hasColourData: Bool { hasData && !typeLine.isEmpty }

  /// The type line of the front face (the part before ` // `).
  package var frontTypeLine: Substring {
    guard let range = typeLine.range(of: " // ") else { return typeLine[...] }
    return typeLine[..<range.lowerBound]
  }

  /// Whether the front face is a basic land (its supertypes include Basic, its types Land).
  public var isBasicLand: Bool {
    // Most cards are not lands: a type line without the letters "land" (in any case) is not
    // one, and no other character lowercases to any of them, so the words need not be split.
    guard Self.mayContainLand(typeLine) else { return false }
    let words = frontTypeLine.lowercased().split(whereSeparator: { !$0.isLetter })
    return words.contains("basic") && words.contains("land")
  }

  /// Whether `text` holds "land" in any mix of cases, byte by byte. Cost: O(length), no allocation.
  private static func mayContainLand(_ text: String) -> Bool {
    let land: (UInt8, UInt8, UInt8, UInt8) = (0x6C, 0x61, 0x6E, 0x64)  // l a n d
    var matched = 0
    for byte in text.utf8 {
      let lower = byte | 0x20
      let wanted = matched == 0 ? land.0 : matched == 1 ? land.1 : matched == 2 ? land.2 : land.3
      if lower == wanted {
        matched += 1
        if matched == 4 { return true }
      } else {
        matched = lower == land.0 ? 1 : 0
      }
    }
    return false
  }

  /// The address of the front face's image at the given size, from the card or its first face.
  package func imageURI(_ size: String = "normal") -> String? {
    imageURIs[size] ?? faces.first?.imageURIs[size]
  }
}

/// One face of a multi-faced card.
package struct CardFace: Sendable, Hashable, Codable {
  package var name: String
  package var manaCost: String
  package var typeLine: String
  package var colors: [String]?
  package var imageURIs: [String: String]

  /// A face with the given name and, where known, cost, type line, colours and images.
  package init(
    name: String, manaCost: String = "", typeLine: String = "", colors: [String]? = nil,
    imageURIs: [String: String] = [:]
  ) {
    self.name = name
    self.manaCost = manaCost
    self.typeLine = typeLine
    self.colors = colors
    self.imageURIs = imageURIs
  }
}

/// The identity of a printing: set code and collector number.
public struct CardKey: Sendable, Hashable, Comparable, CustomStringConvertible {
  package var setCode: String
  package var collectorNumber: CollectorNumber

  /// The key of the printing numbered `collectorNumber` in the set `setCode`.
  package init(setCode: String, collectorNumber: CollectorNumber) {
    self.setCode = setCode
    self.collectorNumber = collectorNumber
  }

  /// The key as messages show it: `war #17`.
  public var description: String { "\(setCode) #\(collectorNumber)" }

  /// Orders by set code, then by collector number (`CollectorNumber`'s order).
  public static func < (lhs: CardKey, rhs: CardKey) -> Bool {
    if lhs.setCode != rhs.setCode { return lhs.setCode < rhs.setCode }
    return lhs.collectorNumber < rhs.collectorNumber
  }
}
