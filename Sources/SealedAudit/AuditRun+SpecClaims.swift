import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedStats

/// The per-booster invariants and the spec's claims of an audit.
extension AuditRun {
  static func invariants(_ input: AuditInput) -> [Planned] {
    let findings = input.findings
    let plan = input.catalog.plan
    var cards = CheckResult.invariant(
      "every card is one the rules put in \(plan.setCode) boosters", source: .rules, checked: findings.cards,
      violations: findings.outsideCards, alpha: input.alpha,
      detail: findings.outsideCards == 0 ? "cards outside the booster range or of another set" : findings.firstProblems())
    cards.method = "exact (per booster)"
    let kinds = plan.kinds.count > 1
      ? "kinds identified: " + plan.kinds.indices.map { "\(plan.kinds[$0]) \(findings.identifiedKinds[$0])" }.joined(separator: ", ")
        + (findings.ambiguousKinds > 0 ? ", either \(findings.ambiguousKinds)" : "")
      : ""
    var possible = CheckResult.invariant(
      "every booster is one the rules can make", source: .rules, checked: findings.boosters,
      violations: findings.impossibleBoosters, alpha: input.alpha,
      detail: ([findings.impossibleBoosters == 0 ? "boosters whose cards no program of the rules can draw together" : findings.firstProblems()] + (kinds.isEmpty ? [] : [kinds])).joined(separator: "; "))
    possible.method = "exact (per booster)"
    return [Planned(row: cards), Planned(row: possible)]
  }

  static func kinds(_ given: String, plan: BoosterPlan) -> [Int] {
    given == "any" ? Array(plan.kinds.indices) + [plan.kinds.count] : plan.kinds.indices.filter { plan.kinds[$0] == given }
  }

  static func auditLane(_ planLane: Int?, _ lanes: AuditLanes) -> Int? {
    guard let planLane else { return nil }
    return lanes.lanes.firstIndex { $0.planLane == planLane }
  }

  static func specChecks(_ input: AuditInput, builder: CheckBuilder) throws(StatisticsError) -> [Planned] {
    let plan = input.catalog.plan
    let counts = input.observed
    var planned: [Planned] = []
    for (index, claim) in plan.specClaims.enumerated() {
      let alpha = claim.alpha ?? input.alpha
      if let problem = plan.specClaimProblems[index] {
        planned.append(Planned(row: .unsatisfiable(claim.name, kind: SpecChecks.kind(of: claim), source: .spec, reason: problem, alpha: alpha)))
        continue
      }
      func untested(_ why: String) -> Planned {
        var row = CheckResult.untested(claim.name, kind: SpecChecks.kind(of: claim), source: .spec, alpha: alpha, reason: why)
        row.method = "none"
        return Planned(row: row)
      }
      let lane = auditLane(plan.specClaimLanes[index], input.lanes)
      switch claim.kind {
      case .proportion(_, let given, let expected):
        guard let lane else { planned.append(untested("the file does not tell its cards apart")); continue }
        let kinds = kinds(given, plan: plan)
        let (successes, trials) = AuditStatistic.proportionCounts(counts, lane: lane, kinds: kinds)
        var row = try builder.proportion(claim.name, source: .spec, successes: successes, trials: trials, expected: expected, alpha: alpha, detail: "\(given) boosters holding a matching card")
        row.method = row.kind == .invariant ? "exact (per booster)" : nil
        let exact = isExactBinomial(input, lane: lane, kinds: kinds)
        planned.append(Planned(
          row: row, statistic: row.kind == .binomial ? .proportion(lane: lane, kinds: kinds, p: expected) : nil,
          exactBinomial: exact, key: proportionKey(lane, kinds, expected)))
      case .perBooster(_, let given, let count):
        guard let lane else { planned.append(untested("the file does not tell its cards apart")); continue }
        let kinds = kinds(given, plan: plan)
        let boosters = kinds.reduce(0) { $0 + counts.boostersByKind[$1] }
        var row = CheckResult.invariant(
          claim.name, source: .spec, checked: boosters, violations: boosters - counts.boosters(kinds: kinds, lane: lane, exactly: count),
          alpha: alpha, detail: "\(given) boosters without exactly \(count) matching card\(count == 1 ? "" : "s")")
        row.method = "exact (per booster)"
        planned.append(Planned(row: row))
      case .noDuplicates:
        guard input.catalog.identity == .printingAndFinish else {
          planned.append(untested("the file does not give each card's finish, so a foil and a non-foil copy look alike"))
          continue
        }
        var row = CheckResult.invariant(claim.name, source: .spec, checked: input.findings.boosters, violations: input.findings.boostersWithRepeats, alpha: alpha, detail: "boosters holding a card twice")
        row.method = "exact (per booster)"
        planned.append(Planned(row: row))
      case .boosterSize(let size):
        var row = CheckResult.invariant(
          claim.name, source: .spec, checked: input.findings.boosters,
          violations: input.findings.boosters - (input.findings.sizes[size] ?? 0), alpha: alpha, detail: "boosters not of \(size) cards")
        row.method = "exact (per booster)"
        planned.append(Planned(row: row))
      case .mythicsPerPool(let count):
        guard input.grouping == .grouped, counts.pools > 0 else { planned.append(untested("no whole pools (the boosters are not grouped in pools)")); continue }
        guard input.lanes.lanes.first?.planLane == 0 else { planned.append(untested("the file does not tell mythics apart")); continue }
        var row = CheckResult.invariant(
          claim.name, source: .spec, checked: counts.pools, violations: counts.pools - (count < counts.poolMythics.count ? counts.poolMythics[count] : 0),
          alpha: alpha, detail: "pools without exactly \(count) mythic\(count == 1 ? "" : "s")")
        row.method = "exact (per pool)"
        planned.append(Planned(row: row, key: "invariant mythics per pool \(count)"))
      case .mythicsPerPoolDistribution(let probabilities):
        guard input.grouping == .grouped, counts.pools > 0 else { planned.append(untested("no whole pools (the boosters are not grouped in pools)")); continue }
        guard input.lanes.lanes.first?.planLane == 0 else { planned.append(untested("the file does not tell mythics apart")); continue }
        let cells = (0..<counts.poolMythics.count).map { $0 < probabilities.count ? probabilities[$0] : 0 }
        planned.append(Planned(
          row: CheckResult(name: claim.name, kind: .chiSquare, source: .spec, n: counts.pools, alpha: alpha, detail: "pools by mythics"),
          statistic: .poolMythics(probabilities: cells)))
      case .mythicPosition(let weights):
        guard input.grouping == .grouped, counts.pools > 0 else { planned.append(untested("no whole pools (the boosters are not grouped in pools)")); continue }
        guard input.lanes.lanes.first?.planLane == 0 else { planned.append(untested("the file does not tell mythics apart")); continue }
        let positions = weights ?? Array(repeating: 1, count: plan.boostersPerPool)
        let cells = (0..<plan.boostersPerPool).map { $0 < positions.count ? positions[$0] : 0 }
        planned.append(Planned(
          row: CheckResult(name: claim.name, kind: .chiSquare, source: .spec, n: counts.mythicPositions.reduce(0, +), alpha: alpha, detail: "pools' mythic boosters by position"),
          statistic: .positions(probabilities: cells), key: "positions " + cells.map { String(format: "%.9g", $0 / cells.reduce(0, +)) }.joined(separator: ",")))
      case .uniform(let filter):
        let ordinals = plan.boosterRangeOrdinals.filter { filter.matches(plan.cards[$0]) }
        let classes = Array(Set(ordinals.map { input.catalog.classOfOrdinal[$0] })).sorted()
        let whole = classes.allSatisfy { cls in input.catalog.classOrdinals[cls].allSatisfy { ordinals.contains($0) || plan.isFoil($0) } }
        guard classes.count > 1, whole else {
          planned.append(untested(classes.count <= 1 ? "fewer than two matching cards" : "the file does not tell the matching cards apart"))
          continue
        }
        let total = classes.reduce(0) { $0 + input.observed.copies[$1] }
        planned.append(Planned(
          row: CheckResult(name: claim.name, kind: .chiSquare, source: .spec, n: total, alpha: alpha, detail: "\(classes.count) cards, copies over the boosters"),
          statistic: .frequencies(classes: classes, shares: Array(repeating: 1, count: classes.count)),
          key: "uniform " + classes.map(String.init).joined(separator: ",")))
      case .odds:
        planned.append(untested("odds claims are tested on simulations (sealed check), not on opened packs"))
      }
    }
    return planned
  }

  static func proportionKey(_ lane: Int, _ kinds: [Int], _ p: Double) -> String {
    "proportion \(lane) \(kinds.sorted()) " + String(format: "%.9g", p)
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
