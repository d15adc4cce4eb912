import SealedSupport
import SealedCards
import SealedRules

/// A product of one booster of three cards from a sheet of five, whose weights (1, 1, 1, 2 and 6
/// of 11, or half of each) make a repeat likely: stored as a weight table when the weights are
/// whole, as an alias table when halved. The engine draws it as a segment of several cards
/// (generator version 5); `SeveralCardsSegmentTests` and `SeveralCardsExpectationTests` hold it
/// to its exact inclusions.
package enum SeveralCardsSheet {
  /// The weights of the five cards: whole (a weight table) or halves (an alias table).
  package static func weights(byAlias: Bool) -> [Double] {
    [1, 1, 1, 2, 6].map { byAlias ? $0 / 2 : $0 }
  }

  package static func cards() -> [Card] {
    (0..<5).map { index in
      Card(
        id: "tst-\(index + 1)", name: "Card \(index + 1)", setCode: "tst", setName: "Test",
        collectorNumber: CollectorNumber(String(index + 1)), rarity: .common, typeLine: "Artifact")
    }
  }

  /// One booster of three cards from the five, distinct or not.
  package static func plan(byAlias: Bool = false, distinct: Bool = true) throws -> BoosterPlan {
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
  package static func exactInclusion(distinct: Bool) -> [ExactFraction] {
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
}
