// A `Card`'s fields in one shared box, copied when a card that shares it is changed, and the
// conformances the compiler would have written for the stored properties they replace: the
// same coding keys in the same order (so every file of cards reads and writes as before),
// equality of every field, and hashing of every field in declaration order.

extension Card {
  /// The fields of a card. Changed only through `uniqueFields()`, when no other card holds them,
  /// so cards on different threads never see one change.
  final class Fields: @unchecked Sendable {
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

    init(
      id: String, oracleID: String?, name: String, setCode: String, setName: String, collectorNumber: CollectorNumber,
      rarity: Rarity, typeLine: String, manaCost: String, manaValue: Double, colors: [String], colorIdentity: [String],
      layout: String, faces: [CardFace], imageURIs: [String: String]
    ) {
      self.id = id
      self.oracleID = oracleID
      self.name = name
      self.setCode = setCode
      self.setName = setName
      self.collectorNumber = collectorNumber
      self.rarity = rarity
      self.typeLine = typeLine
      self.manaCost = manaCost
      self.manaValue = manaValue
      self.colors = colors
      self.colorIdentity = colorIdentity
      self.layout = layout
      self.faces = faces
      self.imageURIs = imageURIs
    }

    func copy() -> Fields {
      Fields(
        id: id, oracleID: oracleID, name: name, setCode: setCode, setName: setName, collectorNumber: collectorNumber,
        rarity: rarity, typeLine: typeLine, manaCost: manaCost, manaValue: manaValue, colors: colors,
        colorIdentity: colorIdentity, layout: layout, faces: faces, imageURIs: imageURIs)
    }
  }

  /// The fields, copied first if another card shares them: for a setter.
  mutating func uniqueFields() -> Fields {
    if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
    return fields
  }

  private enum CodingKeys: String, CodingKey {
    case id, oracleID, name, setCode, setName, collectorNumber, rarity, typeLine, manaCost, manaValue, colors
    case colorIdentity, layout, faces, imageURIs
  }

  /// Reads a card written by `encode(to:)`: every key of `CodingKeys`, `oracleID` optional.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(String.self, forKey: .id),
      oracleID: try container.decodeIfPresent(String.self, forKey: .oracleID),
      name: try container.decode(String.self, forKey: .name),
      setCode: try container.decode(String.self, forKey: .setCode),
      setName: try container.decode(String.self, forKey: .setName),
      collectorNumber: try container.decode(CollectorNumber.self, forKey: .collectorNumber),
      rarity: try container.decode(Rarity.self, forKey: .rarity),
      typeLine: try container.decode(String.self, forKey: .typeLine),
      manaCost: try container.decode(String.self, forKey: .manaCost),
      manaValue: try container.decode(Double.self, forKey: .manaValue),
      colors: try container.decode([String].self, forKey: .colors),
      colorIdentity: try container.decode([String].self, forKey: .colorIdentity),
      layout: try container.decode(String.self, forKey: .layout),
      faces: try container.decode([CardFace].self, forKey: .faces),
      imageURIs: try container.decode([String: String].self, forKey: .imageURIs))
  }

  /// Writes every field under its name, in declaration order (`oracleID` only when known).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(oracleID, forKey: .oracleID)
    try container.encode(name, forKey: .name)
    try container.encode(setCode, forKey: .setCode)
    try container.encode(setName, forKey: .setName)
    try container.encode(collectorNumber, forKey: .collectorNumber)
    try container.encode(rarity, forKey: .rarity)
    try container.encode(typeLine, forKey: .typeLine)
    try container.encode(manaCost, forKey: .manaCost)
    try container.encode(manaValue, forKey: .manaValue)
    try container.encode(colors, forKey: .colors)
    try container.encode(colorIdentity, forKey: .colorIdentity)
    try container.encode(layout, forKey: .layout)
    try container.encode(faces, forKey: .faces)
    try container.encode(imageURIs, forKey: .imageURIs)
  }

  /// Whether every field is equal.
  public static func == (lhs: Card, rhs: Card) -> Bool {
    lhs.id == rhs.id && lhs.oracleID == rhs.oracleID && lhs.name == rhs.name && lhs.setCode == rhs.setCode
      && lhs.setName == rhs.setName && lhs.collectorNumber == rhs.collectorNumber && lhs.rarity == rhs.rarity
      && lhs.typeLine == rhs.typeLine && lhs.manaCost == rhs.manaCost && lhs.manaValue == rhs.manaValue
      && lhs.colors == rhs.colors && lhs.colorIdentity == rhs.colorIdentity && lhs.layout == rhs.layout
      && lhs.faces == rhs.faces && lhs.imageURIs == rhs.imageURIs
  }

  /// Hashes every field, in declaration order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(oracleID)
    hasher.combine(name)
    hasher.combine(setCode)
    hasher.combine(setName)
    hasher.combine(collectorNumber)
    hasher.combine(rarity)
    hasher.combine(typeLine)
    hasher.combine(manaCost)
    hasher.combine(manaValue)
    hasher.combine(colors)
    hasher.combine(colorIdentity)
    hasher.combine(layout)
    hasher.combine(faces)
    hasher.combine(imageURIs)
  }
}
