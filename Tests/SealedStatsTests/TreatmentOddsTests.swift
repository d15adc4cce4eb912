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

/// Odds about treatments (printings with collector numbers of their own, `numbers:`) and
/// finishes (`foil:`) on products of the shipped 2025 data, with the shares computed here from
/// the product's JSON weights (never from the plan); how a published figure reads
/// (`FigureReading`); and every built-in spec compiled against its product.
@Suite struct TreatmentOddsTests {
  /// The shipped card data as a command reads it: the nine Scryfall sets and the field's sets
  /// (dft, fin, ...), with an empty store of the user's own.
  static let cards: CardSetLoader = {
    let store = FileManager.default.temporaryDirectory.appendingPathComponent("treatment-odds-\(getpid())").path
    return CardSetLoader(location: CardDataLocation(kind: .layered(store: CardStore(path: store), shipped: Fixtures.shippedCards)))
  }()

  /// The product's plan compiled with `spec` on the shipped card data, after `change` (a
  /// planted wrong rule).
  func plan(_ code: String, spec: String, change: (inout CompiledBoosterData.Product) -> Void = { _ in }) throws -> BoosterPlan {
    var product = try ShippedData.boosters().product(code)
    change(&product)
    let text = try CompiledBoosterRules.ruleFile([product], name: code, source: "test")
    let rules = try RuleSetLoader.parse(text, source: "\(code).yaml")
    let cardSet = try Self.cards.cardSet(product.set_code, for: rules)
    return try PlanCompiler.compile(rules, for: cardSet, spec: SpecLoader.parse(spec, source: "odds.yaml"))
  }

  /// The check `name` after simulating `simulated` (default: `expected` itself) and checking
  /// against `expected`: "claim" is the data's share against the figure (exact where the data
  /// decides it), "claim (engine)" the simulation against that exact share.
  func check(
    _ expected: BoosterPlan, simulating simulated: BoosterPlan? = nil, pools: Int, seed: UInt64, name: String = "claim"
  ) throws -> CheckResult {
    let tally = Simulation.run(.init(plan: simulated ?? expected, pools: pools, seed: seed, threads: 2)).tally
    let run = try CheckRun(plan: expected, expectations: Expectations(plan: expected), tally: tally, alpha: 0.001)
    return try #require(run.checks.first { $0.name == name })
  }

  static func spec(_ claim: String) -> String {
    "name: odds\nclaims:\n  - name: claim\n    odds: \(claim)\n"
  }

  /// The leading integer of a key's collector number (`dft:355a` gives 355).
  static func number(_ key: String) -> Int? {
    Int(key.split(separator: ":")[1].prefix(while: \.isNumber))
  }

  // MARK: numbers

  /// dft-play's rare slot draws its sheet `rare_mythic_with_boosterfun` (one card, every
  /// variant); the share of its booster-fun printings (dft 292-375) is their weight over the
  /// sheet's, summed here from the JSON: 103/560 (13 cards of weight 1 and 45 of weight 2, of
  /// 560). The claim holds that share exactly; with those printings at ten times their weight
  /// (1030/1487) it fails.
  @Test func aTreatmentsShareOfTheRareSlotByCollectorNumbers() throws {
    let product = try ShippedData.boosters().product("dft-play")
    let cards = try #require(product.sheets["rare_mythic_with_boosterfun"]?.cards)
    let boosterFun = cards.filter { $0.key.hasPrefix("dft:") && (292...375).contains(Self.number($0.key) ?? 0) }
    let share = boosterFun.values.reduce(0, +) / cards.values.reduce(0, +)
    #expect(boosterFun.count == 58 && share == 103.0 / 560, "\(boosterFun.count) \(share)")
    let spec = Self.spec("{ slot: rare_mythic_with_boosterfun, gives: { set: dft, numbers: 292-375 }, in: 103/560 }")
    let right = try plan("dft-play", spec: spec)
    let data = try check(right, pools: 1, seed: 71)
    #expect(data.passed && data.kind == .exact && data.exactShare == "103/560", "\(data.detail)")
    let passed = try check(right, pools: 20_000, seed: 71, name: "claim (engine)")
    #expect(passed.passed && passed.kind == .binomial && passed.expected == 103.0 / 560, "\(passed.detail)")
    #expect(passed.detail.contains("numbers 292-375"), "\(passed.detail)")
    let wrong = try plan("dft-play", spec: spec) { product in
      for (key, weight) in product.sheets["rare_mythic_with_boosterfun"]!.cards where boosterFun[key] != nil {
        product.sheets["rare_mythic_with_boosterfun"]!.cards[key] = weight * 10
      }
    }
    let failed = try check(right, simulating: wrong, pools: 20_000, seed: 72, name: "claim (engine)")
    #expect(failed.failed && abs(failed.observed! - 1030.0 / 1487) < 0.02, "\(failed.detail)")
    let wrongData = try check(wrong, pools: 1, seed: 72)
    #expect(wrongData.failed && wrongData.exactShare == "1030/1487", "\(wrongData.detail)")
  }

  /// A range's cards lack card data (dft's printings above 291), so a claim that also asks
  /// their rarity is not tested; the main set's rares (numbers 1-291, which the card data has)
  /// are tested, the treatments above 291 ruled out by their numbers, not by their rarity.
  @Test func numbersRuleOutCardsWithoutDataBeforeTheirRarity() throws {
    let treatments = try plan("dft-play", spec: Self.spec("{ slot: rare_mythic_with_boosterfun, gives: { numbers: 292-375, rarity: rare }, in: 8% }"))
    let untested = try check(treatments, pools: 500, seed: 73)
    #expect(untested.isNotTested && untested.detail.contains("lack card data"), "\(untested.detail)")
    let product = try ShippedData.boosters().product("dft-play")
    let rules = try RuleSetLoader.parse(CompiledBoosterRules.ruleFile([product], name: "dft-play", source: "test"), source: "dft-play.yaml")
    let dft = try Self.cards.cardSet("dft", for: rules).cards
    #expect(dft.count == 276)
    let rares = Set(dft.filter { $0.rarity == .rare }.map { "dft:" + $0.collectorNumber.text })
    let cards = try #require(product.sheets["rare_mythic_with_boosterfun"]?.cards)
    let share = cards.filter { rares.contains($0.key) && Self.number($0.key)! <= 291 }.values.reduce(0, +) / cards.values.reduce(0, +)
    #expect(share == 390.0 / 560, "\(share)")
    let main = try plan("dft-play", spec: Self.spec("{ slot: rare_mythic_with_boosterfun, gives: { numbers: 1-291, rarity: rare }, in: 39/56 }"))
    #expect(try check(main, pools: 1, seed: 74).exactShare == "39/56")
    let passed = try check(main, pools: 20_000, seed: 74, name: "claim (engine)")
    #expect(passed.passed && passed.expected == 39.0 / 56, "\(passed.detail)")
  }

  // MARK: foil

  /// fin-play's land slot `non_foil_land` is filled by the sheet `foil_land` in the variants
  /// of weight 2 and 1 (of 15): a traditional-foil land in 3/15 = 1/5 of boosters, read off the
  /// JSON. With the foil variants at weight 20 and 10 it is 30/42, and the claim fails.
  @Test func aFoilShareOfTheLandSlot() throws {
    let product = try ShippedData.boosters().product("fin-play")
    let foil = product.boosters.filter { $0.sheets["foil_land"] != nil }.map(\.weight).reduce(0, +)
    #expect(foil / product.boosters.map(\.weight).reduce(0, +) == 0.2)
    let spec = Self.spec("{ slot: non_foil_land, gives: { foil: true }, in: 1/5 }")
    let right = try plan("fin-play", spec: spec)
    #expect(try check(right, pools: 1, seed: 75).exactShare == "1/5")
    let passed = try check(right, pools: 20_000, seed: 75, name: "claim (engine)")
    #expect(passed.passed && passed.expected == 0.2, "\(passed.detail)")
    let wrong = try plan("fin-play", spec: spec) { product in
      for index in product.boosters.indices where product.boosters[index].sheets["foil_land"] != nil {
        product.boosters[index].weight *= 10
      }
    }
    let failed = try check(right, simulating: wrong, pools: 20_000, seed: 76, name: "claim (engine)")
    #expect(failed.failed && abs(failed.observed! - 30.0 / 42) < 0.02, "\(failed.detail)")
    #expect(try check(wrong, pools: 1, seed: 76).exactShare == "5/7")
  }

  // MARK: How a figure reads

  /// 1/64 = 1.5625% written "1.5%": outside the rounded reading (1.45% to 1.55%), inside the
  /// truncated (1.5% to 1.6%) and the approximate one (1.4% to 1.6%): the share tested is the
  /// range's nearest to the observed share, the observed one itself when inside.
  @Test(arguments: [("rounded", 0.0155), ("truncated", 0.015625), ("approximate", 0.015625)])
  func oneAndAHalfPercentForOneIn64(_ reading: String, _ tested: Double) throws {
    let spec = try SpecLoader.parse(Self.spec("{ cards: { set: spg }, in: 1.5%, \(reading): true }"), source: "odds.yaml")
    guard case .odds(_, let figure) = spec.claims[0].kind else { Issue.record("not an odds claim"); return }
    let (share, note) = PublishedFigure.testedShare(successes: 15_625, trials: 1_000_000, stated: 0.015, reading: figure)
    #expect(abs(share - tested) < 1e-12, "\(reading): \(share)")
    #expect(note.contains("any share from"), "\(note)")
  }

  @Test(arguments: [
    ("9.38%", "rounded", 0.09375, 0.09385), ("1.5%", "truncated", 0.015, 0.016), ("1.5%", "approximate", 0.014, 0.016),
    ("75%", "approximate", 0.74, 0.76), ("0.05%", "within: 0.05%", 0, 0.001),
  ])
  func theRangeAFigureStandsFor(_ figure: String, _ reading: String, _ low: Double, _ high: Double) throws {
    let key = reading.contains(":") ? reading : "\(reading): true"
    let spec = try SpecLoader.parse(Self.spec("{ sheet: s, in: \(figure), \(key) }"), source: "odds.yaml")
    guard case .odds(let odds, let figureReading) = spec.claims[0].kind else { Issue.record("not an odds claim"); return }
    let range = figureReading.range(of: odds.expected)
    #expect(abs(range.lowerBound - low) < 1e-12 && abs(range.upperBound - high) < 1e-12, "\(figure) \(reading): \(range)")
  }

  // MARK: The built-in library

  /// Every built-in spec named after a product compiles against that product of the shipped
  /// data (its sheets and slots exist), the way check-products applies it; mom-draft's rules
  /// are refused offline (colour-balanced commons without colours), so its spec is parsed only.
  @Test(.heavy) func everyBuiltInProductSpecCompilesAgainstItsProduct() throws {
    let products = SpecLoader.builtInNames.filter { $0 != "sealed" }
    #expect(products.count == 9)
    for code in products {
      let spec = try SpecLoader.builtIn(code)
      #expect(spec.name == code)
      guard code != "mom-draft" else { continue }
      let text = try String(contentsOfFile: Fixtures.repositoryRoot.appendingPathComponent("Sources/SealedData/Resources/specs/\(code).yaml").path, encoding: .utf8)
      let compiled = try plan(code, spec: text)
      #expect(compiled.specClaims.count == spec.claims.count, "\(code)")
    }
  }
}
