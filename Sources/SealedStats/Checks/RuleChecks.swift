import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedVerdicts

/// The checks derived from a rule set alone: what its own analytic expectations predict,
/// against what the simulation counted. No expectation here is entered by hand.
///
/// 0. Variants: chi-square per booster kind of the variant combinations drawn against their
///    probabilities (the later checks expect their counts from the combinations drawn).
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
struct RuleChecks: ContextualChecks {
  let context: CheckContext

  func all() throws(StatisticsError) -> [CheckResult] {
    let eventChecks = try events()
    var checks: [CheckResult] = []
    checks += try variants(besides: eventChecks)
    checks += try slotRarities()
    checks += try sheets()
    checks += eventChecks
    checks += try mythicFairness()
    checks += try boosterSizes()
    checks += invariants()
    // Every rule-derived check holds the engine's simulation to what the rules say exactly.
    return checks.map { check in
      var check = check
      check.tests = .engineAgainstData
      return check
    }
  }

  // MARK: 1. Rarity per slot

  func slotRarities() throws(StatisticsError) -> [CheckResult] {
    let observed = ObservedCounts.slotRarities(plan: plan, tally: tally)
    var checks: [CheckResult] = []
    for (index, slot) in plan.slots.enumerated() {
      if missing.touches(cardsDrawn(slot: index)) {
        checks.append(
          .untested(
            "slot \(slot.name): rarity mix", kind: .chiSquare, source: .rules, alpha: builder.alpha,
            reason: missing.reason("the rarities of cards the slot can give")))
        continue
      }
      let expected = expectations.slotRarityPerPool(slot: index)
      let rarities = Rarity.allCases.filter { expected[$0, default: 0] > 0 || observed[index][$0, default: 0] > 0 }
      let total = rarities.reduce(0) { $0 + observed[index][$1, default: 0] }
      let possible = rarities.filter { expected[$0, default: 0] > 0 }
      // A slot no booster fills (count 0, and no variant gives it cards) has no draws, so no
      // card can be counted in it: a check of it could not fail, and none is made.
      if possible.isEmpty && total == 0 { continue }
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
      if let shares = fixedRarityShares(slot: index) {
        checks.append(fixedSharesInvariant(slot: index, shares: shares, observed: observed[index], total: total))
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

  /// The dispersion of a slot's rarity-mix statistic: the mean of Pearson's sum of the rarity
  /// counts against their shares of the slot's observed total, over its degrees of freedom
  /// (a first-order Rao–Scott correction, exact in the mean), at least 1. The test scales the
  /// expected counts to the total, so a booster's part is its count of each rarity less that
  /// rarity's share of the cards it put in the slot: a slot of 0 or 1 card by variant (avr's
  /// six-card boosters) varies as one multinomial card, where the count alone varied 5.7 times
  /// as much (a review). A pool holds a fixed number of boosters of each kind, so the variance
  /// is within kinds (a mixture over each kind's variant combinations of independent draws).
  func rarityDispersion(slot: Int, rarities: [Rarity]) -> Double {
    let perKind = plan.expectedBoostersPerKind
    let boosters = perKind.reduce(0, +)
    guard boosters > 0, rarities.count > 1 else { return 1 }
    let size = meanSlotSize(slot: slot, perKind: perKind, boosters: boosters)
    guard size > 0 else { return 1 }
    var statisticMean = 0.0
    for rarity in rarities {
      let share = rarityCountMean(slot: slot, rarity: rarity, perKind: perKind, boosters: boosters) / size
      guard share > 1e-12 else { continue }
      var variance = 0.0
      for kind in plan.kinds.indices where perKind[kind] > 0 {
        let moments = deviationMoments(slot: slot, rarity: rarity, share: share, kind: kind)
        variance += perKind[kind] / boosters * (moments.square - moments.mean * moments.mean)
      }
      statisticMean += variance / (share * size)
    }
    // A slot of one card is one multinomial card exactly: rounding must not scale it.
    let dispersion = statisticMean / Double(rarities.count - 1)
    return abs(dispersion - 1) < 1e-9 ? 1 : max(1, dispersion)
  }

  /// The slot's mean count of cards per booster over the kinds of a pool (exactly its count,
  /// when every booster has the same).
  private func meanSlotSize(slot: Int, perKind: [Double], boosters: Double) -> Double {
    var size = 0.0
    var sizes = Set<Int>()
    for kind in plan.kinds.indices {
      for (combination, program) in plan.programs[kind].enumerated() {
        let count = program.filter { $0.slot == slot }.reduce(0) { $0 + $1.count }
        sizes.insert(count)
        size += perKind[kind] / boosters * plan.combinationProbabilities[kind][combination] * Double(count)
      }
    }
    return sizes.count == 1 ? Double(sizes.first!) : size
  }

  /// The slot's mean count of cards of `rarity` per booster over the kinds of a pool.
  private func rarityCountMean(slot: Int, rarity: Rarity, perKind: [Double], boosters: Double) -> Double {
    var mean = 0.0
    for kind in plan.kinds.indices where perKind[kind] > 0 {
      mean += perKind[kind] / boosters * deviationMoments(slot: slot, rarity: rarity, share: 0, kind: kind).mean
    }
    return mean
  }

  /// The first two moments, over a booster of `kind`, of its count of `rarity` in the slot less
  /// `share` times its count of cards there: per variant combination, independent draws each
  /// of a fixed count (binomial, with the finite-population factor of distinct draws from a
  /// uniform sheet).
  private func deviationMoments(slot: Int, rarity: Rarity, share: Double, kind: Int) -> (mean: Double, square: Double) {
    var mean = 0.0
    var square = 0.0
    for (combination, program) in plan.programs[kind].enumerated() {
      let q = plan.combinationProbabilities[kind][combination]
      guard q > 0 else { continue }
      var programMean = 0.0
      var programVariance = 0.0
      for draw in program where draw.slot == slot {
        let sheet = plan.sheets[draw.sheet]
        let inside = sheet.cards.indices.filter { plan.cards[sheet.cards[$0]].rarity == rarity }
        let p = inside.reduce(0.0) { $0 + sheet.weights[$1] } / sheet.totalWeight
        let k = Double(draw.count)
        let n = Double(sheet.cards.count)
        let finite = draw.distinct && draw.count > 1 && sheet.isUniform ? (n - k) / (n - 1) : 1
        programMean += k * (p - share)
        programVariance += k * p * (1 - p) * finite
      }
      mean += q * programMean
      square += q * (programVariance + programMean * programMean)
    }
    return (mean, square)
  }

  // MARK: 2. Card frequency within each sheet

  func sheets() throws(StatisticsError) -> [CheckResult] {
    var checks: [CheckResult] = []
    for (sheetIndex, sheet) in plan.sheets.enumerated() where sheet.cards.count > 1 {
      let counts = expectations.sheetCounts(sheetIndex, tally: tally)
      guard let dispersion = counts.dispersion else { continue }
      if isDrawnWhole(sheet: sheetIndex) {
        checks.append(wholeSheetInvariant(sheetIndex, observed: counts.observed, expected: counts.expected))
        continue
      }
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
}
