import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedStats
import SealedJobs
import SealedTestSupport
import Testing

/// Products of the shipped 2025 data simulated and checked against their own rules (the check
/// machinery of `sealed check`: the rules' checks and invariants), on the shipped card data and
/// on card keys where it lacks cards; and each with a planted wrong rule, which must fail.
@Suite struct ProductCheckTests {
  /// A product's plan, with `change` applied to the product first (a planted wrong rule).
  func plan(_ code: String, change: (inout CompiledBoosterData.Product) -> Void = { _ in }) throws -> BoosterPlan {
    var product = try ShippedData.boosters().product(code)
    change(&product)
    let text = try CompiledBoosterRules.ruleFile([product], name: code, source: "test")
    return try ShippedData.plan(product.set_code, rulesText: text, source: "\(code).yaml")
  }

  /// Simulates `simulated` and checks its counts against `expected`'s rules.
  func check(_ expected: BoosterPlan, simulating simulated: BoosterPlan? = nil, pools: Int, seed: UInt64) throws -> CheckRun {
    let tally = Simulation.run(.init(plan: simulated ?? expected, pools: pools, seed: seed, threads: 2)).tally
    return try CheckRun(plan: expected, expectations: Expectations(plan: expected), tally: tally, alpha: 0.001)
  }

  @Test(.heavy, arguments: ["woe-set", "eld-collector", "mkm-play", "one-jumpstart", "afr-theme-b", "dbl-draft", "war-arena"])
  func aProductPassesItsOwnChecks(_ code: String) throws {
    let plan = try plan(code)
    let result = try check(plan, pools: 10_000, seed: 31)
    #expect(result.passed, "\(code): \(result.failures.map { "\($0.name) \($0.detail)" })")
    #expect(result.checks.contains { $0.name == "every card comes from its draw's sheet" })
  }

  /// The List in every other woe Set Booster instead of 1 in 4 (variant weights 12:4:3:1 made
  /// 12:12:3:3): the booster sizes and The List's counts give it away.
  @Test func setBoostersWithTheListTooOftenFail() throws {
    let right = try plan("woe-set")
    let wrong = try plan("woe-set") { product in
      product.boosters[1].weight = 12
      product.boosters[3].weight = 3
    }
    let result = try check(right, simulating: wrong, pools: 10_000, seed: 32)
    let failed = Set(result.failures.map(\.name))
    #expect(failed.contains("booster sizes"), "\(failed)")
    #expect(failed.contains("12 or 13 cards in every booster") == false)
  }

  /// One showcase card of eld's Collector Booster twice its weight: its sheet's check fails.
  @Test func aShowcaseCardTwiceTooLikelyFails() throws {
    let right = try plan("eld-collector")
    let wrong = try plan("eld-collector") { product in
      let key = product.sheets["any_showcase"]!.cards.keys.sorted()[0]
      product.sheets["any_showcase"]!.cards[key]! *= 2
    }
    let result = try check(right, simulating: wrong, pools: 20_000, seed: 33)
    #expect(result.failures.map(\.name).contains { $0.hasPrefix("sheet any_showcase") }, "\(result.failures.map(\.name))")
  }

  /// mkm's Play Booster with its Special Guest in 1 of 32 boosters instead of 1 of 64: the
  /// sheet that holds the guests fails.
  @Test func aPlayBoosterWithTooManySpecialGuestsFails() throws {
    let product = try ShippedData.boosters().product("mkm-play")
    let guestSheet = try #require(product.sheets.first { $0.value.cards.keys.contains { $0.hasPrefix("spg:") } }?.key)
    let right = try plan("mkm-play")
    let wrong = try plan("mkm-play") { product in
      for key in product.sheets[guestSheet]!.cards.keys where key.hasPrefix("spg:") {
        product.sheets[guestSheet]!.cards[key]! *= 2
      }
    }
    let result = try check(right, simulating: wrong, pools: 20_000, seed: 34)
    #expect(result.failures.map(\.name).contains { $0.hasPrefix("sheet \(guestSheet)") }, "\(result.failures.map(\.name))")
  }
}

/// A product checked on its card keys alone (compiled with no card data at all): what works on
/// keys is tested, what needs rarities or filters is `not_tested` with the reason, never passed.
@Suite struct ProductOnKeysTests {
  func keysOnlyPlan(_ code: String) throws -> BoosterPlan {
    let product = try ShippedData.boosters().product(code)
    let text = try CompiledBoosterRules.ruleFile([product], name: code, source: "test")
    let rules = try RuleSetLoader.parse(text, source: "\(code).yaml")
    let set = product.set_code.lowercased()
    var cardSet = CardSet(code: set, cards: [])
    for other in rules.namedSets(for: set) { cardSet.otherSets[other] = CardSet(code: other, cards: []) }
    return try PlanCompiler.compile(rules, for: cardSet)
  }

  @Test func checksThatNeedRaritiesAreNotTestedAndTheRestAre() throws {
    let plan = try keysOnlyPlan("mkm-play")
    #expect(plan.cards.allSatisfy { !$0.hasData })
    let tally = Simulation.run(.init(plan: plan, pools: 2_000, seed: 41, threads: 2)).tally
    let run = try CheckRun(plan: plan, expectations: Expectations(plan: plan), tally: tally, alpha: 0.001)
    let byName = Dictionary(run.checks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let rarityMixes = run.checks.filter { $0.name.hasSuffix(": rarity mix") }
    #expect(!rarityMixes.isEmpty)
    for check in rarityMixes + [byName["mythics per pool"]].compactMap({ $0 }) {
      #expect(check.isNotTested, "\(check.name) \(check.verdict)")
      #expect(check.detail.contains("lack card data") && check.detail.contains("sealed cards fetch"), "\(check.detail)")
    }
    #expect(byName["mythics per pool"] != nil)
    let sheets = run.checks.filter { $0.name.hasPrefix("sheet ") }
    #expect(sheets.count >= 5 && sheets.allSatisfy(\.passed), "\(sheets.map { "\($0.name) \($0.verdict)" })")
    #expect(byName["every card comes from its draw's sheet"]?.passed == true)
    #expect(run.failures.isEmpty, "\(run.failures.map(\.name))")
  }

  /// The wildcard sheet shares cards with the rarity sheets, so a booster may hold a card twice:
  /// "no card twice" is not a claim of these rules; war's draft booster makes it, and keeps it.
  @Test func noCardTwiceIsTestedOnlyWhereTheRulesPromiseIt() throws {
    let play = try keysOnlyPlan("mkm-play")
    #expect(play.repeatReasons.contains { $0.contains("wildcard") }, "\(play.repeatReasons)")
    let draft = try ProductCheckTests().plan("war-draft")  // colour-balanced: compiled on war's card data
    #expect(draft.repeatReasons.isEmpty, "\(draft.repeatReasons)")
    for (plan, promised) in [(play, false), (draft, true)] {
      let tally = Simulation.run(.init(plan: plan, pools: 500, seed: 42, threads: 2)).tally
      let run = try CheckRun(plan: plan, expectations: Expectations(plan: plan), tally: tally, alpha: 0.001)
      let check = try #require(run.checks.first { $0.name == "no card twice in a booster" })
      #expect(check.isNotTested != promised, "\(plan.rulesName): \(check.detail)")
      if promised { #expect(check.passed) } else { #expect(check.detail.contains("share cards")) }
    }
  }
}
