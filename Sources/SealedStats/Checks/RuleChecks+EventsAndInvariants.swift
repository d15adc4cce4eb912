import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedVerdicts

/// Checks 3 to 5 of `RuleChecks`: declared events and fixed counts per booster, mythic
/// fairness, and the exact invariants.
extension RuleChecks {
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

  /// Whether a lane counts non-foil cards only where the boosters also hold foils (an event of
  /// the rules, rules.md: a foil planeswalker beside the one the rules fix is not counted), so
  /// that its exact count says so.
  func countsNonFoilOnly(_ lane: Int) -> Bool {
    guard lane > 0, plan.cards.count > plan.firstFoilOrdinal else { return false }
    return plan.events[lane - 1].cards.allSatisfy { $0 < plan.firstFoilOrdinal }
  }

  /// Whether a lane picks its cards by what card data says (the mythics, an event chosen by a
  /// filter) while cards the rules draw have no card data: then its counts mean nothing.
  func laneLacksData(_ lane: Int) -> Bool {
    !missing.isEmpty && (lane == 0 || plan.events[lane - 1].byCardData)
  }

  /// The one row of a lane that cannot be counted without card data.
  func untestedLane(_ lane: Int) -> CheckResult {
    .untested(
      lane == 0 ? "mythic cards per booster" : "event \(laneName(lane))", kind: .binomial, source: .rules,
      alpha: builder.alpha, reason: missing.reason(lane == 0 ? "the cards' rarities" : "the cards its filter picks"))
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
      // With one kind of booster (named "booster"): "in every booster", not "booster booster".
      let kindName = plan.kinds[kind] == "booster" ? "" : "\(plan.kinds[kind]) "
      let cards = "\(countsNonFoilOnly(lane) ? "non-foil " : "")\(laneName(lane)) card"
      let what = count == 0
        ? "no \(cards) in \(kindName)boosters"
        : "exactly \(count) \(cards)\(count == 1 ? "" : "s") in every \(kindName)booster"
      checks.append(
        .invariant(
          what, source: .rules,
          checked: boosters, violations: boosters - matching, alpha: builder.alpha,
          detail: "boosters of that kind with another count"))
    }
    var tested: [(lane: Int, kinds: [Int], index: Int)] = []
    for row in ObservedCounts.events(plan: plan, expectations: expectations, tally: tally) {
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
          reason: missing.reason("the cards' rarities") + "; the mythic booster's position and paired pools' difference neither")
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
    var check = try builder.distribution(
      "booster sizes", source: .rules, observed: counts, expected: possible.map { expected[$0] * total },
      labels: possible.map { "\($0) cards" }, pooling: .adjacent,
      detail: possible.map { "\($0) cards \(CSVNumber.format(expected[$0]))" }.joined(separator: ", "))
    // Each booster's size is its own draw of a variant: the counts are multinomial.
    check.design = .distribution(
      shares: possible.map { expected[$0] }, countsPerPool: Double(plan.boostersPerPool), dispersion: 1, pooling: .adjacent)
    return [check]
  }
}
