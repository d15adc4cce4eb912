import SealedSupport
import SealedVerdicts
import SealedRules
import SealedEngine
import SealedAnalysis

/// The checks a spec states: each claim that applies to the set, tested against the counts.
/// The plan must have been compiled with the spec, so that its claims have counting lanes.
package struct SpecChecks: ContextualChecks {
  let context: CheckContext

  func all() throws(StatisticsError) -> [CheckResult] {
    var checks: [CheckResult] = []
    for (index, claim) in plan.specClaims.enumerated() {
      let first = checks.count
      defer { notingHeldAlpha(claim, in: &checks[first...]) }
      if let problem = plan.specClaimProblems[index] {
        // The rules cannot do what the claim states: the data against the maker, not the engine.
        var check = CheckResult.unsatisfiable(claim.name, kind: Self.kind(of: claim), source: .spec, reason: problem, alpha: alpha(of: claim))
        check.tests = .dataAgainstMaker
        checks.append(check)
      } else if !missing.isEmpty && Self.needsCardData(claim) {
        var check = CheckResult.untested(
          claim.name, kind: Self.kind(of: claim), source: .spec, alpha: alpha(of: claim),
          reason: missing.reason("the cards' rarities, names and types"))
        check.tests = .dataAgainstMaker
        checks.append(check)
      } else if case .odds(let odds, let reading) = claim.kind {
        checks += try OddsCheck(
          plan: plan, tally: tally, builder: builder, name: claim.name, alpha: alpha(of: claim),
          lane: plan.specClaimLanes[index], reading: reading
        ).checks(odds)
      } else {
        var check = try check(claim, lane: plan.specClaimLanes[index])
        check.tests = .dataAgainstMaker
        checks.append(check)
      }
    }
    return checks
  }

  /// A claim's alpha: its own when it is stricter than the run's, else the run's. Holm's
  /// procedure holds the run's error rate at one alpha; a looser claim's would raise it to its
  /// own (a claim at 0.05 in a run at 0.001).
  func alpha(of claim: SpecClaim) -> Double {
    min(claim.alpha ?? builder.alpha, builder.alpha)
  }

  /// Says on a claim's rows when its own alpha was looser than the run's, and held at it.
  private func notingHeldAlpha(_ claim: SpecClaim, in rows: inout ArraySlice<CheckResult>) {
    for index in rows.indices { Self.noteHeldAlpha(claim.alpha, run: builder.alpha, on: &rows[index]) }
  }

  /// Marks `row` when a claim's own alpha (`own`) is looser than the run's (`run`), which the
  /// row is held at: `looserClaimAlpha` and the note at the end of its detail. `check` and
  /// `audit` both note it so.
  package static func noteHeldAlpha(_ own: Double?, run: Double, on row: inout CheckResult) {
    guard let own, own > run else { return }
    row.looserClaimAlpha = own
    row.detail += heldAlphaNote(row)
  }

  /// The note a row held at the run's alpha ends with (`looserClaimAlpha`), or nothing: a row
  /// the claim shares with the rules' check repeats it.
  package static func heldAlphaNote(_ row: CheckResult) -> String {
    guard let own = row.looserClaimAlpha else { return "" }
    return "; its alpha \(CSVNumber.format(own)) is held at the run's \(CSVNumber.format(row.alpha)), the one Holm's procedure controls"
  }

  /// How the name of the engine's row of a claim the data decides exactly ends (`... (engine)`):
  /// that row tests the engine against the data's share, and is no claim of its own.
  package static let engineSuffix = " (engine)"

  /// The kind of check a claim makes.
  package static func kind(of claim: SpecClaim) -> CheckResult.Kind {
    switch claim.kind {
    case .proportion: .binomial
    case .mythicsPerPoolDistribution, .mythicPosition, .uniform: .chiSquare
    case .perBooster, .noDuplicates, .boosterSize, .mythicsPerPool: .invariant
    case .odds(let odds, _): odds.expected == 0 || odds.expected == 1 ? .invariant : .binomial
    }
  }

  /// Whether a claim picks cards by what card data says (a filter, the mythics).
  static func needsCardData(_ claim: SpecClaim) -> Bool {
    switch claim.kind {
    case .noDuplicates, .boosterSize, .odds: false  // odds: only the cards they ask about (below)
    case .proportion, .perBooster, .mythicsPerPool, .mythicsPerPoolDistribution, .mythicPosition, .uniform: true
    }
  }

  /// The check of one claim, by its kind; `lane` counts the claim's cards when it has any.
  private func check(_ claim: SpecClaim, lane: Int?) throws(StatisticsError) -> CheckResult {
    let alpha = alpha(of: claim)
    switch claim.kind {
    case .odds(let odds, let reading):
      return try OddsCheck(plan: plan, tally: tally, builder: builder, name: claim.name, alpha: alpha, lane: lane, reading: reading)
        .simulated(odds)
    case .proportion(_, let given, let expected):
      return try proportion(claim.name, given: given, expected: expected, lane: lane!, alpha: alpha)
    case .perBooster(_, let given, let count):
      return perBooster(claim.name, given: given, count: count, lane: lane!, alpha: alpha)
    case .noDuplicates:
      var check = CheckResult.invariant(
        claim.name, source: .spec, checked: tally.boosters, violations: tally.duplicateBoosters, alpha: alpha,
        detail: "boosters holding a card twice")
      check.hypothesis = "invariant no duplicates"
      return check
    case .boosterSize(let size):
      var check = CheckResult.invariant(
        claim.name, source: .spec, checked: tally.boosters, violations: tally.boostersNotOfSize(size), alpha: alpha,
        detail: "boosters not of \(size) cards, and cards tallied beyond or short of boosters x \(size)")
      check.hypothesis = "invariant booster size \(size)"
      return check
    case .mythicsPerPool(let count):
      return mythicsPerPool(claim.name, count: count, alpha: alpha)
    case .mythicsPerPoolDistribution(let probabilities):
      return try mythicsPerPoolDistribution(claim.name, probabilities: probabilities, alpha: alpha)
    case .mythicPosition(let weights):
      return try mythicPosition(claim.name, weights: weights, alpha: alpha)
    case .uniform(let filter):
      return try uniform(claim.name, filter: filter, alpha: alpha)
    }
  }

  /// A proportion claim: the share of `given` boosters holding at least one card of `lane`.
  private func proportion(
    _ name: String, given: KindSelector, expected: Double, lane: Int, alpha: Double
  ) throws(StatisticsError) -> CheckResult {
    let kinds = given.indices(in: plan.kinds)
    let trials = kinds.reduce(0) { $0 + tally.boostersByKind[$1] }
    let successes = kinds.reduce(0) { $0 + tally.laneBoosters(kind: $1, lane: lane, atLeast: 1) }
    var check = try builder.proportion(
      name, source: .spec, successes: successes, trials: trials, expected: expected, alpha: alpha,
      detail: "\(given) boosters holding a matching card")
    check.hypothesis = RuleChecks.proportionKey(lane: lane, kinds: kinds, expected: expected)
    check.design = .proportion(expected: expected, trialsPerPool: RuleChecks.boostersPerPool(plan, kinds: kinds))
    return check
  }

  /// A per-booster claim: every `given` booster holds exactly `count` cards of `lane`.
  private func perBooster(_ name: String, given: KindSelector, count: Int, lane: Int, alpha: Double) -> CheckResult {
    let kinds = given.indices(in: plan.kinds)
    let boosters = kinds.reduce(0) { $0 + tally.boostersByKind[$1] }
    let matching = kinds.reduce(0) { $0 + tally.laneCount(kind: $1, lane: lane, cards: count) }
    return .invariant(
      name, source: .spec, checked: boosters, violations: boosters - matching, alpha: alpha,
      detail: "\(given) boosters without exactly \(count) matching card\(count == 1 ? "" : "s")")
  }

  /// Every pool holds exactly `count` mythics.
  private func mythicsPerPool(_ name: String, count: Int, alpha: Double) -> CheckResult {
    let matching = count < tally.poolMythics.count ? tally.poolMythics[count] : 0
    var check = CheckResult.invariant(
      name, source: .spec, checked: tally.pools, violations: tally.pools - matching, alpha: alpha,
      detail: "pools without exactly \(count) mythic\(count == 1 ? "" : "s")")
    check.hypothesis = "invariant mythics per pool \(count)"
    return check
  }

  /// Pools by their number of mythics against the claimed probabilities.
  private func mythicsPerPoolDistribution(
    _ name: String, probabilities: [Double], alpha: Double
  ) throws(StatisticsError) -> CheckResult {
    let size = max(probabilities.count, tally.poolMythics.count)
    let observed = (0..<size).map { $0 < tally.poolMythics.count ? Double(tally.poolMythics[$0]) : 0 }
    let expected = (0..<size).map { $0 < probabilities.count ? probabilities[$0] * Double(tally.pools) : 0 }
    var check = try builder.distribution(
      name, source: .spec, observed: observed, expected: expected,
      labels: (0..<size).map { "\($0) mythics" }, pooling: .adjacent, alpha: alpha, detail: "pools by mythics")
    check.design = .distribution(shares: probabilities, countsPerPool: 1, dispersion: 1, pooling: .adjacent)
    return check
  }

  /// The boosters holding the pool's mythic, by position, against `weights` (equal when nil).
  private func mythicPosition(_ name: String, weights: [Double]?, alpha: Double) throws(StatisticsError) -> CheckResult {
    let positions = weights ?? Array(repeating: 1, count: plan.boostersPerPool)
    let total = positions.reduce(0, +)
    let counted = Double(tally.mythicPositions.reduce(0, +))
    let size = max(positions.count, tally.mythicPositions.count)
    var check = try builder.distribution(
      name, source: .spec,
      observed: (0..<size).map { $0 < tally.mythicPositions.count ? Double(tally.mythicPositions[$0]) : 0 },
      expected: (0..<size).map { $0 < positions.count ? positions[$0] / total * counted : 0 },
      labels: (0..<size).map { "booster \($0 + 1)" }, pooling: .adjacent, alpha: alpha,
      detail: "boosters holding the pool's mythic")
    if positions.count == plan.boostersPerPool { check.hypothesis = RuleChecks.positionKey(positions) }
    check.design = .distribution(shares: positions, countsPerPool: 1, dispersion: 1, pooling: .adjacent)
    return check
  }

  /// The copies of the booster-range cards that `filter` matches are equally likely.
  private func uniform(_ name: String, filter: CardFilter, alpha: Double) throws(StatisticsError) -> CheckResult {
    let ordinals = plan.boosterRangeOrdinals.filter { filter.matches(plan.cards[$0]) }
    let copies = tally.cardCopies
    let observed = ordinals.map { Double(copies[$0]) }
    let total = observed.reduce(0, +)
    guard ordinals.count > 1 else {
      // Nothing to compare: a check that cannot fail is not a test, and not a pass either.
      return CheckResult(
        name: name, kind: .chiSquare, source: .spec, n: Int(total), degreesOfFreedom: 0,
        alpha: alpha, verdict: .notTested, detail: "not tested: \(ordinals.count) matching card, nothing to compare")
    }
    // The rules' draws (distinct, weighted, varying by variant) set the statistic's dispersion.
    let dispersion = expectations.uniformClaimDispersion(cards: ordinals) ?? 1
    var check = try builder.distribution(
      name, source: .spec, observed: observed,
      expected: Array(repeating: total / Double(ordinals.count), count: ordinals.count),
      labels: ordinals.map { plan.cards[$0].name }, pooling: .unordered, dispersion: dispersion, alpha: alpha,
      detail: "\(ordinals.count) cards, copies over the run")
    check.hypothesis = RuleChecks.uniformKey(ordinals)
    check.design = .distribution(
      shares: Array(repeating: 1, count: ordinals.count), countsPerPool: ordinals.reduce(0.0) { $0 + expectations.cardsPerPool[$1] },
      dispersion: dispersion, pooling: .unordered)
    return check
  }
}
