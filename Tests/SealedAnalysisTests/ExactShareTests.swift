import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedAnalysis
import SealedTestSupport
import Testing

/// The exact share of a spec's odds claim, computed from the rules' whole-number weights
/// (`ExactShare`), against values obtained without Sealed's code: `scripts/exact-odds.py
/// PRODUCT SPEC` (Python's `fractions.Fraction` over the product's JSON weights and the card
/// data's rarities) for the shipped products, and by hand for the small rule files.
@Suite struct ExactShareTests {
  /// The shipped card data as a command reads it: the nine Scryfall sets and the field's sets
  /// (dft, tdm, ...), with an empty store of the user's own.
  static let cards: CardSetLoader = {
    let store = FileManager.default.temporaryDirectory.appendingPathComponent("exact-share-\(getpid())").path
    return CardSetLoader(location: CardDataLocation(kind: .layered(store: CardStore(path: store), shipped: Fixtures.shippedCards)))
  }()

  /// The plans the tests share, compiled once.
  static let plans: [String: Result<BoosterPlan, any Error>] = Dictionary(
    uniqueKeysWithValues: ["dft-play", "tdm-play", "otj-play"].map { code in (code, Result { try compile(code) }) })

  /// A product of the shipped data compiled with its built-in spec, on the shipped card data
  /// (which gives the main sets' rarities), as `sealed check-products` compiles it.
  func plan(_ code: String) throws -> BoosterPlan { try Self.plans[code]!.get() }

  static func compile(_ code: String) throws -> BoosterPlan {
    let product = try ShippedData.boosters().product(code)
    let rules = try RuleSetLoader.product(product, source: "test")
    return try PlanCompiler.compile(rules, for: Self.cards.cardSet(product.set_code, for: rules), spec: SpecLoader.builtIn(code))
  }

  /// The exact share of the claim named `name` of the plan's spec.
  func share(_ name: String, in plan: BoosterPlan) throws -> ExactShare.Outcome {
    let claim = try #require(plan.specClaims.first { $0.name == name }, "no claim \(name)")
    guard case .odds(let odds, _) = claim.kind else {
      Issue.record("\(name) is no odds claim")
      return .inexact("")
    }
    return ExactShare.of(odds, plan: plan)
  }

  /// A hand-made rule file: war's cards 1 to `weights.count` of those weights on sheet `main`,
  /// drawn by `slots` (each a YAML flow mapping), independent boosters.
  static func handRules(weights: [Int], slots: [String]) -> String {
    let cards = warSheetCards(weights: weights)
    return """
      name: hand
      applies_to: [war]
      pool: { boosters: 6, mythic_booster: none }
      sets:
        war:
          sheets:
            main:
              cards:
      \(cards)
          slots:
      \(slots.map { "        - \($0)" }.joined(separator: "\n"))
      """
  }

  /// The exact share of claim `name` of `spec` under the rule file `rules`.
  static func handShare(_ name: String, rules: String, spec: String) throws -> ExactShare.Outcome {
    let plan = try PlanCompiler.compile(
      RuleSetLoader.parse(rules, source: "hand.yaml"), for: ShippedData.set("war"), spec: SpecLoader.parse(spec, source: "hand-spec.yaml"))
    guard case .odds(let odds, _) = try #require(plan.specClaims.first { $0.name == name }).kind else { return .inexact("") }
    return ExactShare.of(odds, plan: plan)
  }

  /// `scripts/exact-odds.py dft-play Sources/SealedData/Resources/specs/dft-play.yaml` prints
  /// these fractions (2026-11-27): the rare slot's, the wildcard's and the foil's shares.
  @Test(arguments: [
    ("a Special Guest in 1.5% of boosters", Fraction(1, 64)),
    ("the rare slot is a main-set rare in 78%", Fraction(39, 56)),
    ("the rare slot is a main-set mythic in 13%", Fraction(67, 560)),
    ("the rare slot is a borderless printing in 8 + 1 = 9%", Fraction(103, 560)),
    ("the wildcard is a main-set common in 8.3%", Fraction(35, 288)),
    ("the wildcard is a main-set uncommon in 62.5%", Fraction(255_461, 400_000)),
    ("the foil is a borderless printing in 0.5 + 0.5 + 0.9 + 0.1 = 2.0%", Fraction(114_763, 2_520_000)),
    ("the land is a traditional foil in 20% of boosters", Fraction.zero),
    ("the land is a basic in 37.5%", Fraction(3, 8)),
  ])
  func dftPlayAgreesWithTheIndependentScript(_ name: String, _ expected: Fraction) throws {
    let outcome = try share(name, in: plan("dft-play"))
    #expect(outcome == .exact(expected), "\(outcome)")
  }

  /// `scripts/exact-odds.py` on tdm-play and otj-play: the wildcard's main-set commons (12.27%,
  /// outside 12.5% read approximately) and otj's Special Guests in 1 of 20 boosters.
  @Test func tdmAndOtjAgreeWithTheIndependentScript() throws {
    #expect(try share("the wildcard is a main-set common in 12.5%", in: plan("tdm-play")) == .exact(Fraction(53, 432)))
    #expect(try share("the rare slot is a main-set mythic in 12.5%", in: plan("tdm-play")) == .exact(Fraction(61, 595)))
    #expect(try share("a Special Guest in 1 of 64 boosters", in: plan("otj-play")) == .exact(Fraction(1, 20)))
    #expect(try share("a card of The Big Score in 1/5 - 1/64 of boosters", in: plan("otj-play")) == .exact(Fraction(3, 20)))
  }

  /// A claim about cards whose rarity the card data lacks is not exact (the script says
  /// "needs card data"), nor is a slot of several cards drawn together where only some of the
  /// sheet's cards count.
  @Test func whatTheDataCannotDecideIsNotExact() throws {
    let dft = try plan("dft-play")
    #expect(try share("the rare slot is a borderless rare in 8%", in: dft).share == nil)
    #expect(try share("slots 1-6 are commons", in: dft) == .exact(.one))  // every card of the sheet counts
  }

  /// Hand-made rules: 10 equally weighted commons drawn 3 at a time, 4 of them uncommon-looking
  /// by number (1-4). "A booster holds at least one of cards 1-4": 1 − C(6, 3) / C(10, 3) =
  /// 1 − 20/120 = 5/6. The same draw with repetition: 1 − (6/10)^3 = 98/125. A weighted sheet
  /// (card 1 twice as heavy) drawn 3 distinct at a time is not exact for that group, but is for
  /// a slot's share when the draw takes one card: 2/11.
  @Test func handMadeDrawsGiveTheirTextbookShares() throws {
    func rules(distinct: Bool, weights: [Int], count: Int) -> String {
      Self.handRules(weights: weights, slots: ["{ name: main, count: \(count), sheet: main\(distinct ? "" : ", distinct: false") }"])
    }
    let spec = """
      name: hand
      claims:
        - name: held
          odds: { cards: { set: war, numbers: 1-4 }, in: 80% }
        - name: slot
          odds: { slot: main, gives: { set: war, numbers: 1 }, in: 20% }
        - name: two
          odds: { cards: { set: war, numbers: 1-4 }, at_least: 2, in: 1/3 }
      """
    func outcome(_ yaml: String, _ name: String) throws -> ExactShare.Outcome { try Self.handShare(name, rules: yaml, spec: spec) }
    let equal = Array(repeating: 1, count: 10)
    #expect(try outcome(rules(distinct: true, weights: equal, count: 3), "held") == .exact(Fraction(5, 6)))
    #expect(try outcome(rules(distinct: false, weights: equal, count: 3), "held") == .exact(Fraction(98, 125)))
    // At least two of cards 1-4: (C(4, 2) C(6, 1) + C(4, 3)) / C(10, 3) = 40/120 distinct, and
    // 3 · 0.4² · 0.6 + 0.4³ = 44/125 with repetition (scipy: hypergeom.sf(1, 10, 4, 3) and
    // binom.sf(1, 3, 0.4) give 0.3333 and 0.352).
    #expect(try outcome(rules(distinct: true, weights: equal, count: 3), "two") == .exact(Fraction(1, 3)))
    #expect(try outcome(rules(distinct: false, weights: equal, count: 3), "two") == .exact(Fraction(44, 125)))
    let heavy = [2] + Array(repeating: 1, count: 9)
    #expect(try outcome(rules(distinct: true, weights: heavy, count: 3), "held").share == nil)
    #expect(try outcome(rules(distinct: true, weights: heavy, count: 1), "slot") == .exact(Fraction(2, 11)))
  }

  /// Rules with a mythic booster (`TwoKindRules`, whose comment works the shares out by hand):
  /// the claims' shares over every booster, 1/2, 1/8 and 1/6, and each kind's share of the
  /// event, 1 and 2/5.
  @Test func aPoolWithAMythicBoosterWeighsItsTwoKindsByTheirBoosters() throws {
    let (rules, spec) = (TwoKindRules.rules, TwoKindRules.spec(held: "50%"))
    #expect(try Self.handShare("held", rules: rules, spec: spec) == .exact(Fraction(1, 2)))
    #expect(try Self.handShare("slot", rules: rules, spec: spec) == .exact(Fraction(1, 8)))
    #expect(try Self.handShare("sheet", rules: rules, spec: spec) == .exact(Fraction(1, 6)))
    let plan = try PlanCompiler.compile(RuleSetLoader.parse(rules, source: "two-kinds.yaml"), for: ShippedData.set("war"))
    let event = try #require(plan.events.firstIndex { $0.name == "low_card" })
    let cardsOfEvent = plan.events[event].cards
    #expect(ExactShare.holding(cardsOfEvent, plan: plan) == .exact(Fraction(1, 2)))
    #expect(ExactShare.holding(cardsOfEvent, plan: plan, kind: 0) == .exact(.one))
    #expect(ExactShare.holding(cardsOfEvent, plan: plan, kind: 1) == .exact(Fraction(2, 5)))
    let expectations = try Expectations(plan: plan)
    #expect(expectations.eventProbability(event, kind: nil) == 0.5)
    #expect(expectations.eventProbability(event, kind: 0) == 1)
    #expect(expectations.eventProbability(event, kind: 1) == 0.4)
  }
}

/// `at_least` over several draws: their counts convolved.
@Suite struct AtLeastShareTests {
  /// Ten equally weighted cards, two drawn distinct in one slot and one in another; cards 1-4
  /// are the group. The first slot holds 0, 1 or 2 of them with 1/3, 8/15, 2/15 (hypergeometric),
  /// the second 0 or 1 with 3/5, 2/5, so at least two: 2/15 + 8/15 · 2/5 = 26/75 (by hand; scipy:
  /// hypergeom.pmf([0, 1, 2], 10, 4, 2) and 1 - (hypergeom.pmf(0, 10, 4, 2) + hypergeom.pmf(1, 10,
  /// 4, 2) * 0.6) give the same 0.34667).
  @Test func twoSlotsCountsAreConvolved() throws {
    let rules = ExactShareTests.handRules(
      weights: Array(repeating: 1, count: 10), slots: ["{ name: first, count: 2, sheet: main }", "{ name: second, count: 1, sheet: main }"])
    let spec = """
      name: two
      claims:
        - name: two
          odds: { cards: { set: war, numbers: 1-4 }, at_least: 2, in: 26/75 }
        - name: three
          odds: { cards: { set: war, numbers: 1-4 }, at_least: 3, in: 0.05 }
        - name: four
          odds: { cards: { set: war, numbers: 1-4 }, at_least: 4, in: 0 }
      """
    func outcome(_ name: String) throws -> ExactShare.Outcome { try ExactShareTests.handShare(name, rules: rules, spec: spec) }
    let two = try outcome("two")
    #expect(two == .exact(Fraction(26, 75)), "\(two)")
    // Three: both of the first slot's and the second's: 2/15 · 2/5 = 4/75. Four cannot be.
    let three = try outcome("three")
    #expect(three == .exact(Fraction(4, 75)), "\(three)")
    let four = try outcome("four")
    #expect(four == .exact(.zero), "\(four)")
  }
}
