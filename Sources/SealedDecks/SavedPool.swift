import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine

/// An opened pool as the library keeps it: reproducible (set, rules, seed) and self-describing
/// (every booster card by set, collector number and name, every card's data, the set's basic
/// lands), so that decks built from it need no card data.
public struct SavedPool: Sendable, Equatable {
  /// One card of a booster.
  package struct BoosterCard: Sendable, Hashable, Codable {
    package var set: String
    package var collectorNumber: String
    package var name: String
    /// The slot the rules drew the card for (`common`, `rare`, `land`, ...).
    package var slot: String

    /// A booster card of the given printing, drawn for `slot`.
    package init(set: String, collectorNumber: String, name: String, slot: String) {
      self.set = set
      self.collectorNumber = collectorNumber
      self.name = name
      self.slot = slot
    }

    enum CodingKeys: String, CodingKey {
      case set
      case collectorNumber = "collector_number"
      case name, slot
    }

    var id: PoolCardID { PoolCardID(set: set, collectorNumber: collectorNumber, name: nil) }
  }

  /// One distinct opened card with the number of copies opened.
  package struct Entry: Sendable, Hashable {
    package var card: PoolCard
    package var copies: Int

    /// An entry of `copies` copies of `card`.
    package init(card: PoolCard, copies: Int) {
      self.card = card
      self.copies = copies
    }
  }

  package var set: String
  package var setName: String
  package var rules: String
  package var rulesSHA256: String
  package var seed: UInt64
  /// The mythic booster, counted from 1, when the rules have one.
  package var mythicBooster: Int?
  /// Booster contents in opening order.
  package var boosters: [[BoosterCard]]
  /// Each distinct opened card once, with its copies, ordered by collector number.
  package var cards: [Entry]
  /// One printing per basic land name (from the set's basic lands, or a bare name and type line
  /// when the data has none); a deck may hold any number of these.
  package var basicLands: [PoolCard]
  /// When the pool was opened (ISO 8601) and by which version of Sealed.
  package var createdAt: String
  package var toolVersion: String
  /// The pool's place among those one seed opens (`sealed open SET --seed S --pools N` opens
  /// pools 1 to N; the app's player k is pool k); 1, the first, unless said.
  package var place = 1
  /// The booster range it was opened with (`--booster-max`), when one was given.
  package var boosterMax: Int?

  /// A pool with the given fields, as the library file holds them.
  package init(
    set: String, setName: String, rules: String, rulesSHA256: String, seed: UInt64,
    mythicBooster: Int?, boosters: [[BoosterCard]], cards: [Entry], basicLands: [PoolCard],
    createdAt: String, toolVersion: String
  ) {
    self.set = set
    self.setName = setName
    self.rules = rules
    self.rulesSHA256 = rulesSHA256
    self.seed = seed
    self.mythicBooster = mythicBooster
    self.boosters = boosters
    self.cards = cards
    self.basicLands = basicLands
    self.createdAt = createdAt
    self.toolVersion = toolVersion
  }

  /// The record of a pool just opened with `plan` and `seed`. The basic lands are the first
  /// printing of each basic land name among `setCards` (the whole set, not only the booster
  /// range); names the set has no printing of get a bare record.
  package init(
    opened pool: OpenedPool, plan: BoosterPlan, seed: UInt64, place: Int = 1, boosterMax: Int? = nil, setCards: [Card],
    toolVersion: String, date: Date = Date()
  ) {
    var basics: [PoolCard] = []
    for name in PoolCard.basicLandNames {
      if let printing = setCards.filter({ $0.name == name && $0.isBasicLand })
        .min(by: { $0.collectorNumber < $1.collectorNumber })
      {
        basics.append(PoolCard(printing))
      } else {
        basics.append(.basicLand(name, set: plan.setCode))
      }
    }
    self.init(
      set: plan.setCode, setName: plan.setName, rules: plan.rulesName, rulesSHA256: plan.rulesSHA256,
      seed: seed, mythicBooster: pool.mythicBooster.map { $0 + 1 },
      boosters: pool.boosters.map { booster in
        booster.map {
          BoosterCard(
            set: $0.card.setCode, collectorNumber: $0.card.collectorNumber.text, name: $0.card.name,
            slot: $0.slot)
        }
      },
      // A deck does not care about finish: a card's foil and non-foil copies are one entry.
      cards: pool.cardsWithCopies.reduce(into: [Entry]()) { entries, item in
        if let last = entries.last, last.card.id == PoolCard(item.card).id {
          entries[entries.count - 1] = Entry(card: last.card, copies: last.copies + item.copies)
        } else {
          entries.append(Entry(card: PoolCard(item.card), copies: item.copies))
        }
      },
      basicLands: basics, createdAt: Self.timestamp(date), toolVersion: toolVersion)
    self.place = place
    self.boosterMax = boosterMax
  }

  /// Where the pool came from, as messages name it: `seed 42`, `seed 42, pool 2`, `seed 42,
  /// booster range 1-249`.
  package var provenance: String {
    "seed \(seed)" + (place > 1 ? ", pool \(place)" : "") + (boosterMax.map { ", booster range 1-\($0)" } ?? "")
  }

  /// The pool's place and booster range, when either is not the default (a listing's note).
  package var provenanceBeyondSeed: String? {
    let parts = (place > 1 ? ["pool \(place) of its seed"] : []) + (boosterMax.map { ["booster range 1-\($0)"] } ?? [])
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// Whether `other` is the same opening: the same set, rules (by name), seed, place, booster
  /// range and boosters, card for card, whenever and by whichever Sealed each was saved (not the
  /// rules' digest, which a Sealed that fingerprints rules otherwise gives another value for the
  /// same boosters).
  package func isSameOpening(as other: SavedPool) -> Bool {
    set == other.set && rules == other.rules && seed == other.seed && place == other.place && boosterMax == other.boosterMax
      && boosters == other.boosters
  }

  /// The number of cards opened.
  package var openedCount: Int { boosters.reduce(0) { $0 + $1.count } }

  /// The rares and mythics, in opening order (the app's "top cards").
  package var topCards: [PoolCard] {
    let byID = Dictionary(cards.map { ($0.card.id, $0.card) }, uniquingKeysWith: { first, _ in first })
    return boosters.joined().compactMap { byID[$0.id] }.filter { $0.rarity == .rare || $0.rarity == .mythic }
  }

  /// `2026-01-31T12:00:00Z`.
  static func timestamp(_ date: Date) -> String {
    UTCTimestamp.seconds(date)
  }

  /// Equal when the saved forms (the JSON the library writes) are equal. O(cards).
  public static func == (lhs: SavedPool, rhs: SavedPool) -> Bool { lhs.json == rhs.json }
}

// MARK: - JSON

extension SavedPool {
  static let formatName = "sealed-pool"
  static let formatVersion = 1

  /// The pool's fields, without the file header (`pool` and `booster_max` only when not the
  /// defaults, so that a pool of its seed's first place reads as before them).
  var json: LibraryJSON {
    var provenance: [(String, LibraryJSON)] = [("seed", .unsigned(seed))]
    if place > 1 { provenance.append(("pool", .integer(Int64(place)))) }
    if let boosterMax { provenance.append(("booster_max", .integer(Int64(boosterMax)))) }
    let head: [(String, LibraryJSON)] = [
      ("set", .string(set)),
      ("set_name", .string(setName)),
      ("rules", .string(rules)),
      ("rules_sha256", .string(rulesSHA256)),
    ]
    let rest: [(String, LibraryJSON)] = [
      ("mythic_booster", .optional(mythicBooster)),
      ("created_at", .string(createdAt)),
      ("tool_version", .string(toolVersion)),
      (
        "boosters",
        .array(
          boosters.enumerated().map { index, booster in
            .object([
              ("index", .integer(Int64(index + 1))),
              (
                "cards",
                .array(
                  booster.map { card in
                    .object([
                      ("set", .string(card.set)), ("collector_number", .string(card.collectorNumber)),
                      ("name", .string(card.name)), ("slot", .string(card.slot)),
                    ])
                  })
              ),
            ])
          })
      ),
      ("cards", .array(cards.map { .object($0.card.json + [("copies", .integer(Int64($0.copies)))]) })),
      ("basic_lands", .array(basicLands.map { .object($0.json) })),
    ]
    return .object(head + provenance + rest)
  }

  /// The pool file: a header naming the format, then the pool.
  var fileText: String {
    guard case .object(let members) = json else { preconditionFailure("a pool is a JSON object") }
    return LibraryJSON.object(
      [("format", .string(Self.formatName)), ("version", .integer(Int64(Self.formatVersion)))] + members
    ).text
  }
}

/// The pool as it is decoded, before its consistency is checked.
struct PoolBody: Decodable {
  struct Booster: Decodable {
    var index: Int?
    var cards: [SavedPool.BoosterCard]
  }

  struct CardWithCopies: Decodable {
    var card: PoolCard
    var copies: Int

    enum CodingKeys: String, CodingKey { case copies }

    init(from decoder: any Decoder) throws {
      card = try PoolCard(from: decoder)
      copies = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .copies)
    }
  }

  var set: String
  var set_name: String
  var rules: String
  var rules_sha256: String
  var seed: UInt64
  var pool: Int?
  var booster_max: Int?
  var mythic_booster: Int?
  var created_at: String
  var tool_version: String
  var boosters: [Booster]
  var cards: [CardWithCopies]
  var basic_lands: [PoolCard]

  /// Checks that the parts agree (each booster card is among the cards, copies match the
  /// boosters, basic lands are basic lands) and builds the pool. `field` prefixes field names.
  func pool(field prefix: String) throws(FieldProblem) -> SavedPool {
    func field(_ name: String) -> String { prefix + name }
    guard !set.isEmpty else { throw FieldProblem(field("set"), "expected a set code, found an empty string") }
    guard !boosters.isEmpty else { throw FieldProblem(field("boosters"), "expected at least one booster") }
    if let place = pool, place < 1 { throw FieldProblem(field("pool"), "expected a pool's place of at least 1, found \(place)") }
    if let range = booster_max, range < 1 {
      throw FieldProblem(field("booster_max"), "expected a collector number of at least 1, found \(range)")
    }
    if let mythic = mythic_booster, !(1...boosters.count).contains(mythic) {
      throw FieldProblem(field("mythic_booster"), "expected a booster number from 1 to \(boosters.count), found \(mythic)")
    }
    var firstIndex: [PoolCardID: Int] = [:]
    for (index, entry) in cards.enumerated() {
      let here = field("cards[\(index)]")
      guard entry.card.collectorNumber != nil else {
        throw FieldProblem(here + ".collector_number", "expected the collector number of an opened card, found null")
      }
      if let earlier = firstIndex[entry.card.id] {
        throw FieldProblem(here, "\(entry.card.label) is listed twice (also at cards[\(earlier)]); list each card once with its copies")
      }
      firstIndex[entry.card.id] = index
      guard entry.copies >= 1 else {
        throw FieldProblem(here + ".copies", "expected at least 1 copy, found \(entry.copies)")
      }
    }
    var opened: [PoolCardID: Int] = [:]
    for (b, booster) in boosters.enumerated() {
      for (c, card) in booster.cards.enumerated() {
        guard let entry = firstIndex[card.id] else {
          throw FieldProblem(
            field("boosters[\(b)].cards[\(c)]"),
            "\(card.set) #\(card.collectorNumber) (\(card.name)) is not among the pool's \"cards\"")
        }
        guard cards[entry].card.name == card.name else {
          throw FieldProblem(
            field("boosters[\(b)].cards[\(c)].name"),
            "\"\(card.name)\", but \(card.set) #\(card.collectorNumber) among the pool's \"cards\" is \"\(cards[entry].card.name)\"")
        }
        opened[card.id, default: 0] += 1
      }
    }
    for (index, entry) in cards.enumerated() where opened[entry.card.id, default: 0] != entry.copies {
      throw FieldProblem(
        field("cards[\(index)].copies"),
        "\(entry.copies) copies of \(entry.card.name) (\(entry.card.label)), but the boosters hold \(opened[entry.card.id, default: 0])")
    }
    for (index, land) in basic_lands.enumerated() where !land.isUnlimited {
      throw FieldProblem(
        field("basic_lands[\(index)]"),
        "\"\(land.name)\" (\(land.typeLine)) is not a basic land; expected Plains, Island, Swamp, Mountain or Forest")
    }
    var saved = SavedPool(
      set: set, setName: set_name, rules: rules, rulesSHA256: rules_sha256, seed: seed,
      mythicBooster: mythic_booster, boosters: boosters.map(\.cards),
      cards: cards.map { SavedPool.Entry(card: $0.card, copies: $0.copies) }, basicLands: basic_lands,
      createdAt: created_at, toolVersion: tool_version)
    saved.place = pool ?? 1
    saved.boosterMax = booster_max
    return saved
  }
}

/// A problem with one field of a library file; the library turns it into a `DataError` that
/// names the file.
struct FieldProblem: Error {
  var field: String
  var message: String

  init(_ field: String, _ message: String) {
    self.field = field
    self.message = message
  }
}
