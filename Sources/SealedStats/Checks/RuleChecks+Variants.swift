import SealedSupport
import SealedRules
import SealedVerdicts

extension RuleChecks {
  // MARK: 0. Variants

  /// How often each variant combination was chosen (one option of every variant group), per
  /// booster kind: Pearson's chi-square over the combinations the rules give a chance (and any
  /// the run drew that they do not, which fails it), against their probabilities. The sheet and
  /// rarity checks expect their counts from the variants the run drew, so without this check a
  /// generator choosing variants at the wrong rates (a Special Guest in 1 booster of 7 where the
  /// rules say 1 of 64) would pass them. Each booster's variant is its own draw: multinomial.
  /// A kind of two combinations that a declared event of `events` already tells apart (its
  /// cards surely in the boosters of one, never in the other's: war's uncommon planeswalker)
  /// gets no check of its own: the event's proportion is the same test. Cost: O(kinds ×
  /// combinations × events).
  func variants(besides events: [CheckResult]) throws(StatisticsError) -> [CheckResult] {
    let eventTests = Set(events.compactMap(\.hypothesis))
    let count = plan.combinations.count
    guard count > 1 else { return [] }
    var checks: [CheckResult] = []
    // A kind no pool has (the other boosters of a pool of one mythic booster) draws nothing.
    for kind in plan.kinds.indices where plan.expectedBoostersPerKind[kind] > 0 || tally.boostersByKind[kind] > 0 {
      let probabilities = plan.combinationProbabilities[kind]
      let drawn = (0..<count).map { Double(tally.combinations[kind * count + $0]) }
      let possible = probabilities.indices.filter { probabilities[$0] > 0 }
      let cells = probabilities.indices.filter { probabilities[$0] > 0 || drawn[$0] > 0 }
      guard possible.count > 1 || cells.count > possible.count else { continue }
      if cells.count == 2 && isTestedByAnEvent(kind: kind, combinations: possible, tests: eventTests) { continue }
      let total = cells.reduce(0) { $0 + drawn[$1] }
      let kindName = plan.kinds[kind] == "booster" ? "" : "\(plan.kinds[kind]) "
      var check = try builder.distribution(
        "variants of \(kindName)boosters in proportion to weight", source: .rules,
        observed: cells.map { drawn[$0] }, expected: cells.map { probabilities[$0] * total },
        labels: cells.map(combinationLabel), pooling: .unordered,
        detail: "\(possible.count) variant combinations")
      // Planned with the variants of under 1% pooled, as the test pools those expecting fewer
      // than 5 boosters (sorted, so that `adjacent` pooling merges the small tail): sized by
      // one of them, ltr-collector's 1 in 319,835,000 would ask for 10^11 pools.
      check.design = .distribution(
        shares: possible.map { probabilities[$0] }.sorted(by: >), countsPerPool: plan.expectedBoostersPerKind[kind], dispersion: 1,
        pooling: .adjacent)
      checks.append(check)
    }
    return checks
  }

  /// Whether an event's proportion test of `tests` (their hypotheses) is the test of the two
  /// `combinations` of `kind`: a reported event whose cards are surely in the boosters of one
  /// and never in the other's, tested for this kind alone at that combination's probability.
  func isTestedByAnEvent(kind: Int, combinations: [Int], tests: Set<String>) -> Bool {
    guard combinations.count == 2 else { return false }
    let probabilities = plan.combinationProbabilities[kind]
    for lane in 1..<plan.laneCount where plan.events[lane - 1].isReported {
      let first = presence(lane: lane, kind: kind, combination: combinations[0])
      let second = presence(lane: lane, kind: kind, combination: combinations[1])
      let marked: Int
      switch (first, second) {
      case (.surely, .never): marked = combinations[0]
      case (.never, .surely): marked = combinations[1]
      default: continue
      }
      if tests.contains(Self.proportionKey(lane: lane, kinds: [kind], expected: probabilities[marked])) { return true }
    }
    return false
  }

  /// A combination in words: each variant group's option, in group order.
  func combinationLabel(_ combination: Int) -> String {
    zip(plan.variantGroups, plan.combinations[combination]).map { group, option in group.options[option] }
      .joined(separator: ", ")
  }
}
