import SealedSupport

/// A Scryfall card object as it appears in JSON, every field optional so that a missing field
/// can be reported by name. Fields Sealed doesn't use are ignored.
struct ScryfallCard: Decodable, Equatable {
  var object: String?
  var id: String?
  var oracle_id: String?
  var name: String?
  var set: String?
  var set_name: String?
  var collector_number: String?
  var rarity: String?
  var type_line: String?
  var mana_cost: String?
  var cmc: Double?
  var colors: [String]?
  var color_identity: [String]?
  var layout: String?
  var image_uris: [String: String]?
  var card_faces: [ScryfallFace]?
}

struct ScryfallFace: Decodable, Equatable {
  var name: String?
  var mana_cost: String?
  var type_line: String?
  var colors: [String]?
  var image_uris: [String: String]?
}

/// A Scryfall `list` object: `{"object": "list", "data": [...]}`.
struct ScryfallList: Decodable {
  var object: String?
  var data: [ScryfallCard]?
}

extension ScryfallCard {
  /// The required fields, in the order they are checked.
  static let requiredFields = ["set", "collector_number", "name", "rarity"]

  /// Turns the raw object into a `Card`, or says which field is missing or wrong.
  func card() -> Result<Card, CardProblem> {
    guard let set, !set.isEmpty else { return .failure(.missingField("set")) }
    guard let collector_number, !collector_number.isEmpty else {
      return .failure(.missingField("collector_number"))
    }
    guard let name, !name.isEmpty else { return .failure(.missingField("name")) }
    guard let rarityText = rarity else { return .failure(.missingField("rarity")) }
    guard let rarity = Rarity(rawValue: rarityText), rarity != .unknown else {
      return .failure(.unknownRarity(rarityText))
    }
    let faces = (card_faces ?? []).map { face in
      CardFace(
        name: face.name ?? "", manaCost: face.mana_cost ?? "", typeLine: face.type_line ?? "",
        colors: face.colors, imageURIs: Self.keptImages(face.image_uris, set: set, number: collector_number))
    }
    let typeLine = type_line ?? faces.map(\.typeLine).joined(separator: " // ")
    let manaCost =
      mana_cost ?? faces.map(\.manaCost).filter { !$0.isEmpty }.joined(separator: " // ")
    let colors = self.colors ?? Self.union(faces.compactMap(\.colors))
    return .success(
      Card(
        id: id ?? "\(set)-\(collector_number)", oracleID: oracle_id, name: name,
        setCode: set.lowercased(), setName: set_name ?? set.uppercased(),
        collectorNumber: CollectorNumber(collector_number), rarity: rarity, typeLine: typeLine,
        manaCost: manaCost, manaValue: cmc ?? 0, colors: colors,
        colorIdentity: color_identity ?? colors, layout: layout ?? "normal", faces: faces,
        imageURIs: Self.keptImages(image_uris, set: set, number: collector_number)))
  }

  /// The image sizes Sealed keeps; Scryfall's crops (`art_crop`, `border_crop`) are dropped so
  /// that a full object and a trimmed one give the same card. Addresses on Scryfall's retired
  /// image host become its image request (`ScryfallImage`).
  static let imageSizes: Set<String> = ["small", "normal", "large", "png"]

  private static func keptImages(_ uris: [String: String]?, set: String, number: String) -> [String: String] {
    ScryfallImage.current((uris ?? [:]).filter { imageSizes.contains($0.key) }, set: set, number: number)
  }

  private static let colorOrder = ["W", "U", "B", "R", "G"]

  private static func union(_ lists: [[String]]) -> [String] {
    let all = Set(lists.joined())
    return colorOrder.filter(all.contains) + all.subtracting(colorOrder).sorted()
  }
}

/// Why one card object could not be read.
enum CardProblem: Error {
  case missingField(String)
  case unknownRarity(String)

  var message: String {
    switch self {
    case .missingField(let field):
      "card has no \"\(field)\" field; every card needs \(ScryfallCard.requiredFields.map { "\"\($0)\"" }.joined(separator: ", "))"
    case .unknownRarity(let text):
      "unknown rarity \"\(text)\"; expected one of \(Rarity.named.map(\.rawValue).joined(separator: ", "))"
    }
  }
}
