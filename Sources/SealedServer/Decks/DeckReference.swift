import SealedSupport

/// A seed as the API carries it: a string of digits (a 64-bit seed does not fit a JavaScript
/// number), or a JSON number no larger than 2^53.
struct SeedText: Codable, Sendable, Equatable {
  var value: UInt64

  init(_ value: UInt64) { self.value = value }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      guard let value = UInt64(text) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "seed \"\(text)\": expected a whole number from 0 to 18446744073709551615")
      }
      self.value = value
    } else {
      value = try container.decode(UInt64.self)
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(String(value))
  }

  /// A fresh random seed of 53 bits, as `sealed open` draws one.
  static func random() -> SeedText {
    SeedText(RunSeed.random())
  }
}

/// A deck being built before it is saved: the pool (player `player`'s of an event opened from
/// `seed`: the `player`-th pool of `sealed open SET --rules RULES --seed SEED --pools N`) and
/// the cards chosen so far. The page keeps it; every change goes through the server, which
/// checks it against the deck rules.
struct DraftReference: Codable, Sendable, Equatable {
  struct Card: Codable, Sendable, Equatable {
    var id: String
    var copies: Int
  }

  var set: String
  var rules: String
  var seed: SeedText
  var player: Int
  var cards: [Card]?

  /// The most players one event opens.
  static let maximumPlayers = 8

  /// The deck's default name: `war-sealed-1-p1`, trimmed to the library's 64 characters.
  var defaultName: String {
    let name = "\(set)-\(rules)-\(seed.value)-p\(player)"
    return String(name.prefix(64))
  }
}

/// The deck a request works on: a saved deck by name, or a draft.
enum DeckReference: Codable, Sendable, Equatable {
  case saved(String)
  case draft(DraftReference)

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let name = try? container.decode(String.self) {
      self = .saved(name)
    } else {
      self = .draft(try container.decode(DraftReference.self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .saved(let name): try container.encode(name)
    case .draft(let draft): try container.encode(draft)
    }
  }
}
