@testable import SealedSupport
@testable import SealedCards
@testable import SealedEngine
@testable import SealedAudit
import SealedTestSupport
import SealedVerdicts
import Testing

/// The per-booster judgement and the Monte Carlo null of `sealed audit`.
@Suite struct AuditCoreTests {
  /// A pool's boosters as audit classes with copies.
  static func classes(_ booster: [OpenedPool.Entry], _ catalog: AuditCatalog) throws -> [(cls: Int, copies: Int)] {
    var copies: [Int: Int] = [:]
    var order: [Int] = []
    for entry in booster {
      let resolution = try catalog.resolve(
        setCode: entry.card.setCode, number: entry.card.collectorNumber.text, name: entry.card.name, foil: entry.foil
      ) { (_: String, _: String) throws(DataError) -> Card? in nil }
      guard case .card(let cls) = resolution else {
        Issue.record("\(entry.card.name) did not resolve: \(resolution)")
        continue
      }
      if copies[cls] == nil { order.append(cls) }
      copies[cls, default: 0] += 1
    }
    return order.map { ($0, copies[$0]!) }
  }

  @Test(.heavy, arguments: [("war", "sealed"), ("war", "retail"), ("war", "mtgwtf"), ("dom", "mtgwtf"), ("grn", "retail"), ("m19", "mtgwtf")])
  func everyBoosterTheEngineDrawsIsPossible(set: String, rules: String) throws {
    let plan = try ShippedData.plan(set, rules: rules)
    let catalog = AuditCatalog(plan: plan, set: try ShippedData.set(set), identity: .printingAndFinish)
    let feasibility = BoosterFeasibility(catalog: catalog)
    for pool in Simulation.openPools(plan, seed: 11, count: 150) {
      for (index, booster) in pool.boosters.enumerated() {
        let verdict = feasibility.judge(try Self.classes(booster, catalog), labels: catalog.classLabels)
        #expect(verdict.problem == nil, "\(set) \(rules): \(verdict.problem ?? "")")
        if plan.kinds.count > 1 {
          // Under sealed a booster's mythic tells its kind.
          #expect(verdict.kinds == [pool.mythicBooster == index ? 0 : 1])
        }
      }
    }
  }

  @Test func impossibleBoostersAreNamedWithTheirCard() throws {
    let plan = try ShippedData.plan("war")
    let catalog = AuditCatalog(plan: plan, set: try ShippedData.set("war"), identity: .printingAndFinish)
    let feasibility = BoosterFeasibility(catalog: catalog)
    let pool = Simulation.openPools(plan, seed: 3, count: 1)[0]
    let mythicBooster = pool.boosters[pool.mythicBooster!]
    var cards = try Self.classes(mythicBooster, catalog)
    let mythics = plan.cards.indices.filter { plan.cards[$0].rarity == .mythic && !plan.cards[$0].typeLine.contains("Planeswalker") }
    let present = Set(cards.map(\.cls))
    let extra = mythics.map { catalog.classOfOrdinal[$0] }.first { !present.contains($0) }!
    // A second mythic in place of a common.
    let common = cards.firstIndex { plan.cards[catalog.classOrdinals[$0.cls][0]].rarity == .common }!
    cards[common] = (extra, 1)
    let twoMythics = feasibility.judge(cards, labels: catalog.classLabels)
    #expect(twoMythics.kinds.isEmpty)
    #expect(twoMythics.problem?.contains("are full") == true, "\(twoMythics.problem ?? "")")
    // A common twice, where the commons are distinct.
    var repeated = try Self.classes(pool.boosters[(pool.mythicBooster! + 1) % 6], catalog)
    let commons = repeated.indices.filter { plan.cards[catalog.classOrdinals[repeated[$0].cls][0]].rarity == .common }
    repeated[commons[0]].copies = 2
    repeated.remove(at: commons[1])
    let twice = feasibility.judge(repeated, labels: catalog.classLabels)
    #expect(twice.kinds.isEmpty)
    #expect(twice.problem?.contains("2 times, where these draws give it at most 1 time") == true, "\(twice.problem ?? "")")
  }

  /// A foil in an uncommon's place (10 commons, 2 uncommons and a foil, under retail: a foil
  /// takes a common's place) is explained by both variants that place all but one card: the
  /// one without a foil has no draw for the foil, the one with it one common too many. It blamed
  /// the foil alone ("no draw of this booster's kind holds it").
  @Test func aFoilInTheWrongPlaceNamesBothVariants() throws {
    let plan = try ShippedData.plan("war", rules: "retail")
    let catalog = AuditCatalog(plan: plan, set: try ShippedData.set("war"), identity: .printingAndFinish)
    let feasibility = BoosterFeasibility(catalog: catalog)
    func rarity(_ cls: Int) -> Rarity { plan.cards[catalog.classOrdinals[cls][0]].rarity }
    let boosters = Simulation.openPools(plan, seed: 5, count: 20).flatMap(\.boosters)
    let withFoil = try #require(boosters.first { $0.contains { $0.foil } })
    var cards = try Self.classes(withFoil, catalog)
    #expect(feasibility.judge(cards, labels: catalog.classLabels).kinds.count == 1)
    let uncommon = try #require(cards.firstIndex { rarity($0.cls) == .uncommon && !plan.isFoil(catalog.classOrdinals[$0.cls][0]) })
    let present = Set(cards.map(\.cls))
    let common = try #require((0..<catalog.classCount).first {
      !present.contains($0) && rarity($0) == .common && !plan.isFoil(catalog.classOrdinals[$0][0]) && catalog.classLabels[$0].contains("(war ")
        && feasibility.placeable.contains($0)
    })
    cards[uncommon] = (common, 1)
    let verdict = feasibility.judge(cards, labels: catalog.classLabels)
    let problem = try #require(verdict.problem)
    #expect(verdict.kinds.isEmpty)
    #expect(problem.hasPrefix("no booster of these rules holds these cards together: either drawing common 10"), "\(problem)")
    #expect(problem.contains(", foil): no draw of this booster's kind holds it, or drawing common 9, foil 1: "), "\(problem)")
    #expect(problem.hasSuffix("the draws that can hold it (common: 9 cards) are full"), "\(problem)")
  }

  /// A booster whose colour-balanced commons hold no green card is impossible, and the reason
  /// names the colour, not a card left over ("the draws ... are full").
  @Test func aBoosterMissingAColourOfItsBalancedDrawNamesTheColour() throws {
    let plan = try ShippedData.plan("war", rules: "retail")
    let catalog = AuditCatalog(plan: plan, set: try ShippedData.set("war"), identity: .printingAndFinish)
    let feasibility = BoosterFeasibility(catalog: catalog)
    let sheet = try #require(plan.sheets.first { $0.balance != nil })
    let balance = try #require(sheet.balance)
    func classes(ofGroup group: Int) -> [Int] {
      (balance.groupStarts[group]..<balance.groupStarts[group + 1]).map { catalog.classOfOrdinal[sheet.cards[$0]] }
    }
    let green = Set(classes(ofGroup: 4))
    var cards = try Self.classes(Simulation.openPools(plan, seed: 3, count: 1)[0].boosters[0], catalog)
    #expect(feasibility.judge(cards, labels: catalog.classLabels).problem == nil)
    // Each green common replaced by a white one the booster does not hold.
    var spare = classes(ofGroup: 0).filter { cls in !cards.contains { $0.cls == cls } }
    for index in cards.indices where green.contains(cards[index].cls) { cards[index] = (spare.removeFirst(), 1) }
    let verdict = feasibility.judge(cards, labels: catalog.classLabels)
    #expect(verdict.kinds.isEmpty)
    let problem = verdict.problem ?? ""
    #expect(problem.contains("\(sheet.name): its 10 cards are colour-balanced (a card of each of W, U, B, R and G), and this booster holds no G card of the sheet"), "\(problem)")
    #expect(!problem.contains("are full"), "\(problem)")
    // A second rare in place of a white common: still named, its draw full.
    let rares = plan.cards.indices.filter { plan.cards[$0].rarity == .rare && !plan.isFoil($0) && !plan.cards[$0].typeLine.contains("Planeswalker") }
      .map { catalog.classOfOrdinal[$0] }
    let extra = try #require(rares.first { cls in !cards.contains { $0.cls == cls } })
    let white = try #require(cards.indices.first { classes(ofGroup: 0).contains(cards[$0].cls) && cards[$0].copies == 1 })
    cards[white] = (extra, 1)
    let both = feasibility.judge(cards, labels: catalog.classLabels).problem ?? ""
    #expect(both.contains("holds no G card of the sheet") && both.contains("\(catalog.classLabels[extra]): the draws that can hold it ("), "\(both)")
  }

  /// The card invariant's detail names the boosters holding cards outside the rules, with
  /// those cards: it listed every problem, a booster the rules cannot make of their own cards
  /// (a repeat) among them, though only the outside card broke it.
  @Test func theCardInvariantsDetailNamesOnlyOutsideCards() {
    var findings = BoosterFindings(kinds: ["draft"])
    findings.record(booster: "1", line: 2, size: 14, outside: [], repeats: true, judged: ([], "holds Demolish twice"))
    findings.record(booster: "2", line: 16, size: 14, outside: ["a foil Karn (WAR 1) no sheet holds"], repeats: false, judged: nil)
    findings.record(booster: "3", line: 30, size: 14, outside: [], repeats: false, judged: ([0], nil))
    #expect(findings.outsideCards == 1 && findings.impossibleBoosters == 2)
    #expect(findings.firstOutsideCards() == "booster 2 (line 16): a foil Karn (WAR 1) no sheet holds")
    #expect(findings.firstProblems() == "booster 1 (line 2): holds Demolish twice | booster 2 (line 16): a foil Karn (WAR 1) no sheet holds")
  }

  @Test func aCardOutsideTheBoosterRangeOrOfAnotherSetIsOutside() throws {
    let plan = try ShippedData.plan("war")
    // The shipped war lists every printing (as `CardSetLoader` marks it for the commands).
    var war = try ShippedData.set("war")
    war.listsEveryPrinting = true
    let catalog = AuditCatalog(plan: plan, set: war, identity: .printingAndFinish)
    let none: (String, String) throws(DataError) -> Card? = { _, _ in nil }
    let dom = try ShippedData.set("dom").cards.first { $0.collectorNumber.text == "1" }!
    let other: (String, String) throws(DataError) -> Card? = { _, _ in dom }
    #expect(
      try catalog.resolve(setCode: "war", number: "275", name: "Tezzeret, Master of the Bridge", foil: false, otherSet: none)
        == .outside("Tezzeret, Master of the Bridge (WAR 275) is outside the booster range (1-264) of these rules"))
    if case .outside(let why) = try catalog.resolve(setCode: "dom", number: "1", name: nil, foil: false, otherSet: other) {
      #expect(why.contains("is of set dom"))
    } else {
      Issue.record("a dom card in a war audit is outside")
    }
    // A card in the range that no sheet of the rules holds (`sealed` has no land slot): it was
    // a card of the audit, "every card is one the rules put in war boosters" passing.
    #expect(
      try catalog.resolve(setCode: "war", number: "254", name: "Island", foil: false, otherSet: none)
        == .outside("no sheet of the rules holds a non-foil Island (WAR 254)"))
    let retail = AuditCatalog(plan: try ShippedData.plan("war", rules: "retail"), set: war, identity: .printingAndFinish)
    guard case .card = try retail.resolve(setCode: "war", number: "254", name: "Island", foil: false, otherSet: none) else {
      Issue.record("retail's land slot draws Island (WAR 254)")
      return
    }
    #expect(throws: DataError.self) { try catalog.resolve(setCode: "war", number: "999", name: nil, foil: false, otherSet: none) }
    #expect(throws: DataError.self) { try catalog.resolve(setCode: "war", number: "100", name: "Island", foil: false, otherSet: none) }
    // Card data not known to list every printing (eoe's, composed in part; a --cards folder)
    // cannot say a number is no card: the error says so and how to get every printing (it said
    // "set eoe has no collector number 350" of a collector-only printing).
    war.listsEveryPrinting = false
    let partial = AuditCatalog(plan: plan, set: war, identity: .printingAndFinish)
    #expect(throws: DataError(
      "unknown card WAR 999: the card data of war has no collector number 999, and may not list every printing of war (a typo, or a card it lacks: sealed cards fetch war gets every printing, and a card the rules never draw then fails its booster)")
    ) { try partial.resolve(setCode: "war", number: "999", name: nil, foil: false, otherSet: none) }
  }

  /// The engine's counting path (whole pools, the audit's lanes as extra events) and the
  /// observer that reads every card count the same sample identically.
  @Test(arguments: ["sealed", "retail"])
  func theCountingPathAndTheObserverAgree(rules: String) throws {
    let plan = try ShippedData.plan("war", rules: rules)
    let catalog = AuditCatalog(plan: plan, set: try ShippedData.set("war"), identity: .printingAndFinish)
    let lanes = AuditLanes(catalog: catalog)
    let boosters = 60 * plan.boostersPerPool
    let counted = try #require(CountedPlan(catalog: catalog, lanes: lanes, boosters: boosters, grouping: .grouped))
    let sampler = NullSampler<PackedLanes>(counted)
    for sample in 0..<5 {
      let fast = sampler.draw(seed: 42, sample: sample)
      let slow = AuditNull.sample(catalog: catalog, lanes: lanes, boosters: boosters, grouping: .grouped, seed: 42, index: sample)
      #expect(fast == slow)
      #expect(fast.boosters == boosters)
    }
  }

  /// Grouped boosters that do not fill whole pools, and separate boosters under a mythic
  /// booster, take the observer: exactly as many boosters as asked.
  @Test func partialPoolsAndSeparateBoostersCountExactlyTheBoostersAsked() throws {
    let plan = try ShippedData.plan("war")
    let catalog = AuditCatalog(plan: plan, set: try ShippedData.set("war"), identity: .printingAndFinish)
    let lanes = AuditLanes(catalog: catalog)
    #expect(CountedPlan(catalog: catalog, lanes: lanes, boosters: 500, grouping: .grouped) == nil)
    let grouped = AuditNull.sample(catalog: catalog, lanes: lanes, boosters: 500, grouping: .grouped, seed: 1, index: 0)
    #expect(grouped.boosters == 500)
    #expect(grouped.pools == 83)
    #expect(grouped.poolMythics[1] == 83)
    // One booster of each of 600 pools at a uniform position: a mythic booster with
    // probability 1/6 each, so their number varies from sample to sample around 100 (as a
    // binomial, standard deviation 9.1), where grouped boosters always hold exactly 100.
    var mythicBoosters: [Int] = []
    for index in 0..<40 {
      let separate = AuditNull.sample(catalog: catalog, lanes: lanes, boosters: 600, grouping: .separate, seed: 1, index: index)
      #expect(separate.boosters == 600)
      #expect(separate.pools == 0)
      mythicBoosters.append(separate.boostersByKind[0])
    }
    let mean = Double(mythicBoosters.reduce(0, +)) / 40
    let variance = mythicBoosters.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / 39
    #expect(abs(mean - 100) < 6, "mean \(mean)")
    #expect(variance > 30 && variance < 160, "variance \(variance), binomial 83.3")
  }
}
