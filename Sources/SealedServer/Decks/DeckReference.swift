import Foundation
import SealedSupport

/// A seed as the API carries it: a string (a 64-bit seed does not fit a JavaScript number) of
/// digits or written as `--seed` takes one (`1_000`, `1e3`), answered as digits; or a JSON
/// number no larger than 2^53.
struct SeedText: Codable, Sendable, Equatable {
  var value: UInt64

  init(_ value: UInt64) { self.value = value }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      guard let value = Self.value(of: text) else { throw FieldError(Self.problem(text)) }
      self.value = value
    } else if let value = try? container.decode(UInt64.self) {
      self.value = value
    } else {
      // A whole number as written (-1, not -1.0; 2^64, not 1.8446744073709552e+19).
      let number = (try? container.decode(Double.self)).map { $0.rounded() == $0 && abs($0) < 1e21 ? String(format: "%.0f", $0) : "\($0)" }
      throw FieldError(Self.problem(number ?? "?"))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(String(value))
  }

  /// The seed written `text` as the commands read `--seed` (`42`, `1_000`, `1e3`; spaces around
  /// it ignored), or nil (`seed=1e3` was refused here where `sealed open --seed 1e3` opened it).
  static func value(of text: String) -> UInt64? {
    try? WholeNumber(argument: text.trimmingCharacters(in: .whitespaces)).seedValue("seed")
  }

  /// The refusal of a seed written `text`, in the words of the page's Seed fields (a blank one
  /// where the request needs its seed: a draft's, whose pool is the seed's).
  static func problem(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespaces).isEmpty
      ? "Seed: blank; expected the whole number from 0 to 18446744073709551615 that the pool was opened from"
      : "Seed \"\(text)\": expected a whole number from 0 to 18446744073709551615, or leave it blank for a random seed"
  }

  /// A fresh random seed of 53 bits, as `sealed open` draws one.
  static func random() -> SeedText {
    SeedText(RunSeed.random())
  }
}

/// A seed field the page may leave blank (a sample hand's, a check's): blank is no seed, and the
/// request draws a random one; anything else is a `SeedText`.
struct BlankableSeed: Decodable, Sendable, Equatable {
  var value: SeedText?

  init(from decoder: any Decoder) throws {
    if let text = try? decoder.singleValueContainer().decode(String.self), text.trimmingCharacters(in: .whitespaces).isEmpty {
      value = nil
    } else {
      value = try SeedText(from: decoder)
    }
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
  /// Boosters draw from collector numbers 1 to it (nil: the set's own range, from its basic
  /// lands), as `--booster-max` says.
  var booster_max: Int?
  var cards: [Card]?

  /// The most players one event opens.
  static let maximumPlayers = 8

  /// The deck's default name: `war-sealed-1-p1` (the codes in lower case, however they were
  /// sent), trimmed to the library's 64 characters.
  var defaultName: String {
    let name = "\(set.lowercased())-\(rules.lowercased())-\(seed.value)-p\(player)"
    return String(name.prefix(64))
  }
}

extension DraftReference {
  /// Reads the draft with its codes in lower case, as the library and `/api/pools` write them,
  /// so that the draft the page gets back is the one it keeps (`set=WAR` came back as `WAR`).
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    set = try container.decode(String.self, forKey: .set).lowercased()
    rules = try container.decode(String.self, forKey: .rules).lowercased()
    seed = try container.decode(SeedText.self, forKey: .seed)
    player = try container.decode(Int.self, forKey: .player)
    booster_max = try container.decodeIfPresent(Int.self, forKey: .booster_max)
    cards = try container.decodeIfPresent([Card].self, forKey: .cards)
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
      return
    }
    do {
      self = .draft(try container.decode(DraftReference.self))
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count == decoder.codingPath.count {
      // Neither of the two (`5`, `[]`): it said "expected an object", as if a name were wrong.
      throw FieldError("request body: field deck: expected a saved deck's name or a draft (an object)")
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
