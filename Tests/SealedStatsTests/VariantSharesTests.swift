import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedStats
import SealedVerdicts
import SealedTestSupport
import Testing

/// `sealed check`'s test of how often each variant is chosen. The sheet and rarity checks expect
/// their counts from the variants a run drew, so a generator choosing variants at the wrong
/// rates passed every check (found by an independent review: dsk-play's Special Guests in 14%
/// of boosters where the data says 1/64). mkm-play's variants weigh 28, 4, 7, 1, 4 and 1 (the
/// two that draw The List 4 and 1): the same product with The List's first variant at weight
/// 8 is the wrong generator.
@Suite struct VariantSharesTests {
  static let name = "variants of boosters in proportion to weight"

  /// mkm-play's plan from the shipped data, after `change`, without a spec.
  func plan(change: (inout CompiledBoosterData.Product) -> Void = { _ in }) throws -> BoosterPlan {
    var product = try ShippedData.boosters().product("mkm-play")
    change(&product)
    let rules = try RuleSetLoader.parse(
      try CompiledBoosterRules.ruleFile([product], name: "mkm-play", source: "test"), source: "mkm-play.yaml")
    let database = try ShippedData.database()
    var cardSet = CardSet(code: "mkm", cards: database.cardsBySet["mkm"] ?? [])
    for other in rules.namedSets(for: "mkm") { cardSet.otherSets[other] = CardSet(code: other, cards: database.cardsBySet[other] ?? []) }
    return try PlanCompiler.compile(rules, for: cardSet)
  }

  func checks(_ expected: BoosterPlan, simulating simulated: BoosterPlan, seed: UInt64) throws -> CheckRun {
    let tally = Simulation.run(.init(plan: simulated, pools: 30_000, seed: seed, threads: 2)).tally
    return try CheckRun(plan: expected, expectations: Expectations(plan: expected), tally: tally, alpha: 0.001)
  }

  @Test func variantsAtTheirWeightsPassAndAtOtherWeightsFail() throws {
    let right = try plan()
    // The shares the check holds the run to are the JSON's weights over their sum, read here
    // from the data itself (not from the plan).
    let weights = try ShippedData.boosters().product("mkm-play").boosters.map(\.weight)
    let shares = weights.map { $0 / weights.reduce(0, +) }.sorted()
    #expect(zip(right.combinationProbabilities[0].filter { $0 > 0 }.sorted(), shares).allSatisfy { abs($0 - $1) < 1e-12 })

    let passing = try checks(right, simulating: right, seed: 5)
    let made = try #require(passing.checks.first { $0.name == Self.name })
    #expect(made.verdict == .pass && made.degreesOfFreedom == weights.count - 1, "\(made)")

    let wrong = try plan { $0.boosters[1].weight = 8 }
    let failing = try checks(right, simulating: wrong, seed: 5)
    let caught = try #require(failing.checks.first { $0.name == Self.name })
    #expect(caught.verdict == .fail, "\(caught)")
    #expect((caught.pAdjusted ?? 1) < 1e-20, "\(caught)")
    // The sheets' own checks take the variants drawn as given: none of them sees it.
    #expect(failing.failures.map(\.name) == [Self.name], "\(failing.failures.map(\.name))")
  }
}
