import Foundation
import SealedSupport

/// A deck built from one pool. It keeps a copy of its pool, so a deck file stands on its own.
///
/// Rules: a card goes in at most as often as it was opened; the five basic lands (Plains,
/// Island, Swamp, Mountain, Forest) go in any number. A new deck starts with every copy of the
/// pool's rares and mythics, as the original app's did.
public struct Deck: Sendable, Equatable {
  /// One card of the deck with its copies.
  package struct Entry: Sendable, Hashable {
    package var card: PoolCard
    package var copies: Int
  }

  /// The size a sealed deck aims for.
  package static let targetSize = 40

  /// The deck's name: its file name in the library (not stored inside the file).
  package var name: String
  /// The saved pool the deck was started from.
  package var poolName: String
  package var pool: SavedPool
  /// The cards, nonland cards by mana value then name, then lands by name.
  package private(set) var cards: [Entry]
  package var createdAt: String
  package var modifiedAt: String

  /// A new deck holding every copy of the pool's rares and mythics.
  package init(name: String, pool: SavedPool, poolName: String, date: Date = Date()) {
    self.name = name
    self.poolName = poolName
    self.pool = pool
    self.cards = []
    self.createdAt = SavedPool.timestamp(date)
    self.modifiedAt = createdAt
    for entry in pool.cards where entry.card.rarity == .rare || entry.card.rarity == .mythic {
      cards.append(Entry(card: entry.card, copies: entry.copies))
    }
    sort()
  }

  /// A deck read from a file, after its cards were checked against its pool.
  init(
    name: String, poolName: String, pool: SavedPool, cards: [Entry], createdAt: String, modifiedAt: String
  ) {
    self.name = name
    self.poolName = poolName
    self.pool = pool
    self.cards = cards
    self.createdAt = createdAt
    self.modifiedAt = modifiedAt
    sort()
  }

  /// The number of cards, copies counted.
  package var size: Int { cards.reduce(0) { $0 + $1.copies } }

  /// Every card the deck may hold, in the card picker's order: the opened cards by collector
  /// number, then the basic lands.
  package var choices: [PoolCard] {
    pool.cards.map(\.card).filter { !$0.isUnlimited } + pool.basicLands
  }

  /// The deck's cards (each once) whose card data had no type line, hence no mana cost or
  /// colours either (a set whose data is partial: 261 of ltr's 266 cards): `deck show` counts
  /// them as colourless, of mana value 0 and of no type, and `hand` never as lands.
  package var cardsLackingData: [PoolCard] {
    cards.map(\.card).filter(\.lacksData)
  }

  /// One line saying how many of the deck's cards lack their data and what that does to
  /// `what` (the curve, types and colours; a hand's lands), with the sets to fetch; nil when
  /// none does.
  package func lackingDataNote(_ what: String) -> String? {
    let lacking = cardsLackingData
    guard !lacking.isEmpty else { return nil }
    let held = lacking.reduce(0) { $0 + copies(of: $1) }
    let sets = Array(Set(lacking.map(\.set))).sorted()
    return "\(held) of the deck's \(size) cards lack a type line, mana cost and colours in the card data the pool was opened with, so \(what); sealed cards fetch \(sets.joined(separator: " ")) gets them, for pools opened afterwards"
  }

  /// One line saying how many of the deck's nonland cards have a type line but no mana cost in
  /// the card data (the field's data of most sets beyond the nine Scryfall ones: every card of
  /// akh sat at mana value 0 with no word), for `deck show`'s curve; nil when none has, or when
  /// they are half the nonland cards or fewer (cards printed without a cost, such as Ancestral
  /// Vision, are a few of a deck: Scryfall's data, which fetching would not change).
  package var missingCostNote: String? {
    let costless = cards.filter { !$0.card.lacksData && !$0.card.isLand && !$0.card.isUnlimited && $0.card.manaCost.isEmpty }
    let held = costless.reduce(0) { $0 + $1.copies }
    let nonland = cards.filter { !$0.card.isLand }.reduce(0) { $0 + $1.copies }
    guard held > 0, held * 2 > nonland else { return nil }
    let sets = Array(Set(costless.map(\.card.set))).sorted()
    return "\(held) of the deck's \(nonland) nonland cards have no mana cost in the card data the pool was opened with, so the curve counts them at mana value 0 (sealed cards fetch \(sets.joined(separator: " ")) gets Scryfall's, for pools opened afterwards)"
  }

  /// One line saying how many of the pool's cards lack their data, for `open --save`; nil
  /// when none does.
  package var poolLackingDataNote: String? {
    let lacking = pool.cards.filter(\.card.lacksData)
    guard !lacking.isEmpty else { return nil }
    let sets = Array(Set(lacking.map(\.card.set))).sorted()
    return "\(lacking.count) of the pool's \(pool.cards.count) different cards lack a type line, mana cost and colours in the card data (sealed cards fetch \(sets.joined(separator: " ")) gets them); deck show and hand count them as colourless others of mana value 0, never lands"
  }

  /// The most cards a deck may hold (basic lands are unlimited otherwise; this keeps hands and
  /// exports of hand-edited files finite).
  package static let maximumCards = 1000

  /// How many copies of `card` were opened; nil for a basic land, which is unlimited.
  package func opened(_ card: PoolCard) -> Int? {
    if card.isUnlimited { return nil }
    return pool.cards.first { $0.card.id == card.id }?.copies ?? 0
  }

  /// How many copies of `card` the deck holds.
  package func copies(of card: PoolCard) -> Int {
    cards.first { $0.card.id == card.id }?.copies ?? 0
  }

  /// Every card of the deck, each copy separately, in deck order.
  package var expandedCards: [PoolCard] {
    cards.flatMap { Array(repeating: $0.card, count: $0.copies) }
  }

  /// Adds `count` copies of `card`, or throws a one-line reason and changes nothing:
  /// "Ajani's Pridemate: 2 opened, 2 already in the deck", or for several copies "Bolt: cannot
  /// add 3: 3 opened, 1 already in the deck; 2 more can go in".
  package mutating func add(_ card: PoolCard, count: Int = 1) throws(DataError) {
    guard count >= 1 && count <= Self.maximumCards else {
      throw DataError("--count \(count): expected 1 to \(Self.maximumCards) copies")
    }
    let size = cards.reduce(0) { $0 + $1.copies }
    guard size + count <= Self.maximumCards else {
      let room = Self.maximumCards - size
      throw DataError(
        "\(card.name): \(count) more would make \(size + count) cards; a deck holds at most \(Self.maximumCards) (\(room) more can go in)")
    }
    let held = copies(of: card)
    if let opened = opened(card) {
      guard opened > 0 else { throw DataError("\(card.name): not in the pool of deck \(name)") }
      guard held + count <= opened else {
        let room = opened - held
        // Several copies asked for: say how many could not go in, and how many can.
        let asked = count > 1 ? "cannot add \(count): " : ""
        let hint = room > 0 && count > 1 ? "; \(room) more can go in" : ""
        throw DataError("\(card.name): \(asked)\(opened) opened, \(held) already in the deck\(hint)")
      }
    }
    if let index = cards.firstIndex(where: { $0.card.id == card.id }) {
      cards[index].copies += count
    } else {
      cards.append(Entry(card: card, copies: count))
      sort()
    }
  }

  /// Removes `count` copies of `card`, or throws a one-line reason and changes nothing.
  package mutating func remove(_ card: PoolCard, count: Int = 1) throws(DataError) {
    guard count >= 1 && count <= Self.maximumCards else {
      throw DataError("--count \(count): expected 1 to \(Self.maximumCards) copies")
    }
    guard let index = cards.firstIndex(where: { $0.card.id == card.id }) else {
      throw DataError("\(card.name): not in the deck")
    }
    guard cards[index].copies >= count else {
      throw DataError("\(card.name): \(cards[index].copies) in the deck, cannot remove \(count)")
    }
    cards[index].copies -= count
    if cards[index].copies == 0 { cards.remove(at: index) }
  }

  private mutating func sort() {
    cards.sort { a, b in
      if a.card.isLand != b.card.isLand { return !a.card.isLand }
      if a.card.manaValue != b.card.manaValue { return a.card.manaValue < b.card.manaValue }
      if a.card.name != b.card.name { return a.card.name < b.card.name }
      return (a.card.collectorNumber ?? "") < (b.card.collectorNumber ?? "")
    }
  }

  /// Equal when the names and the saved forms (the JSON the library writes) are equal. O(cards).
  public static func == (lhs: Deck, rhs: Deck) -> Bool {
    lhs.name == rhs.name && lhs.json == rhs.json
  }

  /// Every export's refusal of a deck without cards.
  static func emptyRefusal(_ name: String) -> DataError {
    DataError("deck \(name) is empty; add cards with 'sealed deck add \(name) CARD'")
  }
}

// MARK: - JSON

extension Deck {
  static let formatName = "sealed-deck"
  static let formatVersion = 1

  var json: LibraryJSON {
    .object([
      ("format", .string(Self.formatName)),
      ("version", .integer(Int64(Self.formatVersion))),
      ("pool_name", .string(poolName)),
      ("created_at", .string(createdAt)),
      ("modified_at", .string(modifiedAt)),
      (
        "cards",
        .array(
          cards.map { entry in
            .object([
              ("set", .string(entry.card.set)),
              ("collector_number", .optional(entry.card.collectorNumber)),
              ("name", .string(entry.card.name)),
              ("copies", .integer(Int64(entry.copies))),
            ])
          })
      ),
      ("pool", pool.json),
    ])
  }

  var fileText: String { json.text }
}

/// A deck file as it is decoded, before its cards are checked against its pool.
struct DeckBody: Decodable {
  struct CardReference: Decodable {
    var set: String
    var collector_number: String?
    var name: String
    var copies: Int
  }

  var pool_name: String
  var created_at: String
  var modified_at: String
  var cards: [CardReference]
  var pool: PoolBody

  func deck(name: String) throws(FieldProblem) -> Deck {
    let pool = try self.pool.pool(field: "pool.")
    var entries: [Deck.Entry] = []
    var seen: [PoolCardID: Int] = [:]
    for (index, reference) in cards.enumerated() {
      let here = "cards[\(index)]"
      let id = PoolCardID(
        set: reference.set, collectorNumber: reference.collector_number,
        name: reference.collector_number == nil ? reference.name : nil)
      guard
        let card = pool.basicLands.first(where: { $0.id == id })
          ?? pool.cards.first(where: { $0.card.id == id })?.card
      else {
        let label = reference.collector_number.map { "\(reference.set) #\($0)" } ?? "\(reference.set) \(reference.name)"
        throw FieldProblem(here, "\(label) (\(reference.name)) is not in the deck's pool")
      }
      guard card.name == reference.name else {
        throw FieldProblem(here + ".name", "\"\(reference.name)\", but \(card.label) in the pool is \"\(card.name)\"")
      }
      if let earlier = seen[id] {
        throw FieldProblem(here, "\(card.name) is listed twice (also at cards[\(earlier)]); list each card once with its copies")
      }
      seen[id] = index
      guard reference.copies >= 1 && reference.copies <= Deck.maximumCards else {
        throw FieldProblem(here + ".copies", "expected 1 to \(Deck.maximumCards) copies, found \(reference.copies)")
      }
      if !card.isUnlimited {
        let opened = pool.cards.first { $0.card.id == id }?.copies ?? 0
        guard reference.copies <= opened else {
          throw FieldProblem(here + ".copies", "\(card.name): \(reference.copies) in the deck, but \(opened) opened")
        }
      }
      entries.append(Deck.Entry(card: card, copies: reference.copies))
    }
    let total = entries.reduce(0) { $0 + $1.copies }
    guard total <= Deck.maximumCards else {
      throw FieldProblem("cards", "\(total) cards; a deck holds at most \(Deck.maximumCards)")
    }
    return Deck(
      name: name, poolName: pool_name, pool: pool, cards: entries, createdAt: created_at,
      modifiedAt: modified_at)
  }
}
