import SealedSupport
import SealedCards
import SealedRules
import SealedEngine

/// The JSON form of an opened pool (`sealed open --format json`).
struct PoolJSON: Encodable {
  struct CardJSON: Encodable {
    let set: String
    let collector_number: String
    let name: String
    let rarity: String
    let type_line: String
    let mana_cost: String
    let foil: Bool
    let slot: String?
    let copies: Int?

    init(_ card: Card, foil: Bool, slot: String? = nil, copies: Int? = nil) {
      set = card.setCode
      collector_number = card.collectorNumber.text
      name = card.name
      rarity = card.rarity.rawValue
      type_line = card.typeLine
      mana_cost = card.manaCost
      self.foil = foil
      self.slot = slot
      self.copies = copies
    }
  }

  struct BoosterJSON: Encodable {
    let index: Int
    let mythic_booster: Bool?
    let cards: [CardJSON]
  }

  let set: String
  let set_name: String
  let rules: String
  let seed: UInt64
  let boosters: [BoosterJSON]
  let top_cards: [CardJSON]
  let pool: [CardJSON]

  init(plan: BoosterPlan, seed: UInt64, pool opened: OpenedPool) {
    set = plan.setCode
    set_name = plan.setName
    rules = plan.rulesName
    self.seed = seed
    boosters = opened.boosters.enumerated().map { index, booster in
      BoosterJSON(
        index: index + 1,
        mythic_booster: opened.mythicBooster.map { $0 == index },
        cards: booster.map { CardJSON($0.card, foil: $0.foil, slot: $0.slot) })
    }
    top_cards = opened.topEntries.map { CardJSON($0.card, foil: $0.foil) }
    pool = opened.cardsWithCopies.map { CardJSON($0.card, foil: $0.foil, copies: $0.copies) }
  }
}
