import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedStats
import SealedTestSupport
import Testing

/// `sealed check`'s statistics: correct rules pass for many seeds, wrong rules fail.
@Suite struct CheckRunTests {
  static let sealedText: String = {
    let path = try! BundledResourcesPath.rules("sealed")
    return try! String(contentsOfFile: path, encoding: .utf8)
  }()

  func run(_ plan: BoosterPlan, pools: Int, seed: UInt64, alpha: Double = 0.001) throws -> CheckRun {
    let tally = Simulation.run(.init(plan: plan, pools: pools, seed: seed, threads: 2)).tally
    return try CheckRun(plan: plan, expectations: Expectations(plan: plan), tally: tally, alpha: alpha)
  }

  func plan(_ set: String, rules: RuleSetDefinition, spec: String? = "sealed") throws -> BoosterPlan {
    try PlanCompiler.compile(rules, for: ShippedData.set(set), spec: spec.map { try SpecLoader.builtIn($0) })
  }

  /// A sheet every draw takes whole (bbd-draft's 21 two-card partner sheets) gave a chi-square
  /// of 0 in every run, counted in Holm's m and `--plan` (20 of bbd-draft's 31 tests), and so did
  /// its slot's rarity mix. Both are invariants: a copy moved from one card of the pair to the
  /// other fails them.
  @Test func sheetsDrawnWholeAndFixedRarityMixesAreInvariants() throws {
    let yaml = """
      name: whole
      pool: { boosters: 6, mythic_booster: none }
      sheets:
        common: { rarity: common, type_excludes: Basic Land }
        trio: { collector_numbers: "2-4" }
      slots:
        - { name: common, count: 10, sheet: common }
        - { name: trio, count: 3, sheet: trio }
      """
    let plan = try ShippedData.plan("war", yaml: yaml)
    var tally = Simulation.run(.init(plan: plan, pools: 300, seed: 3, threads: 2)).tally
    let run = try CheckRun(plan: plan, expectations: Expectations(plan: plan), tally: tally, alpha: 0.001)
    let sheet = try #require(run.checks.first { $0.name == "sheet trio: every card in every draw of the sheet" }, "\(run.checks.map(\.name))")
    #expect(sheet.kind == .invariant && sheet.passed && sheet.n == 3 * 6 * 300, "\(sheet.detail)")
    // A rare and two uncommons: shares a third and two thirds, held in whole numbers (a share
    // times a total in floating point can fall a hair short of a correct count).
    let slot = try #require(run.checks.first { $0.name.hasPrefix("slot trio: rarities in fixed shares (uncommon 0.666") }, "\(run.checks.map(\.name))")
    #expect(slot.kind == .invariant && slot.passed && slot.name.contains(", rare 0.333"), "\(slot.name)")
    // No statistical row is 0 whatever the run: the common sheet and slot are the tests.
    #expect(!run.checks.contains { $0.pValue != nil && $0.statistic == 0 }, "\(run.checks.filter { $0.statistic == 0 }.map(\.name))")
    #expect(run.testCount == 1, "\(run.checks.filter { $0.pValue != nil }.map(\.name))")
    // One copy moved from the trio's rare to an uncommon, where the sheet was drawn.
    let pair = try #require(plan.sheetIndex(named: "trio"))
    let (rare, uncommon) = (plan.sheets[pair].cards[0], plan.sheets[pair].cards[1])
    let at = try #require(plan.sites.indices.first { plan.sites[$0].draw.sheet == pair }) * tally.cardCount
    tally.siteCards[at + rare] -= 1
    tally.siteCards[at + uncommon] += 1
    let moved = try CheckRun(plan: plan, expectations: Expectations(plan: plan), tally: tally, alpha: 0.001)
    let broken = try #require(moved.checks.first { $0.name == sheet.name })
    #expect(broken.failed && broken.observed == 2, "\(broken.detail)")
    let mixed = try #require(moved.checks.first { $0.name == slot.name })
    #expect(mixed.failed && mixed.observed == 1, "\(mixed.detail)")
  }

  /// A slot of count 0 that no variant fills has no draws: `check` stopped on an empty
  /// chi-square ("statistics failed"); it now makes no check of that slot, and the rest run.
  @Test func aSlotNoBoosterFillsIsNotChecked() throws {
    let yaml = """
      name: empty-slot
      pool: { boosters: 6, mythic_booster: none }
      sheets:
        c: { rarity: common }
        l: { type_contains: Basic Land }
      slots:
        - { name: c, count: 10, sheet: c }
        - { name: l, count: 0, sheet: l }
      """
    let plan = try plan("war", rules: RuleSetLoader.parse(yaml, source: "empty-slot.yaml"), spec: nil)
    let result = try run(plan, pools: 2000, seed: 1)
    #expect(result.checks.contains { $0.name == "slot c: only common cards" })
    #expect(!result.checks.contains { $0.name.hasPrefix("slot l") }, "\(result.checks.map(\.name))")
    #expect(result.passed)
  }

  /// False alarms are what make a validator useless: the article's rules against the article's
  /// claims pass at alpha 0.001 for 20 seeds.
  @Test(.heavy) func correctRulesPassForTwentySeeds() throws {
    let plan = try plan("war", rules: RuleSetLoader.builtIn("sealed"))
    for seed in 1...20 {
      let result = try run(plan, pools: 20_000, seed: UInt64(seed))
      #expect(result.passed, "seed \(seed): \(result.failures.map { "\($0.name) p=\($0.pAdjusted ?? -1)" })")
      #expect(result.checks.count == 29)  // 10 tests and 19 invariants, one row each
      // Every check passed, so every interval is at Bonferroni's level alpha / m and covers.
      for check in result.checks where check.kind == .binomial {
        #expect(check.confidenceLevel == 1 - 0.001 / Double(result.testCount))
        #expect(check.confidenceLow! <= check.expected! && check.expected! <= check.confidenceHigh!, "seed \(seed): \(check.name)")
      }
    }
  }

  @Test(.heavy, arguments: [("war", "retail"), ("dom", "retail"), ("grn", "retail"), ("rna", "sealed"), ("dom", "sealed"), ("war", "retail-lethe"), ("dom", "retail-lethe"), ("xln", "retail")])
  func otherRuleSetsPassTheirOwnChecks(_ set: String, _ rules: String) throws {
    let plan = try plan(set, rules: RuleSetLoader.builtIn(rules), spec: rules == "sealed" ? "sealed" : nil)
    for seed in [11, 12, 13] {
      let result = try run(plan, pools: 20_000, seed: UInt64(seed))
      #expect(result.passed, "\(set) \(rules) seed \(seed): \(result.failures.map { "\($0.name) p=\($0.pAdjusted ?? -1)" })")
    }
  }

  @Test func planeswalkerAtEightyInsteadOfSeventyEightFailsWithThePlannedPools() throws {
    let wrong = try RuleSetLoader.parse(
      Self.sealedText.replacingOccurrences(of: "non_mythic_booster: 0.78", with: "non_mythic_booster: 0.80")
        .replacingOccurrences(of: "non_mythic_booster: 0.22", with: "non_mythic_booster: 0.20"),
      source: "wrong-80.yaml")
    let plan = try plan("war", rules: wrong)
    let expectations = try Expectations(plan: plan)
    let sample = Simulation.run(.init(plan: plan, pools: 4096, seed: 1, threads: 1)).tally
    let checkPlan = try CheckPlan(
      plan: plan, expectations: expectations, alpha: 0.001, deviation: 0.02, power: 0.99,
      sample: CheckRun(plan: plan, expectations: expectations, tally: sample, alpha: 0.001))
    let pools = try #require(checkPlan.row("uncommon planeswalker in 78% of non-mythic boosters")?.pools)
    #expect(pools > 1000)
    let result = try run(plan, pools: pools, seed: 2)
    #expect(!result.passed)
    let failed = Set(result.failures.map(\.name))
    #expect(failed.contains("uncommon planeswalker in 78% of non-mythic boosters"))
    // Intervals agree with verdicts: the failed claim's excludes 0.78, the passing ones cover.
    for check in result.checks where check.kind == .binomial {
      let covers = check.confidenceLow! <= check.expected! && check.expected! <= check.confidenceHigh!
      #expect(covers == check.passed, "\(check.name)")
    }
    // The rules' own expectation (0.80) is met: only the spec catches the wrong number.
    #expect(result.failures.allSatisfy { $0.source == .spec })
  }

  @Test func aSheetThatRepeatsCardsFails() throws {
    let wrong = try RuleSetLoader.parse(
      Self.sealedText.replacingOccurrences(
        of: "- { name: common,   count: 10, sheet: common }", with: "- { name: common,   count: 10, sheet: common, distinct: false }"),
      source: "repeats.yaml")
    let result = try run(plan("war", rules: wrong), pools: 2000, seed: 3)
    #expect(!result.passed)
    let failed = Set(result.failures.map(\.name))
    #expect(failed.contains("no card twice in a booster"))
    // The rules no longer promise it (their slot draws with duplicates allowed): the spec's
    // claim is the one row, and it says why the rules' own check was not made.
    #expect(result.failures.contains { $0.name == "no card twice in a booster" && $0.source == .spec && $0.detail.contains("the rules do not promise it") })
    #expect(result.checks.filter { $0.name == "no card twice in a booster" }.count == 1)
  }

  @Test func aMythicBoosterThatIsNeverTheSixthFails() throws {
    let wrong = try RuleSetLoader.parse(
      Self.sealedText.replacingOccurrences(
        of: "  mythic_booster: one ", with: "  position_weights: [1, 1, 1, 1, 1, 0]\n  mythic_booster: one "),
      source: "positions.yaml")
    let plan = try plan("war", rules: wrong)
    #expect(plan.mythicBoosterPositionProbabilities?.last == 0)
    let result = try run(plan, pools: 5000, seed: 4)
    #expect(!result.passed)
    #expect(result.failures.map(\.name) == ["the mythic booster's position is uniform over the 6 boosters"])
  }

  @Test func aSamplerFavouringLowCollectorNumbersByOnePercentFails() throws {
    let wrong = try RuleSetLoader.parse(
      Self.sealedText.replacingOccurrences(
        of: "  common:   { rarity: common, type_excludes: Basic Land }",
        with: "  common:   { rarity: common, type_excludes: Basic Land, weights: [{ collector_numbers: 1-132, weight: 1.01 }] }"),
      source: "biased.yaml")
    let plan = try plan("war", rules: wrong)
    let common = try #require(plan.sheets.first { $0.name == "common" })
    #expect(Set(common.weights) == [1, 1.01])
    let result = try run(plan, pools: 300_000, seed: 5)
    #expect(!result.passed)
    #expect(result.failures.map(\.name) == ["commons equally likely"])
  }

  @Test func theRulesOwnChecksCatchAnEngineThatDisagreesWithThem() throws {
    // A tally from other rules checked against the sealed rules' expectations: the kind of
    // mismatch a generator bug would cause.
    let sealed = try plan("war", rules: RuleSetLoader.builtIn("sealed"), spec: nil)
    let wrong = try RuleSetLoader.parse(
      Self.sealedText.replacingOccurrences(of: "non_mythic_booster: 0.78", with: "non_mythic_booster: 0.80")
        .replacingOccurrences(of: "non_mythic_booster: 0.22", with: "non_mythic_booster: 0.20"),
      source: "wrong-80.yaml")
    let other = try plan("war", rules: wrong, spec: nil)
    let tally = Simulation.run(.init(plan: other, pools: 20_000, seed: 6, threads: 2)).tally
    let result = try CheckRun(plan: sealed, expectations: Expectations(plan: sealed), tally: tally, alpha: 0.001)
    #expect(!result.passed)
    #expect(result.failures.contains { $0.name == "event planeswalker_uncommon given non_mythic_booster" })
  }
}

/// Where the built-in rule files are, for tests that edit them.
enum BundledResourcesPath {
  static func rules(_ name: String) throws -> String {
    let root = Fixtures.repositoryRoot.appendingPathComponent("Sources/SealedData/Resources/rules/\(name).yaml")
    return root.path
  }
}

@Suite struct SlotRarityDispersionTests {
  /// Half the boosters replace two of three uncommons with two rares: each rarity's count per
  /// booster has variance 1 (values 0 or 2, and 3 or 1), against 3 · 1/3 · 2/3 = 2/3 for a
  /// multinomial slot of 3, so the statistic is divided by 1.5.
  @Test func blockReplacementsAreAllowedForAndStillPass() throws {
    let yaml = """
      name: blocks
      pool: { boosters: 6, mythic_booster: none }
      sheets:
        uncommon: { rarity: uncommon }
        rare: { rarity: rare }
      slots:
        - { name: mixed, count: 3, sheet: uncommon }
      variants:
        - { name: plain, probability: 0.5 }
        - { name: rares, probability: 0.5, replace: [{ slot: mixed, count: 2, sheet: rare }] }
      """
    let plan = try ShippedData.plan("war", yaml: yaml)
    let expectations = try Expectations(plan: plan)
    for seed in 1...5 {
      let tally = Simulation.run(.init(plan: plan, pools: 20_000, seed: UInt64(seed), threads: 2)).tally
      let run = try CheckRun(plan: plan, expectations: expectations, tally: tally, alpha: 0.001)
      let slot = try #require(run.checks.first { $0.name == "slot mixed: rarity mix" })
      #expect(slot.detail.contains("dispersion 1.5"), "\(slot.detail)")
      #expect(run.passed, "seed \(seed): \(run.failures.map(\.name))")
    }
  }
}

/// Holm's m counts each hypothesis once: no check that cannot fail, one row for what the rules
/// and the spec both state, one row for complementary events.
@Suite struct HypothesisCountTests {
  /// A plan of one kind of booster (named "booster") names its exact counts "in every booster"
  /// (a review found "in every booster booster" on retail's page), and says "non-foil" where
  /// foils are drawn too (the count leaves a foil planeswalker out, as events do).
  @Test func anExactCountOfOneKindOfBoosterIsNamedOnce() throws {
    let plan = try PlanCompiler.compile(RuleSetLoader.builtIn("retail"), for: ShippedData.set("war"))
    let tally = Simulation.run(.init(plan: plan, pools: 512, seed: 1, threads: 1)).tally
    let run = try CheckRun(plan: plan, expectations: Expectations(plan: plan), tally: tally, alpha: 0.001)
    #expect(run.checks.contains { $0.name == "exactly 1 non-foil planeswalker card in every booster" }, "\(run.checks.map(\.name))")
    #expect(!run.checks.contains { $0.name.contains("booster booster") })
    // Rules without foils say nothing of them.
    let plain = try PlanCompiler.compile(RuleSetLoader.builtIn("sealed"), for: ShippedData.set("war"))
    let plainRun = try CheckRun(
      plan: plain, expectations: Expectations(plan: plain), tally: Simulation.run(.init(plan: plain, pools: 512, seed: 1, threads: 1)).tally,
      alpha: 0.001)
    #expect(plainRun.checks.contains { $0.name.hasPrefix("exactly 1 planeswalker card in every ") }, "\(plainRun.checks.map(\.name))")
    #expect(!plainRun.checks.contains { $0.name.contains("non-foil") })
  }

  @Test func warUnderSealedTestsTenHypotheses() throws {
    let plan = try PlanCompiler.compile(RuleSetLoader.builtIn("sealed"), for: ShippedData.set("war"), spec: SpecLoader.builtIn("sealed"))
    let tally = Simulation.run(.init(plan: plan, pools: 4096, seed: 1, threads: 1)).tally
    let run = try CheckRun(plan: plan, expectations: Expectations(plan: plan), tally: tally, alpha: 0.001)
    let tested = run.checks.filter { $0.pValue != nil }
    // 7 sheets, the two planeswalker proportions, the mythic booster's position.
    #expect(run.testCount == 10, "\(tested.map(\.name))")
    #expect(tested.allSatisfy { $0.source == .both }, "\(tested.filter { $0.source != .both }.map(\.name))")
    // Each claim meets the rules' expectation exactly: what the rows test is the engine.
    #expect(tested.allSatisfy { $0.tests == .engineAgainstData })
    #expect(Set(tested.map(\.name)).count == tested.count)
    // The rare slot's mix is fixed by the kinds of booster: an invariant, not a test.
    let slot = try #require(run.checks.first { $0.name.hasPrefix("slot rare:") })
    #expect(slot.kind == .invariant)
    #expect(slot.name == "slot rare: mythic in mythic_booster boosters, rare in non_mythic_booster boosters")
    let uncommon = try #require(run.checks.first { $0.name == "uncommon planeswalker in 78% of non-mythic boosters" })
    #expect(uncommon.detail.contains("also the rules' check \"event planeswalker_uncommon given non_mythic_booster\""))
    #expect(uncommon.detail.contains("its complement, event planeswalker_rare given non_mythic_booster, is the same test"))
    #expect(!run.checks.contains { $0.name.hasPrefix("event planeswalker_rare") })
    #expect(!run.checks.contains { $0.name.hasPrefix("event planeswalker_mythic") })
  }

  /// A spec's per-booster count no booster of the plan can hold (15 commons in a 14-card war
  /// booster, or more than a whole number holds) fails its invariant in every booster; it read
  /// past the tally's histogram and crashed `sealed check` (a review).
  @Test func aPerBoosterCountAboveTheBoosterFailsRatherThanCrash() throws {
    for count in [15, Int.max] {
      let spec = try SpecLoader.parse(
        "name: o\nclaims:\n  - name: a\n    invariant: { per_booster: { rarity: common }, exactly: \(count) }\n", source: "s.yaml")
      let plan = try PlanCompiler.compile(RuleSetLoader.builtIn("sealed"), for: ShippedData.set("war"), spec: spec)
      let tally = Simulation.run(.init(plan: plan, pools: 64, seed: 1, threads: 1)).tally
      let run = try CheckRun(plan: plan, expectations: Expectations(plan: plan), tally: tally, alpha: 0.001)
      let claim = try #require(run.checks.first { $0.name == "a" })
      #expect(claim.failed, "\(claim)")
      #expect(claim.n == 64 * 6 && claim.observed == Double(64 * 6), "\(claim)")
    }
  }

  /// Rules that disagree with the spec keep both rows: two hypotheses.
  @Test func rulesThatDisagreeWithTheSpecKeepTheirOwnRow() throws {
    let text = try String(contentsOfFile: BundledResourcesPath.rules("sealed"), encoding: .utf8)
      .replacingOccurrences(of: "non_mythic_booster: 0.78", with: "non_mythic_booster: 0.80")
      .replacingOccurrences(of: "non_mythic_booster: 0.22", with: "non_mythic_booster: 0.20")
    let rules = try RuleSetLoader.parse(text, source: "eighty.yaml")
    let plan = try PlanCompiler.compile(rules, for: ShippedData.set("war"), spec: SpecLoader.builtIn("sealed"))
    let tally = Simulation.run(.init(plan: plan, pools: 4096, seed: 1, threads: 1)).tally
    let run = try CheckRun(plan: plan, expectations: Expectations(plan: plan), tally: tally, alpha: 0.001)
    #expect(run.testCount == 11)
    #expect(run.checks.contains { $0.name == "event planeswalker_uncommon given non_mythic_booster" && $0.source == .rules })
    #expect(run.checks.contains { $0.name == "uncommon planeswalker in 78% of non-mythic boosters" && $0.source == .spec })
  }
}
