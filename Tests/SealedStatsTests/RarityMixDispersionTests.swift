import SealedRules
import SealedEngine
import SealedAnalysis
import SealedCards
@testable import SealedStats
import SealedTestSupport
import Testing

/// A slot's rarity mix is tested against shares of the slot's observed total, so its dispersion
/// counts each booster's rarity counts less their shares of the cards it put there. avr's
/// six-card booster puts 0 or 1 rare or mythic in its slot (one variant of three has it): that is
/// one multinomial card, dispersion 1, where the count alone (what the scaling took) varied 5.71
/// times as much, so the check needed a deviation 2.4 times as large to fail (a review: over 200
/// seeds none of its p-values fell below 0.05; unscaled, 3.5% did).
@Suite struct RarityMixDispersionTests {
  /// The rules' plan, and the same product with its rares drawn at weight 5 and mythics at 3
  /// (shipped: 2 and 1; the mythic share of the slot 45/310 = 0.145 against 15/121 = 0.124).
  func plans() throws -> (rules: BoosterPlan, planted: BoosterPlan) {
    let product = try ShippedData.boosters().product("avr-six")
    var planted = product
    var sheet = try #require(planted.sheets["rare_mythic"])
    sheet.cards = sheet.cards.mapValues { $0 == 2 ? 5 : 3 }
    sheet.total_weight = sheet.cards.values.reduce(0, +)
    planted.sheets["rare_mythic"] = sheet
    return (try compile(product), try compile(planted))
  }

  /// The product compiled on avr's card data (the field data shipped with Sealed), so that its
  /// cards have rarities.
  func compile(_ product: CompiledBoosterData.Product) throws -> BoosterPlan {
    let text = try CompiledBoosterRules.ruleFile([product], name: product.code, source: "test")
    let rules = try RuleSetLoader.parse(text, source: "\(product.code).yaml")
    let database = try CardDatabase.load(files: [FieldCardData(shippedCards: Fixtures.shippedCards).file(forSet: "avr")])
    let plan = try PlanCompiler.compile(rules, for: CardSet(code: "avr", cards: database.cardsBySet["avr"] ?? []))
    #expect(plan.cards.filter { $0.rarity == .mythic }.count == 15, "avr's 15 mythics, with their rarities")
    return plan
  }

  @Test func aSlotOfZeroOrOneCardIsOneMultinomialCard() throws {
    let (rules, _) = try plans()
    let tally = Simulation.run(.init(plan: rules, pools: 10, seed: 1, threads: 1)).tally
    let context = CheckContext(plan: rules, expectations: try Expectations(plan: rules), tally: tally, builder: CheckBuilder(alpha: 0.001))
    let slot = try #require(rules.slots.firstIndex { $0.name == "rare_mythic" })
    // Per booster, X_r − s_r S is 0 without the slot's card and 1{r} − s_r with it, so its
    // variance is P(S = 1) s_r (1 − s_r); over s_r P(S = 1) and summed over rare and mythic,
    // (1 − s_rare) + (1 − s_mythic) = 1, the degrees of freedom: the dispersion is 1 exactly.
    #expect(RuleChecks(context: context).rarityDispersion(slot: slot, rarities: [.rare, .mythic]) == 1)
  }

  /// The planted rule fails the rarity mix on 6,000 pools: its Pearson sum lies below 84, the
  /// level the 5.71 scaling asked for (14.7 × 5.71), so the check as it was would have passed it.
  @Test func aWrongMythicShareFailsTheRarityMix() throws {
    let (rules, planted) = try plans()
    let tally = Simulation.run(.init(plan: planted, pools: 6000, seed: 3, threads: 2)).tally
    let run = try CheckRun(plan: rules, expectations: Expectations(plan: rules), tally: tally, alpha: 0.001)
    let mix = try #require(run.checks.first { $0.name == "slot rare_mythic: rarity mix" })
    #expect(mix.failed, "\(mix)")
    #expect(try #require(mix.statistic) < 84, "\(mix)")
    // The correct rules pass it on the same seed.
    let fair = Simulation.run(.init(plan: rules, pools: 6000, seed: 3, threads: 2)).tally
    let passing = try CheckRun(plan: rules, expectations: Expectations(plan: rules), tally: fair, alpha: 0.001)
    #expect(try #require(passing.checks.first { $0.name == "slot rare_mythic: rarity mix" }).passed)
  }
}
