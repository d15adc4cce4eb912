import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedReports

/// The checks derived from a rule set alone: what its own analytic expectations predict,
/// against what the simulation counted. No expectation here is entered by hand.
///
/// 1. Rarity per slot: chi-square over rarities, or an invariant when the slot has one rarity.
///    When variants make a slot's rarities move in blocks (a replacement of several cards by
///    another rarity), the counts vary more than multinomial; the statistic is divided by the
///    largest ratio of a rarity's per-booster variance to its multinomial variance (at least 1).
/// 2. Every card's frequency within its sheet: chi-square per sheet over the counts of all
///    draws from it, expected counts from the boosters that used each draw. Distinct draws make
///    the counts less variable than multinomial ((n - k)/(n - 1) for k of n equally likely);
///    the statistic is divided by the ratio of its exact mean under the plan to its degrees of
///    freedom (`Expectations.siteCopyVariance`), for weighted distinct draws too.
/// 3. Declared events: an exact binomial test with a Clopper–Pearson interval per reported
///    (event, booster kind); a lane whose count per booster is fixed by the rules becomes an
///    exact invariant instead (for example one planeswalker in every war booster).
/// 4. Mythic fairness: mythics per pool (invariant when fixed, else chi-square with adjacent
///    pooling), the mythic booster's position when there is exactly one per pool (chi-square,
///    df = boosters - 1), and the mythic difference between paired pools.
/// 5. Exact invariants: every card from its draw's sheet, no duplicates in a booster, booster
///    size.
struct RuleChecks {
  let plan: BoosterPlan
  let expectations: Expectations
  let tally: SimulationTally
  let builder: CheckBuilder
  /// Cards the sheets draw that have no card data: checks that need it are not tested.
  let missing: CardsWithoutData

  init(plan: BoosterPlan, expectations: Expectations, tally: SimulationTally, builder: CheckBuilder) {
    self.plan = plan
    self.expectations = expectations
    self.tally = tally
    self.builder = builder
    missing = CardsWithoutData(plan: plan)
  }

  func all() throws(StatisticsError) -> [CheckResult] {
    var checks: [CheckResult] = []
    checks += try slotRarities()
    checks += try sheets()
    checks += try events()
    checks += try mythicFairness()
    checks += try boosterSizes()
    checks += invariants()
    return checks
  }

  // MARK: 1. Rarity per slot

  func slotRarities() throws(StatisticsError) -> [CheckResult] {
    let observed = SimulationReport.observedSlotRarities(plan: plan, tally: tally)
    var checks: [CheckResult] = []
    for (index, slot) in plan.slots.enumerated() {
      if missing.touches(cardsDrawn(slot: index)) {
        checks.append(
          .untested(
            "slot \(slot.name): rarity mix", kind: .chiSquare, source: .rules, alpha: builder.alpha,
            reason: missing.reason("the rarities of cards the slot can give", plan: plan)))
        continue
      }
      let expected = expectations.slotRarityPerPool(slot: index)
      let rarities = Rarity.allCases.filter { expected[$0, default: 0] > 0 || observed[index][$0, default: 0] > 0 }
      let total = rarities.reduce(0) { $0 + observed[index][$1, default: 0] }
      let possible = rarities.filter { expected[$0, default: 0] > 0 }
      if possible.count == 1 {
        checks.append(
          .invariant(
            "slot \(slot.name): only \(possible[0].rawValue) cards", source: .rules, checked: total,
            violations: total - observed[index][possible[0], default: 0], alpha: builder.alpha,
            detail: "cards of another rarity in the slot"))
        continue
      }
      if let fixed = rarityFixedByKind(slot: index) {
        // Several rarities, but each kind of booster allows one, and a pool holds a fixed
        // number of boosters of each kind: the mix is fixed, so a chi-square could not fail.
        var violations = 0
        for (siteIndex, site) in plan.sites.enumerated() where site.draw.slot == index {
          for ordinal in 0..<tally.cardCount where plan.cards[ordinal].rarity != fixed[site.kind] {
            violations += tally.siteCards[siteIndex * tally.cardCount + ordinal]
          }
        }
        let kinds = fixed.keys.sorted().map { "\(fixed[$0]!.rawValue) in \(plan.kinds[$0]) boosters" }
        checks.append(
          .invariant(
            "slot \(slot.name): \(kinds.joined(separator: ", "))", source: .rules, checked: total,
            violations: violations, alpha: builder.alpha, detail: "cards of another rarity for their booster's kind"))
        continue
      }
      let expectedTotal = rarities.reduce(0.0) { $0 + expected[$1, default: 0] }
      let dispersion = rarityDispersion(slot: index, rarities: possible)
      var check = try builder.distribution(
        "slot \(slot.name): rarity mix", source: .rules,
        observed: rarities.map { Double(observed[index][$0, default: 0]) },
        expected: rarities.map { expected[$0, default: 0] / expectedTotal * Double(total) },
        labels: rarities.map(\.rawValue), pooling: .unordered, dispersion: dispersion,
        detail: rarities.map { "\($0.rawValue) \(CSVNumber.format(expected[$0, default: 0] / expectedTotal))" }
          .joined(separator: ", "))
      check.design = .distribution(
        shares: rarities.map { expected[$0, default: 0] }, countsPerPool: expectedTotal, dispersion: dispersion, pooling: .unordered)
      checks.append(check)
    }
    return checks
  }

  /// The cards a slot's draws can give (weight above zero), over every kind and variant.
  func cardsDrawn(slot: Int) -> Set<Int> {
    var cards = Set<Int>()
    for kind in plan.programs {
      for program in kind {
        for draw in program where draw.slot == slot {
          let sheet = plan.sheets[draw.sheet]
          for (position, ordinal) in sheet.cards.enumerated() where sheet.weights[position] > 0 { cards.insert(ordinal) }
        }
      }
    }
    return cards
  }

  /// For a slot whose rarity each booster kind fixes, when a pool holds a fixed number of
  /// boosters of each kind (one mythic booster): the rarity per kind. Nil otherwise.
  func rarityFixedByKind(slot: Int) -> [Int: Rarity]? {
    guard plan.mythicBoosterPositionProbabilities != nil || plan.kinds.count == 1 else { return nil }
    var fixed: [Int: Rarity] = [:]
    for kind in plan.kinds.indices where plan.expectedBoostersPerKind[kind] > 0 {
      var rarities = Set<Rarity>()
      for (combination, program) in plan.programs[kind].enumerated() where plan.combinationProbabilities[kind][combination] > 0 {
        for draw in program where draw.slot == slot {
          let sheet = plan.sheets[draw.sheet]
          for (position, ordinal) in sheet.cards.enumerated() where sheet.weights[position] > 0 {
            rarities.insert(plan.cards[ordinal].rarity)
          }
        }
      }
      guard rarities.count == 1 else { return nil }
      fixed[kind] = rarities.first!
    }
    return fixed
  }

  /// The largest ratio, over rarities, of the variance of a slot's count of that rarity per
  /// booster (a mixture over booster kinds and variant combinations of independent draws) to
  /// the multinomial variance of the slot's size; at least 1.
  func rarityDispersion(slot: Int, rarities: [Rarity]) -> Double {
    let perKind = plan.expectedBoostersPerKind
    let boosters = perKind.reduce(0, +)
    // The slot's count per booster, or its mean when variants set it.
    var size = 0.0
    var sizes = Set<Int>()
    for kind in plan.kinds.indices {
      for (combination, program) in plan.programs[kind].enumerated() {
        let count = program.filter { $0.slot == slot }.reduce(0) { $0 + $1.count }
        sizes.insert(count)
        size += perKind[kind] / boosters * plan.combinationProbabilities[kind][combination] * Double(count)
      }
    }
    if sizes.count == 1 { size = Double(sizes.first!) }
    guard size > 0 else { return 1 }
    var dispersion = 1.0
    for rarity in rarities {
      var mean = 0.0
      var square = 0.0
      for kind in plan.kinds.indices {
        for (combination, program) in plan.programs[kind].enumerated() {
          let weight = perKind[kind] / boosters * plan.combinationProbabilities[kind][combination]
          guard weight > 0 else { continue }
          var programMean = 0.0
          var programVariance = 0.0
          for draw in program where draw.slot == slot {
            let sheet = plan.sheets[draw.sheet]
            let inside = sheet.cards.indices.filter { plan.cards[sheet.cards[$0]].rarity == rarity }
            let p = inside.reduce(0.0) { $0 + sheet.weights[$1] } / sheet.totalWeight
            let k = Double(draw.count)
            let n = Double(sheet.cards.count)
            let finite = draw.distinct && draw.count > 1 && sheet.isUniform ? (n - k) / (n - 1) : 1
            programMean += k * p
            programVariance += k * p * (1 - p) * finite
          }
          mean += weight * programMean
          square += weight * (programVariance + programMean * programMean)
        }
      }
      let variance = square - mean * mean
      let share = mean / size
      let multinomial = size * share * (1 - share)
      if multinomial > 1e-12 { dispersion = max(dispersion, variance / multinomial) }
    }
    return dispersion
  }

  // MARK: 2. Card frequency within each sheet

  func sheets() throws(StatisticsError) -> [CheckResult] {
    var checks: [CheckResult] = []
    for (sheetIndex, sheet) in plan.sheets.enumerated() where sheet.cards.count > 1 {
      let counts = expectations.sheetCounts(sheetIndex, tally: tally)
      guard let dispersion = counts.dispersion else { continue }
      let observed = counts.observed.map(Double.init)
      let expected = counts.expected
      var check = try builder.distribution(
          "sheet \(sheet.name): \(sheet.isUniform ? "cards equally likely" : "cards in proportion to weight")",
          source: .rules, observed: observed, expected: expected,
          labels: sheet.cards.map { plan.cards[$0].name }, pooling: .unordered, dispersion: dispersion,
          detail: "\(sheet.cards.count) cards")
      if sheet.isUniform && isExclusive(sheet: sheetIndex) {
        check.hypothesis = Self.uniformKey(sheet.cards)
      }
      let perPool = expectations.sheetExpectationPerPool(sheetIndex)
      check.design = .distribution(
        shares: perPool.expected, countsPerPool: perPool.expected.reduce(0, +), dispersion: perPool.dispersion ?? 1,
        pooling: .unordered)
      checks.append(check)
    }
    return checks
  }

  /// Whether no draw from another sheet can give one of this sheet's cards: then the sheet's
  /// counts are the cards' copies over the run.
  func isExclusive(sheet index: Int) -> Bool {
    let cards = Set(plan.sheets[index].cards)
    return plan.sites.allSatisfy { site in
      site.draw.sheet == index || plan.sheets[site.draw.sheet].cards.allSatisfy { !cards.contains($0) }
    }
  }

  /// The hypothesis "these cards are equally frequent over the run".
  static func uniformKey(_ cards: [Int]) -> String {
    "uniform " + cards.sorted().map(String.init).joined(separator: ",")
  }

  /// The hypothesis "boosters of these kinds hold a card of this lane with probability p".
  static func proportionKey(lane: Int, kinds: [Int], expected: Double) -> String {
    "proportion lane \(lane) kinds \(kinds.sorted()) p " + String(format: "%.9g", expected)
  }

  /// The hypothesis "the mythic booster's position follows these probabilities".
  static func positionKey(_ probabilities: [Double]) -> String {
    let total = probabilities.reduce(0, +)
    return "position " + probabilities.map { String(format: "%.9g", $0 / total) }.joined(separator: ",")
  }

  // MARK: 3. Declared events and fixed counts per booster

  /// Lanes whose count per booster of a kind is fixed by the rules, with that count.
  func fixedCounts() -> [(lane: Int, kind: Int, count: Int)] {
    var result: [(Int, Int, Int)] = []
    for lane in 0..<plan.laneCount where lane == 0 || plan.events[lane - 1].isReported {
      for kind in plan.kinds.indices where tally.boostersByKind[kind] > 0 || expectations.plan.expectedBoostersPerKind[kind] > 0 {
        let distribution = expectations.laneDistributions[kind][lane]
        if let count = distribution.firstIndex(where: { abs($0 - 1) < 1e-12 }) {
          result.append((lane, kind, count))
        }
      }
    }
    return result
  }

  func laneName(_ lane: Int) -> String { lane == 0 ? "mythic" : plan.events[lane - 1].name }

  /// Whether a lane picks its cards by what card data says (the mythics, an event chosen by a
  /// filter) while cards the rules draw have no card data: then its counts mean nothing.
  func laneLacksData(_ lane: Int) -> Bool {
    !missing.isEmpty && (lane == 0 || plan.events[lane - 1].byCardData)
  }

  /// The one row of a lane that cannot be counted without card data.
  func untestedLane(_ lane: Int) -> CheckResult {
    .untested(
      lane == 0 ? "mythic cards per booster" : "event \(laneName(lane))", kind: .binomial, source: .rules,
      alpha: builder.alpha, reason: missing.reason(lane == 0 ? "the cards' rarities" : "the cards its filter picks", plan: plan))
  }

  func events() throws(StatisticsError) -> [CheckResult] {
    var checks: [CheckResult] = []
    let fixed = fixedCounts()
    var untested = Set<Int>()
    for (lane, kind, count) in fixed {
      if laneLacksData(lane) {
        if untested.insert(lane).inserted { checks.append(untestedLane(lane)) }
        continue
      }
      let boosters = tally.boostersByKind[kind]
      let matching = tally.laneCount(kind: kind, lane: lane, cards: count)
      let what = count == 0
        ? "no \(laneName(lane)) card in \(plan.kinds[kind]) boosters"
        : "exactly \(count) \(laneName(lane)) card\(count == 1 ? "" : "s") in every \(plan.kinds[kind]) booster"
      checks.append(
        .invariant(
          what, source: .rules,
          checked: boosters, violations: boosters - matching, alpha: builder.alpha,
          detail: "boosters of that kind with another count"))
    }
    var tested: [(lane: Int, kinds: [Int], index: Int)] = []
    for row in SimulationReport.eventRows(plan: plan, expectations: expectations, tally: tally) {
      let lane = row.eventIndex + 1
      if laneLacksData(lane) {
        if untested.insert(lane).inserted { checks.append(untestedLane(lane)) }
        continue
      }
      let kinds = row.kind.map { [$0] } ?? Array(plan.kinds.indices)
      // Already covered by an exact count for every kind involved.
      if kinds.allSatisfy({ kind in fixed.contains { $0.lane == lane && $0.kind == kind } }) { continue }
      // The complement of an event already tested for the same boosters: the same test.
      if let other = tested.first(where: { $0.kinds == kinds && areComplements($0.lane, lane, kinds: kinds) }) {
        checks[other.index].detail += "; its complement, event \(row.event) given \(row.given), is the same test"
        continue
      }
      var check = try builder.proportion(
        "event \(row.event) given \(row.given)", source: .rules, successes: row.count, trials: row.trials,
        expected: row.expected, detail: "boosters holding the event")
      check.hypothesis = Self.proportionKey(lane: lane, kinds: kinds, expected: row.expected)
      check.design = .proportion(expected: row.expected, trialsPerPool: Self.boostersPerPool(plan, kinds: kinds))
      tested.append((lane, kinds, checks.count))
      checks.append(check)
    }
    return checks
  }

  /// Whether a lane's cards are surely in a booster made by a program, surely not, or maybe.
  enum Presence { case never, surely, maybe }

  func presence(lane: Int, kind: Int, combination: Int) -> Presence {
    let laneCards: Set<Int> = lane == 0
      ? Set(plan.cards.indices.filter { plan.cards[$0].rarity == .mythic }) : plan.events[lane - 1].cards
    var result = Presence.never
    for draw in plan.programs[kind][combination] {
      let sheet = plan.sheets[draw.sheet]
      let possible = sheet.cards.indices.filter { sheet.weights[$0] > 0 }
      let inside = possible.filter { laneCards.contains(sheet.cards[$0]) }.count
      if inside == 0 { continue }
      let outside = possible.count - inside
      if outside == 0 || (draw.distinct && outside < draw.count) { return .surely }
      result = .maybe
    }
    return result
  }

  /// Whether every booster of these kinds holds cards of exactly one of the two lanes, by the
  /// structure of the rules: then "holds a" and "holds b" are complementary events.
  func areComplements(_ a: Int, _ b: Int, kinds: [Int]) -> Bool {
    for kind in kinds {
      for combination in plan.programs[kind].indices where plan.combinationProbabilities[kind][combination] > 0 {
        switch (presence(lane: a, kind: kind, combination: combination), presence(lane: b, kind: kind, combination: combination)) {
        case (.surely, .never), (.never, .surely): continue
        default: return false
        }
      }
    }
    return true
  }

  // MARK: 4. Mythic fairness

  func mythicFairness() throws(StatisticsError) -> [CheckResult] {
    var checks: [CheckResult] = []
    if !missing.isEmpty {
      return [
        .untested(
          "mythics per pool", kind: .chiSquare, source: .rules, alpha: builder.alpha,
          reason: missing.reason("the cards' rarities", plan: plan) + "; the mythic booster's position and paired pools' difference neither")
      ]
    }
    let poolDistribution = expectations.poolMythics
    if let fixed = poolDistribution.firstIndex(where: { abs($0 - 1) < 1e-12 }) {
      var check = CheckResult.invariant(
        "exactly \(fixed) mythic\(fixed == 1 ? "" : "s") per pool", source: .rules, checked: tally.pools,
        violations: tally.pools - tally.poolMythics[fixed], alpha: builder.alpha, detail: "pools with another count")
      check.hypothesis = "invariant mythics per pool \(fixed)"
      checks.append(check)
    } else {
      var perPool = try builder.distribution(
        "mythics per pool", source: .rules, observed: tally.poolMythics.map(Double.init),
        expected: poolDistribution.map { $0 * Double(tally.pools) },
        labels: poolDistribution.indices.map { "\($0) mythics" }, pooling: .adjacent, detail: "against the rules' distribution")
      perPool.design = .distribution(shares: poolDistribution, countsPerPool: 1, dispersion: 1, pooling: .adjacent)
      checks.append(perPool)
      let pairs = tally.pairMythicDifferences.reduce(0, +)
      if pairs > 0 {
        var difference = try builder.distribution(
          "mythic difference between paired pools", source: .rules,
          observed: tally.pairMythicDifferences.map(Double.init),
          expected: expectations.pairMythicDifferences.map { $0 * Double(pairs) },
          labels: expectations.pairMythicDifferences.indices.map { "difference \($0)" }, pooling: .adjacent,
          detail: "pools 1 and 2, 3 and 4, ... as two players")
        // One pair per two pools.
        difference.design = .distribution(
          shares: expectations.pairMythicDifferences, countsPerPool: 0.5, dispersion: 1, pooling: .adjacent)
        checks.append(difference)
      }
    }
    // With exactly one booster holding mythics per pool, positions are one multinomial draw.
    let positions = expectations.mythicPositions
    if plan.mythicKind != nil, abs(positions.reduce(0, +) - 1) < 1e-9 {
      var check = try builder.distribution(
        "mythic booster position", source: .rules, observed: tally.mythicPositions.map(Double.init),
        expected: positions.map { $0 * Double(tally.pools) },
        labels: positions.indices.map { "booster \($0 + 1)" }, pooling: .adjacent,
        detail: "which booster holds the pool's mythic")
      check.hypothesis = Self.positionKey(positions)
      check.design = .distribution(shares: positions, countsPerPool: 1, dispersion: 1, pooling: .adjacent)
      checks.append(check)
    }
    return checks
  }

  /// Boosters of these kinds per pool, as the rules expect them.
  static func boostersPerPool(_ plan: BoosterPlan, kinds: [Int]) -> Double {
    kinds.reduce(0) { $0 + plan.expectedBoostersPerKind[$1] }
  }

  // MARK: 5. Invariants

  func invariants() -> [CheckResult] {
    let size = plan.maxBoosterSize
    // Cards tallied for a draw that its sheet does not hold (fixed lane counts rely on none).
    var drawn = 0
    var outside = 0
    for (siteIndex, site) in plan.sites.enumerated() {
      let members = Set(plan.sheets[site.draw.sheet].cards)
      for ordinal in 0..<tally.cardCount {
        let count = tally.siteCards[siteIndex * tally.cardCount + ordinal]
        drawn += count
        if count > 0 && !members.contains(ordinal) { outside += count }
      }
    }
    var duplicates = CheckResult.invariant(
      "no card twice in a booster", source: .rules, checked: tally.boosters,
      violations: tally.duplicateBoosters, alpha: builder.alpha, detail: "boosters holding a card twice")
    duplicates.hypothesis = "invariant no duplicates"
    let repeats = plan.repeatReasons
    if !repeats.isEmpty {
      duplicates = .untested(
        "no card twice in a booster", kind: .invariant, source: .rules, n: tally.boosters, alpha: builder.alpha,
        reason: "the rules let a booster hold a card twice (\(repeats.joined(separator: "; ")))")
      duplicates.hypothesis = "invariant no duplicates"
    }
    let possible = plan.boosterSizeProbabilities.indices.filter { plan.boosterSizeProbabilities[$0] > 0 }
    var sizes: CheckResult
    if possible.count > 1 {
      let names = possible.map(String.init)
      sizes = CheckResult.invariant(
        "\(names.dropLast().joined(separator: ", ")) or \(names.last!) cards in every booster", source: .rules,
        checked: tally.boosters, violations: tally.boostersNotOfSizes(possible), alpha: builder.alpha,
        detail: "boosters of another size, and cards tallied beyond or short of the boosters' sizes")
      sizes.hypothesis = "invariant booster sizes \(names.joined(separator: ","))"
    } else {
      sizes = CheckResult.invariant(
        "\(size) cards in every booster", source: .rules, checked: tally.boosters,
        violations: tally.boostersNotOfSize(size), alpha: builder.alpha,
        detail: "boosters of another size, and cards tallied beyond or short of boosters x \(size)")
      sizes.hypothesis = "invariant booster size \(size)"
    }
    return [
      .invariant(
        "every card comes from its draw's sheet", source: .rules, checked: drawn, violations: outside,
        alpha: builder.alpha, detail: "cards drawn that their sheet does not hold"),
      duplicates, sizes,
    ]
  }

  /// When boosters differ in size (variants that set slot counts): how many are of each size,
  /// against the probabilities of the variants that make them.
  func boosterSizes() throws(StatisticsError) -> [CheckResult] {
    let expected = plan.boosterSizeProbabilities
    let possible = expected.indices.filter { expected[$0] > 0 }
    guard possible.count > 1 else { return [] }
    let counts = possible.map { Double($0 < tally.boosterSizes.count ? tally.boosterSizes[$0] : 0) }
    let total = counts.reduce(0, +)
    return [
      try builder.distribution(
        "booster sizes", source: .rules, observed: counts, expected: possible.map { expected[$0] * total },
        labels: possible.map { "\($0) cards" }, pooling: .adjacent,
        detail: possible.map { "\($0) cards \(CSVNumber.format(expected[$0]))" }.joined(separator: ", "))
    ]
  }
}
