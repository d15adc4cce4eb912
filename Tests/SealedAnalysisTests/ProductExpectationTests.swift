import Foundation
import SealedSupport
import SealedCards
import SealedEngine
import SealedAnalysis
import SealedTestSupport
import Testing

/// Products of every kind in the shipped 2025 data: Sealed's expectations (the plan's exact
/// analysis, in floating point) against exact fractions computed in the test from the product's
/// JSON alone (`ProductExpectations`: variants by weight, each sheet's count of cards by weight,
/// distinct cards by successive sampling in exact arithmetic).
@Suite struct ProductExpectationTests {
  /// One product of each kind, each exercising what the importer writes: replacements (war-arena,
  /// one-jumpstart's fixed decks), slot counts for variants of different sizes (woe-set: The List
  /// in 1 of 5 boosters) and for swaps that draw one sheet twice (eld-collector, afr-theme-b,
  /// dbl-draft, mkm-play), weighted distinct draws (wildcards, showcase sheets), foils, sheets of
  /// other sets (spg, plst), colour-balanced commons (war-arena, on the shipped war data).
  static let products = [
    "dbl-draft", "woe-set", "eld-collector", "mkm-play", "one-jumpstart", "afr-theme-b", "war-arena", "mkm-play-arena",
    "fin-play", "znr-set", "ust-draft", "j25-jumpstart",
  ]

  @Test(.heavy, arguments: products)
  func expectationsAreTheExactFractions(_ code: String) throws {
    let (product, plan) = try ShippedData.productPlan(code)
    let expectations = try Expectations(plan: plan)
    let database = try ShippedData.database()
    var exact: [String: ExactFraction] = [:]
    for (key, value) in ProductExpectations.perBooster(product) {
      let resolved = Self.resolved(key, in: database)
      exact[resolved] = (exact[resolved] ?? .zero) + value
    }
    var sealed: [String: Double] = [:]
    for (ordinal, card) in plan.cards.enumerated() where expectations.cardsPerBoosterByKind[0][ordinal] > 0 {
      sealed["\(card.setCode):\(card.collectorNumber.text)\(plan.isFoil(ordinal) ? ":foil" : "")", default: 0] +=
        expectations.cardsPerBoosterByKind[0][ordinal]
    }
    let keys = Set(exact.keys)
    #expect(Set(sealed.keys) == keys, "\(code): only Sealed \(Set(sealed.keys).subtracting(keys).sorted().prefix(5)), only exact \(keys.subtracting(sealed.keys).sorted().prefix(5))")
    var worst = 0.0
    for (key, value) in exact {
      let expected = value.doubleValue
      let got = sealed[key] ?? 0
      worst = max(worst, abs(got - expected) / expected)
    }
    #expect(worst < 1e-9, "\(code): largest relative difference \(worst)")
    // Cards per booster: the variants' sizes, by weight.
    let size = exact.values.reduce(ExactFraction.zero, +).doubleValue
    let sizes = plan.boosterSizeProbabilities.enumerated().reduce(0.0) { $0 + Double($1.offset) * $1.element }
    #expect(abs(size - sizes) < 1e-9 * size, "\(code): \(size) cards per booster, Sealed \(sizes)")
  }

  /// A key of the compiled data as Sealed resolves it (docs/rules.md): the set code in lower
  /// case; `221a` is `221` when the set's data has 221 and no 221a.
  static func resolved(_ key: String, in database: CardDatabase) -> String {
    var parts = key.split(separator: ":").map(String.init)
    parts[0] = parts[0].lowercased()
    if let cards = database.cardsBySet[parts[0]], let last = parts[1].last, last.isLetter, parts[1].count > 1,
      !cards.contains(where: { $0.collectorNumber.text == parts[1] }),
      cards.contains(where: { $0.collectorNumber.text == String(parts[1].dropLast()) })
    {
      parts[1].removeLast()
    }
    return parts.joined(separator: ":")
  }

  /// woe's Set Booster holds a card of The List in 1 of 4 boosters: 12 or 13 cards.
  @Test func setBoostersOfTwoSizes() throws {
    let (_, plan) = try ShippedData.productPlan("woe-set")
    let sizes = plan.boosterSizeProbabilities
    #expect(sizes.count == 14 && abs(sizes[12] - 0.75) < 1e-15 && abs(sizes[13] - 0.25) < 1e-15, "\(sizes)")
    let pools = Simulation.openPools(plan, seed: 4, count: 200)
    let counts = Dictionary(grouping: pools.flatMap(\.boosters), by: \.count).mapValues(\.count)
    #expect(Set(counts.keys) == [12, 13])
    // 1200 boosters, 300 of 13 cards expected (sd 15).
    #expect(abs(Double(counts[13] ?? 0) - 300) < 75, "\(counts)")
    for booster in pools.flatMap(\.boosters) {
      #expect(booster.contains { $0.slot == "the_list" } == (booster.count == 13))
    }
  }

  /// A sheet drawn in one booster both for its own slot and in place of another's cards is one
  /// draw of its cards: eld's Collector Booster never repeats a foil uncommon.
  @Test func aSheetDrawnForSeveralSlotsNeverRepeatsACard() throws {
    let (_, plan) = try ShippedData.productPlan("eld-collector")
    for pool in Simulation.openPools(plan, seed: 8, count: 300) {
      for booster in pool.boosters {
        let keys = booster.map { "\($0.card.key)\($0.foil)" }
        #expect(Set(keys).count == keys.count)
        #expect(booster.count == 15)
      }
    }
  }
}
