import Foundation
import SealedSupport

/// Reads a JSON array of Scryfall card objects straight from its bytes, the values of the fields
/// `ScryfallCard` keeps and nothing else: several times faster than `JSONDecoder`, which builds
/// every value of the file and looks each key up through its containers.
///
/// It reads only what it can read exactly as `JSONDecoder` would, and gives nil for anything
/// else: a field of the wrong type, a key written twice or holding an escape or anything but
/// printable ASCII, a string that is not valid UTF-8 or holds a lone surrogate, a number beyond
/// a `Double` or in a form the decoder refuses (`0e5`), anything but an array at the top. The
/// caller then decodes with `JSONDecoder`, whose errors name the card and field, so what a file
/// gives, cards or an error, does not depend on this reader. Cost: one pass over the bytes;
/// memory for the cards read.
enum ScryfallCardScanner {
  /// The cards of `data`, a JSON array of card objects, as `JSONDecoder` decodes them; nil when
  /// `data` holds anything this reader leaves to `JSONDecoder` (see the type's comment).
  static func cards(in data: Data) -> [ScryfallCard]? {
    data.withUnsafeBytes { raw in
      var scanner = JSONByteScanner(bytes: raw.bindMemory(to: UInt8.self))
      return scanner.cardArray()
    }
  }
}

extension JSONByteScanner {
  /// The whole text as an array of cards, or nil.
  mutating func cardArray() -> [ScryfallCard]? {
    let cards = elements { $0.card() }
    skipWhitespace()
    return isAtEnd ? cards : nil
  }

  /// One card object, or nil.
  mutating func card() -> ScryfallCard? {
    var card = ScryfallCard()
    let complete = object { scanner, key in
      switch key {
      case "object": scanner.optionalString(&card.object)
      case "id": scanner.optionalString(&card.id)
      case "oracle_id": scanner.optionalString(&card.oracle_id)
      case "name": scanner.optionalString(&card.name)
      case "set": scanner.optionalString(&card.set)
      case "set_name": scanner.optionalString(&card.set_name)
      case "collector_number": scanner.optionalString(&card.collector_number)
      case "rarity": scanner.optionalString(&card.rarity)
      case "type_line": scanner.optionalString(&card.type_line)
      case "mana_cost": scanner.optionalString(&card.mana_cost)
      case "cmc": scanner.optionalDouble(&card.cmc)
      case "colors": scanner.optionalStringArray(&card.colors)
      case "color_identity": scanner.optionalStringArray(&card.color_identity)
      case "layout": scanner.optionalString(&card.layout)
      case "image_uris": scanner.optionalStringDictionary(&card.image_uris)
      case "card_faces": scanner.optionalArray(&card.card_faces) { $0.face() }
      default: scanner.skipValue()
      }
    }
    return complete ? card : nil
  }

  /// One face object, or nil.
  mutating func face() -> ScryfallFace? {
    var face = ScryfallFace()
    let complete = object { scanner, key in
      switch key {
      case "name": scanner.optionalString(&face.name)
      case "mana_cost": scanner.optionalString(&face.mana_cost)
      case "type_line": scanner.optionalString(&face.type_line)
      case "colors": scanner.optionalStringArray(&face.colors)
      case "image_uris": scanner.optionalStringDictionary(&face.image_uris)
      default: scanner.skipValue()
      }
    }
    return complete ? face : nil
  }
}
