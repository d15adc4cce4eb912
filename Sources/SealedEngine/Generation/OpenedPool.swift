import SealedSupport
import SealedCards
import SealedRules

/// One opened pool: its boosters, card by card, in position order.
package struct OpenedPool: Sendable {
  /// One card in a booster: the card, its finish and the slot it was drawn for.
  package struct Entry: Sendable, Hashable {
    package let card: Card
    package let foil: Bool
    package let slot: String
  }

  /// Boosters in opening order.
  package let boosters: [[Entry]]
  /// Which booster was the mythic booster, when the rule set has one.
  package let mythicBooster: Int?

  /// The rares and mythics, in opening order.
  package var topCards: [Card] { topEntries.map(\.card) }

  /// The rares and mythics with their finish, in opening order.
  package var topEntries: [Entry] {
    boosters.joined().filter { $0.card.rarity == .rare || $0.card.rarity == .mythic }
  }

  /// Each distinct card and finish once with the copies opened, ordered by collector number
  /// (a card's non-foil copies before its foil ones).
  package var cardsWithCopies: [(card: Card, foil: Bool, copies: Int)] {
    struct Key: Hashable {
      var card: CardKey
      var foil: Bool
    }
    var copies: [Key: (card: Card, foil: Bool, copies: Int)] = [:]
    for entry in boosters.joined() {
      copies[Key(card: entry.card.key, foil: entry.foil), default: (entry.card, entry.foil, 0)].copies += 1
    }
    return copies.values.sorted {
      $0.card.collectorNumber != $1.card.collectorNumber ? $0.card.collectorNumber < $1.card.collectorNumber : !$0.foil && $1.foil
    }
  }
}

/// The observer that remembers every card, for `sealed open` and sample output.
struct PoolRecorder: PoolObserver {
  let plan: BoosterPlan
  let tables: EngineTables
  var pools: [OpenedPool] = []
  private var boosters: [[OpenedPool.Entry]] = []
  private var mythicBooster: Int?

  init(tables: EngineTables) {
    self.plan = tables.plan
    self.tables = tables
  }

  mutating func beginPool() {
    boosters = []
    mythicBooster = nil
  }

  static var needsBoosterCards: Bool { true }
  static var countsCards: Bool { false }

  mutating func chose(booster index: Int, kind: Int, program: Int, record: UnsafePointer<EngineTables.Program>) {}

  mutating func drew(
    booster index: Int, kind: Int, program: Int, record: UnsafePointer<EngineTables.Program>,
    cards: UnsafePointer<Int32>
  ) {
    if plan.mythicKind == kind { mythicBooster = index }
    let slots = tables.positionSlots.baseAddress + program * tables.boosterSize
    boosters.append(
      (0..<Int(record.pointee.size)).map { position in
        OpenedPool.Entry(
          card: plan.cards[Int(cards[position])], foil: plan.isFoil(Int(cards[position])),
          slot: plan.slots[Int(slots[position])].name)
      })
  }

  mutating func endPool() {
    pools.append(OpenedPool(boosters: boosters, mythicBooster: mythicBooster))
  }
}
