import Foundation
import SealedSupport

/// One entry of an MTGJSON set's `cards` array (a printing, or one face of a multi-face
/// printing), holding only the fields Sealed reads; every field optional so that a missing one
/// can be named.
struct MTGJSONCard: Decodable, Sendable {
  struct Identifiers: Decodable, Sendable {
    var scryfallId: String?
    var scryfallOracleId: String?
  }

  var name: String?
  var faceName: String?
  var number: String?
  var rarity: String?
  var type: String?
  var manaCost: String?
  var manaValue: Double?
  var convertedManaCost: Double?
  var colors: [String]?
  var colorIdentity: [String]?
  var layout: String?
  var side: String?
  var uuid: String?
  var setCode: String?
  var identifiers: Identifiers?
  var finishes: [String]?
  var hasFoil: Bool?
  var hasNonFoil: Bool?
  var language: String?

  static let requiredFields = ["name", "number", "rarity", "uuid"]

  /// The first required field that is missing or empty, if any.
  var missingField: String? {
    if name?.isEmpty ?? true { return "name" }
    if number?.isEmpty ?? true { return "number" }
    if rarity?.isEmpty ?? true { return "rarity" }
    if uuid?.isEmpty ?? true { return "uuid" }
    return nil
  }

  /// Whether the entry is an English printing (MTGJSON keeps other languages in `foreignData`;
  /// a few sets print some cards only in another language).
  var isEnglish: Bool { language == nil || language == "English" }
}

/// The printings of one set, built from its MTGJSON entries: the entries that share a
/// collector number and a Scryfall id are the faces of one printing, joined the way Scryfall
/// joins them, so that names, decks and keys resolve as with Scryfall's data.
struct MTGJSONPrinting: Sendable {
  /// Entries of this printing, front face first.
  var faces: [MTGJSONCard]

  /// The collector number as Scryfall writes it: MTGJSON's, except that the front part of a
  /// meld pair printed alone under `163a` is Scryfall's `163` (its melded back is `163b` in both).
  var number: String {
    let front = faces[0]
    let number = front.number ?? ""
    if faces.count == 1, front.layout == "meld", front.side == "a", number.count > 1, number.hasSuffix("a"),
      number.dropLast().allSatisfy(\.isNumber)
    {
      return String(number.dropLast())
    }
    return number
  }
  var uuids: [String] { faces.compactMap(\.uuid) }

  /// Groups a set's entries by collector number (in the order numbers first appear); entries of
  /// one number with another Scryfall id than the first (another language's printing) are left
  /// out, and so are entries not printed in English.
  static func group(_ cards: [MTGJSONCard]) -> [MTGJSONPrinting] {
    var order: [String] = []
    var byNumber: [String: [MTGJSONCard]] = [:]
    for card in cards where card.isEnglish {
      let number = card.number ?? ""
      if let first = byNumber[number]?.first {
        if first.identifiers?.scryfallId == card.identifiers?.scryfallId { byNumber[number]!.append(card) }
      } else {
        order.append(number)
        byNumber[number] = [card]
      }
    }
    return order.map { number in
      MTGJSONPrinting(faces: byNumber[number]!.enumerated().sorted { a, b in
        (a.element.side ?? "", a.offset) < (b.element.side ?? "", b.offset)
      }.map(\.element))
    }
  }

  /// The printing as a Scryfall card object: Scryfall's name (`A // B` for the faces of one
  /// card; a meld part, printed alone under its number, by its own name), type line and colours
  /// of its faces, the mana value of the whole card, and the Scryfall id as its id.
  func scryfallObject(setCode: String, setName: String) -> ScryfallShapedCard {
    let front = faces[0]
    let multi = faces.count > 1
    let name = multi ? (front.name ?? "") : (front.faceName ?? front.name ?? "")
    let cardFaces: [ScryfallShapedCard.Face]? =
      multi
      ? faces.map { ScryfallShapedCard.Face(name: $0.faceName ?? $0.name ?? "", mana_cost: $0.manaCost ?? "", type_line: $0.type ?? "", colors: $0.colors ?? []) }
      : nil
    return ScryfallShapedCard(
      id: front.identifiers?.scryfallId ?? front.uuid ?? "",
      oracle_id: front.identifiers?.scryfallOracleId,
      name: name,
      set: setCode,
      set_name: setName,
      collector_number: number,
      rarity: front.rarity ?? "",
      type_line: multi ? faces.map { $0.type ?? "" }.joined(separator: " // ") : (front.type ?? ""),
      mana_cost: multi ? nil : (front.manaCost ?? ""),
      cmc: front.manaValue ?? front.convertedManaCost ?? 0,
      colors: multi ? nil : (front.colors ?? []),
      color_identity: front.colorIdentity ?? [],
      layout: front.layout ?? "normal",
      card_faces: cardFaces,
      finishes: front.finishes ?? Self.finishes(front),
      mtgjson_uuids: uuids)
  }

  private static func finishes(_ card: MTGJSONCard) -> [String] {
    (card.hasNonFoil != false ? ["nonfoil"] : []) + (card.hasFoil == true ? ["foil"] : [])
  }
}

/// The Scryfall card object Sealed stores for an MTGJSON printing (the fields its card reader
/// uses, plus `finishes` and the MTGJSON uuids of its faces). A multi-face printing has no
/// top-level mana cost or colours, as Scryfall writes a double-faced card: the reader takes
/// them from the faces.
struct ScryfallShapedCard: Encodable {
  struct Face: Encodable {
    var name: String
    var mana_cost: String
    var type_line: String
    var colors: [String]
  }

  var object = "card"
  var id: String
  var oracle_id: String?
  var name: String
  var set: String
  var set_name: String
  var collector_number: String
  var rarity: String
  var type_line: String
  var mana_cost: String?
  var cmc: Double
  var colors: [String]?
  var color_identity: [String]
  var layout: String
  var card_faces: [Face]?
  var finishes: [String]
  var mtgjson_uuids: [String]

  /// One line of JSON with keys in a fixed order.
  func json() -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array((try? encoder.encode(self)) ?? Data("{}".utf8))
  }
}
