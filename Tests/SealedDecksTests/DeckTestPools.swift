import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedDecks
import SealedTestSupport

/// Pools for the deck tests: a small hand-made one whose every count is known, and real ones
/// opened from the shipped card data.
enum DeckTestPools {
  static func card(
    _ number: String, _ name: String, rarity: Rarity = .common, type: String = "Creature — Test",
    cost: String = "{1}{W}", value: Double = 2, colors: [String] = ["W"]
  ) -> PoolCard {
    PoolCard(
      set: "tst", collectorNumber: number, name: name, rarity: rarity, typeLine: type, manaCost: cost,
      manaValue: value, colors: colors, image: "https://img.example/tst/\(number).jpg")
  }

  /// Two boosters holding: Ajani's Pridemate x2 (rare), Ajani's Welcome, Bolt x3, Charm (a
  /// two-colour instant), Golem (an artifact creature, colourless, mana value 7), Crypt (a
  /// land), Dragon (mythic, mana value 6).
  static var small: SavedPool {
    let cards: [(PoolCard, Int)] = [
      (card("1", "Ajani's Pridemate", rarity: .rare), 2),
      (card("2", "Ajani's Welcome", type: "Enchantment", cost: "{W}", value: 1), 1),
      (card("3", "Bolt", type: "Instant", cost: "{R}", value: 1, colors: ["R"]), 3),
      (card("4", "Charm", rarity: .uncommon, type: "Instant", cost: "{R}{W}", value: 2, colors: ["R", "W"]), 1),
      (card("5", "Golem", type: "Artifact Creature — Golem", cost: "{7}", value: 7, colors: []), 1),
      (card("6", "Crypt", type: "Land", cost: "", value: 0, colors: []), 1),
      (card("7", "Dragon", rarity: .mythic, type: "Creature — Dragon", cost: "{4}{R}{R}", value: 6, colors: ["R"]), 1),
    ]
    var boosters: [[SavedPool.BoosterCard]] = [[], []]
    var slot = 0
    for (card, copies) in cards {
      for _ in 0..<copies {
        boosters[slot % 2].append(
          SavedPool.BoosterCard(set: "tst", collectorNumber: card.collectorNumber!, name: card.name, slot: "common"))
        slot += 1
      }
    }
    let basics = PoolCard.basicLandNames.enumerated().map { index, name in
      PoolCard(
        set: "tst", collectorNumber: String(100 + index), name: name, rarity: .common,
        typeLine: "Basic Land — \(name)", image: "https://img.example/tst/\(100 + index).jpg")
    }
    return SavedPool(
      set: "tst", setName: "Test Set", rules: "sealed", rulesSHA256: "abc", seed: 7, mythicBooster: 2,
      boosters: boosters, cards: cards.map { SavedPool.Entry(card: $0.0, copies: $0.1) }, basicLands: basics,
      createdAt: "2026-01-01T00:00:00Z", toolVersion: "test")
  }

  /// A pool opened from the shipped data.
  static func opened(_ set: String, seed: UInt64, rules: String = "sealed", boosterMax: Int? = nil) throws -> SavedPool {
    let cardSet = try ShippedData.set(set, boosterMax: boosterMax)
    let plan = try PlanCompiler.compile(RuleSetLoader.builtIn(rules), for: cardSet)
    let pool = Simulation.openPools(plan, seed: seed, count: 1)[0]
    return SavedPool(opened: pool, plan: plan, seed: seed, setCards: cardSet.cards, toolVersion: "test")
  }
}
