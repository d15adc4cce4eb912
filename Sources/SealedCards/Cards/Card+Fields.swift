// A `Card`'s fields in one shared box, copied when a card that shares it is changed. The fields
// are the struct of stored properties the card was before the box (`Stored`), so the card codes,
// compares and hashes through the conformances the compiler writes for it: the same coding keys
// in the same order (every file of cards reads and writes as before, `oracleID` left out when
// nil), equality of every field, and hashing of every field in declaration order.

extension Card {
  /// A card's fields.
  struct Stored: Sendable, Hashable, Codable {
    var id: String
    var oracleID: String?
    var name: String
    var setCode: String
    var setName: String
    var collectorNumber: CollectorNumber
    var rarity: Rarity
    var typeLine: String
    var manaCost: String
    var manaValue: Double
    var colors: [String]
    var colorIdentity: [String]
    var layout: String
    var faces: [CardFace]
    var imageURIs: [String: String]
  }

  /// The box a card's copies share. Changed only through `uniqueFields()`, when no other card
  /// holds it, so cards on different threads never see one change.
  final class Fields: @unchecked Sendable {
    var stored: Stored

    init(_ stored: Stored) {
      self.stored = stored
    }
  }

  /// The fields, copied first if another card shares them: for a setter.
  mutating func uniqueFields() -> Fields {
    if !isKnownUniquelyReferenced(&fields) { fields = Fields(fields.stored) }
    return fields
  }

  /// Reads a card written by `encode(to:)`: every field under its name, `oracleID` optional.
  public init(from decoder: any Decoder) throws {
    fields = Fields(try Stored(from: decoder))
  }

  /// Writes every field under its name, in declaration order (`oracleID` only when known).
  public func encode(to encoder: any Encoder) throws {
    try fields.stored.encode(to: encoder)
  }

  /// Whether every field is equal.
  public static func == (lhs: Card, rhs: Card) -> Bool {
    lhs.fields.stored == rhs.fields.stored
  }

  /// Hashes every field, in declaration order.
  public func hash(into hasher: inout Hasher) {
    fields.stored.hash(into: &hasher)
  }
}
