import SealedSupport
import SealedCards
@testable import SealedRules
@testable import SealedEngine
import SealedAnalysis
import SealedTestSupport
import Testing

/// A distinct draw of several cards from a weighted sheet stored as a weight table is a distinct
/// segment of the fast path (generator version 5): each card a uniform entry of the table, drawn
/// again while the booster's draw already holds it. Here on a sheet of five cards whose weights
/// (1, 1, 1, 2 and 6 of 11) make a repeat likely, so that a draw that kept repeats, or rejected
/// them wrongly, would be far from the exact inclusions.
@Suite struct WeightTableDistinctTests {
  static let weights: [UInt64] = [1, 1, 1, 2, 6]

  static func cards() -> [Card] {
    weights.indices.map { index in
      Card(
        id: "tst-\(index + 1)", name: "Card \(index + 1)", setCode: "tst", setName: "Test",
        collectorNumber: CollectorNumber(String(index + 1)), rarity: .common, typeLine: "Artifact")
    }
  }

  static func plan() throws -> BoosterPlan {
    var sheet: [String: Double] = [:]
    for (index, weight) in weights.enumerated() { sheet["tst:\(index + 1)"] = Double(weight) }
    let product = CompiledBoosterData.Product(
      name: "Weighted", code: "tst-draft", set_code: "tst",
      boosters: [CompiledBoosterData.Booster(sheets: ["common": 3], weight: 1)],
      sheets: ["common": CompiledBoosterData.Sheet(cards: sheet)])
    let text = try CompiledBoosterRules.ruleFile([product], name: "tst-draft", source: "test")
    return try PlanCompiler.compile(RuleSetLoader.parse(text, source: "tst.yaml"), for: CardSet(code: "tst", cards: cards()))
  }

  /// Each card's chance to be among the three, in exact fractions, from every ordered triple:
  /// P(a, b, c) = w_a / W × w_b / (W − w_a) × w_c / (W − w_a − w_b).
  static func exactInclusion() -> [ExactFraction] {
    let total = weights.reduce(0, +)
    var result = [ExactFraction](repeating: .zero, count: weights.count)
    for a in weights.indices {
      for b in weights.indices where b != a {
        for c in weights.indices where c != a && c != b {
          let chance =
            ExactFraction(weights[a], total) * ExactFraction(weights[b], total - weights[a])
            * ExactFraction(weights[c], total - weights[a] - weights[b])
          for card in [a, b, c] { result[card] = result[card] + chance }
        }
      }
    }
    return result
  }

  @Test func theDrawIsASegmentOfTheFastPath() throws {
    let tables = EngineTables(plan: try Self.plan())
    #expect(tables.allProgramsUsePicks)
    #expect(tables.segments.elements.contains { $0.distinct && $0.extras == 3 })
  }

  @Test func everyBoosterHoldsThreeDifferentCards() throws {
    for pool in Simulation.openPools(try Self.plan(), seed: 4, count: 500) {
      for booster in pool.boosters {
        #expect(booster.count == 3)
        #expect(Set(booster.map(\.card.key)).count == 3)
      }
    }
  }

  /// The expectations are the exact fractions, and the engine's copies over 240,000 boosters
  /// sit within 5 standard deviations of them (a card's copies vary less than Poisson's).
  @Test func theEngineDrawsTheExactInclusions() throws {
    let plan = try Self.plan()
    let expectations = try Expectations(plan: plan)
    let exact = Self.exactInclusion()
    let pools = 40_000
    let tally = Simulation.run(.init(plan: plan, pools: pools, seed: 9, threads: 2)).tally
    let boosters = Double(pools * plan.boostersPerPool)
    for (ordinal, card) in plan.cards.enumerated() {
      let index = Int(card.collectorNumber.text)! - 1
      let inclusion = exact[index].doubleValue
      #expect(abs(expectations.cardsPerBoosterByKind[0][ordinal] - inclusion) < 1e-12, "card \(index + 1)")
      let expected = inclusion * boosters
      #expect(abs(Double(tally.cardCopies[ordinal]) - expected) < 5 * expected.squareRoot(), "card \(index + 1)")
    }
  }
}
