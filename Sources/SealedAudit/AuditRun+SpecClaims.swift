import Foundation
import SealedVerdicts
import SealedSupport
import SealedRules
import SealedEngine
import SealedStats
import SealedAnalysis

/// The per-booster invariants and the spec's claims of an audit.
extension AuditRun {
  static func invariants(_ input: AuditInput) -> [Planned] {
    let findings = input.findings
    let plan = input.catalog.plan
    var cards = CheckResult.invariant(
      "every card is one the rules put in \(plan.setCode) boosters", source: .rules, checked: findings.cards,
      violations: findings.outsideCards, alpha: input.alpha,
      detail: findings.outsideCards == 0 ? "cards no sheet of the rules holds, outside the booster range or of another set" : findings.firstOutsideCards())
    cards.method = .exactPerBooster
    let kinds = plan.kinds.count > 1
      ? "kinds identified: " + plan.kinds.indices.map { "\(plan.kinds[$0]) \(findings.identifiedKinds[$0])" }.joined(separator: ", ")
        + (findings.ambiguousKinds > 0 ? ", either \(findings.ambiguousKinds)" : "")
      : ""
    var possible = CheckResult.invariant(
      "every booster is one the rules can make", source: .rules, checked: findings.boosters,
      violations: findings.impossibleBoosters, alpha: input.alpha,
      detail: ([findings.impossibleBoosters == 0 ? "boosters whose cards no program of the rules can draw together" : findings.firstProblems()] + (kinds.isEmpty ? [] : [kinds])).joined(separator: "; "))
    possible.method = .exactPerBooster
    return [Planned(row: cards), Planned(row: possible)]
  }

  /// The audit's kind indices a claim's `given` covers: `any` adds the index of boosters whose
  /// kind is ambiguous (`plan.kinds.count`).
  static func kinds(_ given: KindSelector, plan: BoosterPlan) -> [Int] {
    given.indices(in: plan.kinds) + (given == .any ? [plan.kinds.count] : [])
  }

  static func auditLane(_ planLane: Int?, _ lanes: AuditLanes) -> Int? {
    guard let planLane else { return nil }
    return lanes.lanes.firstIndex { $0.planLane == planLane }
  }

  static func specChecks(_ input: AuditInput, builder: CheckBuilder) throws(StatisticsError) -> [Planned] {
    var planned: [Planned] = []
    for index in input.catalog.plan.specClaims.indices {
      var claim = try planSpecClaim(index, input: input, builder: builder)
      SpecChecks.noteHeldAlpha(input.catalog.plan.specClaims[index].alpha, run: input.alpha, on: &claim.row)
      planned.append(claim)
    }
    return planned
  }

  /// The check of the spec's claim number `index`: failed when the rules cannot satisfy it,
  /// not tested when the file cannot show it, else an invariant or a statistic.
  static func planSpecClaim(_ index: Int, input: AuditInput, builder: CheckBuilder) throws(StatisticsError) -> Planned {
    let plan = input.catalog.plan
    let claim = plan.specClaims[index]
    // Never looser than the run's alpha (`SpecChecks.alpha(of:)`: Holm's procedure controls one).
    let alpha = min(claim.alpha ?? input.alpha, input.alpha)
    if let problem = plan.specClaimProblems[index] {
      return Planned(row: .unsatisfiable(claim.name, kind: SpecChecks.kind(of: claim), source: .spec, reason: problem, alpha: alpha))
    }
    let lane = auditLane(plan.specClaimLanes[index], input.lanes)
    let cardsApart = "the file does not tell its cards apart"
    switch claim.kind {
    case .proportion(_, let given, let expected):
      guard let lane else { return untested(claim, alpha: alpha, cardsApart) }
      return try specProportion(claim, lane: lane, given: given, expected: expected, alpha: alpha, input: input, builder: builder)
    case .perBooster(_, let given, let count):
      guard let lane else { return untested(claim, alpha: alpha, cardsApart) }
      let kinds = kinds(given, plan: plan)
      let boosters = kinds.reduce(0) { $0 + input.observed.boostersByKind[$1] }
      let exactly = input.observed.boosters(kinds: kinds, lane: lane, exactly: count)
      return perBooster(
        claim, checked: boosters, violations: boosters - exactly, alpha: alpha,
        detail: "\(given) boosters without exactly \(count) matching card\(count == 1 ? "" : "s")")
    case .noDuplicates:
      // Without foils in the rules, a printing is a card: a list that marks no finish says enough.
      guard input.catalog.identity == .printingAndFinish || (input.catalog.identity == .printing && !plan.hasFoils) else {
        return untested(claim, alpha: alpha, "the file does not give each card's finish, so a foil and a non-foil copy look alike")
      }
      return perBooster(
        claim, checked: input.findings.boosters, violations: input.findings.boostersWithRepeats, alpha: alpha,
        detail: "boosters holding a card twice")
    case .boosterSize(let size):
      let boosters = input.findings.boosters
      return perBooster(
        claim, checked: boosters, violations: boosters - (input.findings.sizes[size] ?? 0), alpha: alpha,
        detail: "boosters not of \(size) cards")
    case .mythicsPerPool(let count):
      return untestedOnPools(claim, alpha: alpha, input: input) ?? specMythicsPerPool(claim, count: count, alpha: alpha, input: input)
    case .mythicsPerPoolDistribution(let probabilities):
      let cells = (0..<input.observed.poolMythics.count).map { $0 < probabilities.count ? probabilities[$0] : 0 }
      return untestedOnPools(claim, alpha: alpha, input: input) ?? Planned(
        row: CheckResult(name: claim.name, kind: .chiSquare, source: .spec, n: input.observed.pools, alpha: alpha, detail: "pools by mythics"),
        statistic: .poolMythics(probabilities: cells))
    case .mythicPosition(let weights):
      return untestedOnPools(claim, alpha: alpha, input: input) ?? specMythicPosition(claim, weights: weights, alpha: alpha, input: input)
    case .uniform(let filter):
      return specUniform(claim, filter: filter, alpha: alpha, input: input)
    case .odds(let odds, let reading):
      return try oddsClaim(claim, odds, reading: reading, lane: lane, alpha: alpha, input: input, builder: builder)
    }
  }

  /// A claim the file cannot show, with the reason.
  static func untested(_ claim: SpecClaim, alpha: Double, _ why: String) -> Planned {
    var row = CheckResult.untested(claim.name, kind: SpecChecks.kind(of: claim), source: .spec, alpha: alpha, reason: why)
    row.method = .notTested
    return Planned(row: row)
  }

  /// An exact invariant of the spec counted booster by booster.
  static func perBooster(_ claim: SpecClaim, checked: Int, violations: Int, alpha: Double, detail: String) -> Planned {
    var row = CheckResult.invariant(claim.name, source: .spec, checked: checked, violations: violations, alpha: alpha, detail: detail)
    row.method = .exactPerBooster
    return Planned(row: row)
  }

  /// A proportion claim: the boosters of the given kinds holding a matching card.
  static func specProportion(
    _ claim: SpecClaim, lane: Int, given: KindSelector, expected: Double, alpha: Double, input: AuditInput, builder: CheckBuilder
  ) throws(StatisticsError) -> Planned {
    let kinds = kinds(given, plan: input.catalog.plan)
    let (successes, trials) = AuditStatistic.proportionCounts(input.observed, lane: lane, kinds: kinds)
    var row = try builder.proportion(
      claim.name, source: .spec, successes: successes, trials: trials, expected: expected, alpha: alpha,
      detail: "\(given) boosters holding a matching card")
    row.method = row.kind == .invariant ? .exactPerBooster : nil
    return Planned(
      row: row, statistic: row.kind == .binomial ? .proportion(lane: lane, kinds: kinds, p: expected) : nil,
      exactBinomial: isExactBinomial(input, lane: lane, kinds: kinds), key: proportionKey(input, lane, kinds, expected))
  }

  /// A claim on whole pools (mythics per pool, their distribution, the mythic booster's
  /// position) as not tested, unless the boosters are grouped in pools and mythics are told
  /// apart (then nil).
  static func untestedOnPools(_ claim: SpecClaim, alpha: Double, input: AuditInput) -> Planned? {
    guard input.grouping == .grouped, input.observed.pools > 0 else {
      return untested(claim, alpha: alpha, "no whole pools (the boosters are not grouped in pools)")
    }
    guard input.lanes.lanes.first?.planLane == 0 else { return untested(claim, alpha: alpha, "the file does not tell mythics apart") }
    return nil
  }

  /// Exactly `count` mythics in every pool: an invariant over whole pools.
  static func specMythicsPerPool(_ claim: SpecClaim, count: Int, alpha: Double, input: AuditInput) -> Planned {
    let counts = input.observed
    var row = CheckResult.invariant(
      claim.name, source: .spec, checked: counts.pools, violations: counts.pools - (count < counts.poolMythics.count ? counts.poolMythics[count] : 0),
      alpha: alpha, detail: "pools without exactly \(count) mythic\(count == 1 ? "" : "s")")
    row.method = .exactPerPool
    return Planned(row: row, key: "invariant mythics per pool \(count)")
  }

  /// Which booster of a pool holds its mythic, against the claim's weights (equal by default).
  static func specMythicPosition(_ claim: SpecClaim, weights: [Double]?, alpha: Double, input: AuditInput) -> Planned {
    let boostersPerPool = input.catalog.plan.boostersPerPool
    let positions = weights ?? Array(repeating: 1, count: boostersPerPool)
    let cells = (0..<boostersPerPool).map { $0 < positions.count ? positions[$0] : 0 }
    return Planned(
      row: CheckResult(
        name: claim.name, kind: .chiSquare, source: .spec, n: input.observed.mythicPositions.reduce(0, +), alpha: alpha,
        detail: "pools' mythic boosters by position"),
      statistic: .positions(probabilities: cells),
      key: "positions " + cells.map { String(format: "%.9g", $0 / cells.reduce(0, +)) }.joined(separator: ","))
  }

  /// A claim that the matching cards are equally likely: not tested with fewer than two, or when
  /// the file does not tell them apart.
  static func specUniform(_ claim: SpecClaim, filter: CardFilter, alpha: Double, input: AuditInput) -> Planned {
    let plan = input.catalog.plan
    let ordinals = plan.boosterRangeOrdinals.filter { filter.matches(plan.cards[$0]) }
    let classes = Array(Set(ordinals.map { input.catalog.classOfOrdinal[$0] })).sorted()
    let whole = classes.allSatisfy { cls in input.catalog.classOrdinals[cls].allSatisfy { ordinals.contains($0) || plan.isFoil($0) } }
    guard classes.count > 1, whole else {
      return untested(claim, alpha: alpha, classes.count <= 1 ? "fewer than two matching cards" : "the file does not tell the matching cards apart")
    }
    let total = classes.reduce(0) { $0 + input.observed.copies[$1] }
    var planned = Planned(
      row: CheckResult(name: claim.name, kind: .chiSquare, source: .spec, n: total, alpha: alpha, detail: "\(classes.count) cards, copies over the boosters"),
      statistic: .frequencies(classes: classes, shares: Array(repeating: 1, count: classes.count)),
      key: "uniform " + classes.map(String.init).joined(separator: ","), group: claim.name)
    planned.isClaim = true
    // The dispersion `sealed check` scales the claim by, where each class is one card.
    let cards = classes.map { input.catalog.classOrdinals[$0] }
    if cards.allSatisfy({ $0.count == 1 }) { planned.claimDispersion = input.expectations.uniformClaimDispersion(cards: cards.map { $0[0] }) }
    return planned
  }

  /// The hypothesis a proportion tests: lanes counting the same cards are one lane here.
  static func proportionKey(_ input: AuditInput, _ lane: Int, _ kinds: [Int], _ p: Double) -> String {
    "proportion \(input.lanes.canonical[lane]) \(kinds.sorted()) " + String(format: "%.9g", p)
  }

  /// Whether the count of boosters holding the lane is binomial: boosters of the kinds are
  /// independent and equally likely to hold it.
  static func isExactBinomial(_ input: AuditInput, lane: Int, kinds: [Int]) -> Bool {
    let plan = input.catalog.plan
    let real = kinds.filter { $0 < plan.kinds.count }
    if real.count <= 1 && !kinds.contains(plan.kinds.count) { return true }
    if input.grouping == .separate || plan.mythicKind == nil { return true }
    guard let distributions = laneDistributions(input, lane: lane) else { return false }
    let shares = input.expectations.kindShares
    let probabilities = plan.kinds.indices.filter { shares[$0] > 0 }.map { 1 - distributions[$0][0] }
    return probabilities.allSatisfy { abs($0 - probabilities[0]) < 1e-12 }
  }

  static func laneDistributions(_ input: AuditInput, lane: Int) -> [[Double]]? {
    let audit = input.lanes.lanes[lane]
    if let planLane = audit.planLane { return input.expectations.laneDistributions.map { $0[planLane] } }
    return input.expectations.memberCountDistributions(members: audit.members)
  }
}
