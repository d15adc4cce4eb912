import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedTestSupport
import Testing

/// Colour-balanced sheets whose cards differ in weight (mtg.wtf's draft boosters with showcase
/// commons, such as eld-draft's: 87 commons of weight 3, 14 of weight 2 and their 14 showcase
/// printings of weight 1), on a small sheet of known colours.
@Suite struct WeightedBalanceTests {
  static let colours = ["W", "U", "B", "R", "G"]

  /// 36 cards: 6 of each colour and 6 colourless, weights 3, 3, 3, 2, 2, 1 in each group.
  static let weights: [Double] = [3, 3, 3, 2, 2, 1]

  static func cards() -> [Card] {
    (0..<36).map { index in
      let group = index / 6
      let colour = group < 5 ? [colours[group]] : []
      return Card(
        id: "tst-\(index + 1)", name: "Card \(index + 1)", setCode: "tst", setName: "Test",
        collectorNumber: CollectorNumber(String(index + 1)), rarity: .common,
        typeLine: group < 5 ? "Creature — Test" : "Artifact", colors: colour, colorIdentity: colour)
    }
  }

  static func product(count: Int) -> CompiledBoosterData.Product {
    var cards: [String: Double] = [:]
    for index in 0..<36 { cards["tst:\(index + 1)"] = weights[index % 6] }
    return CompiledBoosterData.Product(
      name: "Weighted", code: "tst-draft", set_code: "tst",
      boosters: [CompiledBoosterData.Booster(sheets: ["common": count], weight: 1)],
      sheets: ["common": CompiledBoosterData.Sheet(cards: cards, balance_colors: true)])
  }

  static func plan(count: Int) throws -> BoosterPlan {
    let text = try CompiledBoosterRules.ruleFile([product(count: count)], name: "tst-draft", source: "test")
    return try PlanCompiler.compile(RuleSetLoader.parse(text, source: "tst.yaml"), for: CardSet(code: "tst", cards: cards()))
  }

  /// Independently, in exact fractions: the group counts of a draw of `count` (one card of each
  /// colour, then groups by weight n·W_g − W for the colours and n·W_other for the rest, a group
  /// that has run out chosen again), then each group's cards a successive sample of its count.
  static func exactInclusion(count: Int) -> [ExactFraction] {
    let groupWeight = weights.reduce(0, +)
    let total = 6 * groupWeight
    let mixed = (0..<6).map { group in group < 5 ? Double(count) * groupWeight - total : Double(count) * groupWeight }
    var states: [[Int]: ExactFraction] = [[1, 1, 1, 1, 1, 0]: .one]
    for _ in 5..<count {
      var next: [[Int]: ExactFraction] = [:]
      for (counts, probability) in states {
        let open = (0..<6).filter { counts[$0] < 6 && mixed[$0] > 0 }
        let openWeight = open.reduce(ExactFraction.zero) { $0 + ExactFraction(weight: mixed[$1]) }
        for group in open {
          var successor = counts
          successor[group] += 1
          next[successor, default: .zero] = next[successor, default: .zero] + probability * ExactFraction(weight: mixed[group]) / openWeight
        }
      }
      states = next
    }
    var groupCards: [String: Double] = [:]
    for (index, weight) in weights.enumerated() { groupCards["c\(index)"] = weight }
    var result = [ExactFraction](repeating: .zero, count: 36)
    for (counts, probability) in states {
      for group in 0..<6 where counts[group] > 0 {
        let inclusion = ProductExpectations.successiveSampling(groupCards, draws: counts[group])
        for index in 0..<6 {
          result[6 * group + index] = result[6 * group + index] + probability * inclusion[weights[index]]!
        }
      }
    }
    return result
  }

  @Test(arguments: [6, 8, 10])
  func expectationsAreTheExactFractions(_ count: Int) throws {
    let plan = try Self.plan(count: count)
    let expectations = try Expectations(plan: plan)
    let exact = Self.exactInclusion(count: count)
    for (ordinal, card) in plan.cards.enumerated() {
      let index = Int(card.collectorNumber.text)! - 1
      let got = expectations.cardsPerBoosterByKind[0][ordinal]
      #expect(abs(got - exact[index].doubleValue) < 1e-12, "card \(index + 1): \(got) against \(exact[index])")
    }
    // Balancing keeps each group's share of the draw: n·W_g/W = n/6 cards of every group.
    for group in 0..<6 {
      let share = (0..<6).reduce(ExactFraction.zero) { $0 + exact[6 * group + $1] }
      #expect(share == ExactFraction(UInt64(count), 6), "group \(group): \(share)")
    }
  }

  @Test func everyBoosterHoldsACardOfEachColourAndNoCardTwice() throws {
    let plan = try Self.plan(count: 10)
    for pool in Simulation.openPools(plan, seed: 3, count: 300) {
      for booster in pool.boosters {
        #expect(booster.count == 10)
        #expect(Set(booster.map(\.card.key)).count == 10)
        #expect(Set(booster.map { ColorBalance.group(of: $0.card) }).isSuperset(of: 0..<5))
      }
    }
  }

  /// The engine against the exact expectations, card by card, over 240,000 boosters.
  @Test func theEngineDrawsWhatTheExpectationsSay() throws {
    let plan = try Self.plan(count: 10)
    let expectations = try Expectations(plan: plan)
    let pools = 40_000
    let tally = Simulation.run(.init(plan: plan, pools: pools, seed: 12, threads: 2)).tally
    for ordinal in plan.cards.indices {
      let expected = expectations.cardsPerPool[ordinal] * Double(pools)
      // Within 5 standard deviations (a card's copies vary less than Poisson's).
      #expect(abs(Double(tally.cardCopies[ordinal]) - expected) < 5 * expected.squareRoot(), "\(plan.cards[ordinal].name)")
    }
  }

  /// A colour short of weight: balancing would need a negative weight, one line.
  @Test func aColourWithTooLittleWeightIsRefused() throws {
    // Blue keeps one card, of weight 1, of a sheet of weight 71: 10 × 1 − 71 < 0.
    var product = Self.product(count: 10)
    product.sheets["common"]!.cards["tst:7"] = 1
    for number in 8...12 { product.sheets["common"]!.cards.removeValue(forKey: "tst:\(number)") }
    let text = try CompiledBoosterRules.ruleFile([product], name: "tst-draft", source: "test")
    #expect {
      try PlanCompiler.compile(RuleSetLoader.parse(text, source: "tst.yaml"), for: CardSet(code: "tst", cards: Self.cards()))
    } throws: { error in
      ((error as? DataError)?.description ?? "").contains(
        "sheet \"common\" cannot be balanced for 10 cards: colour U has weight 1 of 71, less than 1/10 of the sheet")
    }
  }
}
