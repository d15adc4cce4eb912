import SealedSupport
import SealedCards
@testable import SealedRules
@testable import SealedEngine
import SealedAnalysis
import SealedTestSupport
import Testing

/// A draw of several cards from a weighted sheet that the batches cannot take is a segment of
/// its own on the fast path (`Segment.several`, generator version 5): distinct cards of a sheet
/// stored as a weight table (whole weights), or any cards of one stored as an alias table
/// (weights such as 0.5), each card drawn on its own and, in a distinct draw, drawn again while
/// the draw already holds it. Here on a sheet of five cards whose weights (1, 1, 1, 2 and 6 of
/// 11, or half of each) make a repeat likely, so that a draw that kept repeats, or rejected them
/// wrongly, would be far from the exact inclusions.
@Suite struct SeveralCardsSegmentTests {
  /// The weights of the five cards: whole (a weight table) or halves (an alias table).
  static func weights(byAlias: Bool) -> [Double] {
    [1, 1, 1, 2, 6].map { byAlias ? $0 / 2 : $0 }
  }

  static func cards() -> [Card] {
    (0..<5).map { index in
      Card(
        id: "tst-\(index + 1)", name: "Card \(index + 1)", setCode: "tst", setName: "Test",
        collectorNumber: CollectorNumber(String(index + 1)), rarity: .common, typeLine: "Artifact")
    }
  }

  /// One booster of three cards from the five.
  static func plan(byAlias: Bool = false, distinct: Bool = true) throws -> BoosterPlan {
    var sheet: [String: Double] = [:]
    for (index, weight) in weights(byAlias: byAlias).enumerated() { sheet["tst:\(index + 1)"] = weight }
    let product = CompiledBoosterData.Product(
      name: "Weighted", code: "tst-draft", set_code: "tst",
      boosters: [CompiledBoosterData.Booster(sheets: ["common": 3], weight: 1)],
      sheets: ["common": CompiledBoosterData.Sheet(cards: sheet, allow_duplicates: distinct ? nil : true)])
    let text = try CompiledBoosterRules.ruleFile([product], name: "tst-draft", source: "test")
    return try PlanCompiler.compile(RuleSetLoader.parse(text, source: "tst.yaml"), for: CardSet(code: "tst", cards: cards()))
  }

  /// Each card's expected copies among the three, in exact fractions. Distinct: from every
  /// ordered triple, P(a, b, c) = w_a / W × w_b / (W − w_a) × w_c / (W − w_a − w_b); with
  /// repeats: 3 w / W.
  static func exactInclusion(distinct: Bool) -> [ExactFraction] {
    let weights: [UInt64] = [1, 1, 1, 2, 6]
    let total = weights.reduce(0, +)
    guard distinct else { return weights.map { ExactFraction(3 * $0, total) } }
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

  @Test(arguments: [(false, true), (true, true), (true, false)])
  func theDrawIsASegmentOfTheFastPath(_ byAlias: Bool, _ distinct: Bool) throws {
    let tables = EngineTables(plan: try Self.plan(byAlias: byAlias, distinct: distinct))
    #expect(tables.allProgramsUsePicks)
    #expect(
      tables.segments.elements.contains { $0.several && $0.byAlias == byAlias && $0.distinct == distinct && $0.extras == 3 })
  }

  @Test(arguments: [false, true])
  func everyBoosterHoldsThreeDifferentCards(_ byAlias: Bool) throws {
    for pool in Simulation.openPools(try Self.plan(byAlias: byAlias), seed: 4, count: 500) {
      for booster in pool.boosters {
        #expect(booster.count == 3)
        #expect(Set(booster.map(\.card.key)).count == 3)
      }
    }
  }

  /// The expectations are the exact fractions, and the engine's copies over 240,000 boosters
  /// sit within 5 standard deviations of them (a card's copies vary less than Poisson's).
  @Test(arguments: [(false, true), (true, true), (true, false)])
  func theEngineDrawsTheExactInclusions(_ byAlias: Bool, _ distinct: Bool) throws {
    let plan = try Self.plan(byAlias: byAlias, distinct: distinct)
    let expectations = try Expectations(plan: plan)
    let exact = Self.exactInclusion(distinct: distinct)
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
