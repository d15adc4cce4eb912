/// One opened pool: its boosters, card by card, in position order.
public struct OpenedPool: Sendable {
  /// One card in a booster: the card and the slot it was drawn for.
  public struct Entry: Sendable, Hashable {
    public let card: Card
    public let slot: String
  }

  /// Boosters in opening order.
  public let boosters: [[Entry]]
  /// Which booster was the mythic booster, when the rule set has one.
  public let mythicBooster: Int?

  /// The rares and mythics, in opening order.
  public var topCards: [Card] {
    boosters.joined().map(\.card).filter { $0.rarity == .rare || $0.rarity == .mythic }
  }

  /// Each distinct card once with the copies opened, ordered by collector number.
  public var cardsWithCopies: [(card: Card, copies: Int)] {
    var copies: [CardKey: (card: Card, copies: Int)] = [:]
    for entry in boosters.joined() {
      copies[entry.card.key, default: (entry.card, 0)].copies += 1
    }
    return copies.values.sorted { $0.card.collectorNumber < $1.card.collectorNumber }
  }
}

/// The observer that remembers every card, for `sealed open` and sample output.
struct PoolRecorder: PoolObserver {
  let plan: BoosterPlan
  var pools: [OpenedPool] = []
  private var boosters: [[OpenedPool.Entry]] = []
  private var mythicBooster: Int?

  init(plan: BoosterPlan) {
    self.plan = plan
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
    let size = plan.engine.boosterSize
    let slots = plan.engine.positionSlots.baseAddress! + program * size
    boosters.append(
      (0..<size).map { position in
        OpenedPool.Entry(card: plan.cards[Int(cards[position])], slot: plan.slots[Int(slots[position])].name)
      })
  }

  mutating func endPool() {
    pools.append(OpenedPool(boosters: boosters, mythicBooster: mythicBooster))
  }
}
