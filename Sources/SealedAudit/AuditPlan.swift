import SealedSupport
import SealedEngine
import SealedAnalysis
import SealedVerdicts
import SealedStats

/// How many opened boosters an audit needs for each of its statistical checks to detect a
/// given deviation with a given power, so that a user knows what a box can tell.
///
/// Proportions: the trials from which the exact two-sided binomial test the audit makes has
/// the power (`ExactBinomialPower`) against p + d and against p − d, the larger, at level
/// alpha / m (Bonferroni over the m checks, which Holm's procedure never does worse than),
/// divided by the share of boosters the check counts.
/// Card frequencies: the boosters at which a noncentral chi-square with the sheet's degrees of
/// freedom, when the rarest card of the sheet is `ratio` times as likely as the rules say,
/// exceeds the chi-square critical value with the given power.
package struct AuditPlan: Sendable {
  package struct Row: Sendable {
    package let check: String
    package let kind: CheckResult.Kind
    /// What the rules (or the spec) expect, in words.
    package let expected: String
    /// Boosters needed; nil when p ± d stays inside the range a published figure accepts
    /// (`insideFigure`). (A proportion with no share d away on either side is refused.)
    package let boosters: Int?
    /// Whether p ± d both lie inside the range a published figure accepts: no file can refute it.
    package var insideFigure = false
  }

  package let rows: [Row]
  package let testCount: Int

  package init(
    catalog: AuditCatalog, lanes: AuditLanes, expectations: Expectations, grouping: PoolGrouping, alpha: Double,
    deviation: Double, ratio: Double, power: Double
  ) throws(StatisticsError) {
    let plan = catalog.plan
    var empty = ContentCounts(
      classCount: catalog.classCount, laneCount: lanes.lanes.count, kindCount: plan.kinds.count, maxSize: plan.maxBoosterSize,
      boostersPerPool: plan.boostersPerPool)
    // A file of whole pools has the pool checks too, which share the error rate: counted among
    // the tests (their sizes are not planned), as the audit of such a file counts them.
    if grouping == .grouped { empty.pools = 1 }
    let input = AuditInput(
      catalog: catalog, lanes: lanes, expectations: expectations, observed: empty, findings: BoosterFindings(kinds: plan.kinds),
      grouping: grouping, alpha: alpha, resamples: 0, seed: 0, threads: 1)
    let tests = try AuditRun.plannedChecks(input).filter { $0.statistic != nil }
    testCount = tests.count
    let level = alpha / Double(max(tests.count, 1))
    let shares = expectations.kindShares
    let perBooster = expectations.cardsPerBooster
    var rows: [Row] = []
    for test in tests {
      switch test.statistic! {
      case .proportion(_, let kinds, let p, _):
        let share = kinds.filter { $0 < plan.kinds.count }.reduce(0) { $0 + shares[$1] }
        try ExactBinomialPower.requireAlternative(expected: p, deviation: deviation, in: test.row.name)
        let sized = try ExactBinomialPower.trials(
          expected: p, accepted: test.accepted, deviation: deviation, significance: level, power: power)
        let needed = sized.map { Int((Double($0.trials) / max(share, 1e-12)).rounded(.up)) }
        var row = Row(check: test.row.name, kind: .binomial, expected: "p = \(CSVNumber.format((p * 1e6).rounded() / 1e6))", boosters: needed)
        row.insideFigure = sized == nil && test.accepted != nil
        rows.append(row)
      case .frequencies(let classes, let classShares):
        let total = classShares.reduce(0, +)
        let rarest = classShares.indices.min { classShares[$0] < classShares[$1] }!
        var shifted = classShares
        shifted[rarest] *= ratio
        let shiftedTotal = shifted.reduce(0, +)
        var perBoosterNoncentrality = 0.0
        for index in classShares.indices where classShares[index] > 0 {
          let difference = shifted[index] / shiftedTotal - classShares[index] / total
          perBoosterNoncentrality += difference * difference / (classShares[index] / total)
        }
        let copiesPerBooster = classes.reduce(0.0) { $0 + catalog.classOrdinals[$1].reduce(0) { $0 + perBooster[$1] } }
        let boosters = try Self.chiSquareBoosters(
          degreesOfFreedom: classShares.filter { $0 > 0 }.count - 1, noncentralityPerBooster: perBoosterNoncentrality * copiesPerBooster,
          level: level, power: power)
        rows.append(Row(check: test.row.name, kind: .chiSquare, expected: "\(classes.count) cards", boosters: boosters))
      case .poolMythics, .positions:
        continue
      }
    }
    self.rows = rows
  }

  /// The smallest number of boosters n with P(noncentral χ²(df, n·λ₁) > critical) ≥ power.
  static func chiSquareBoosters(degreesOfFreedom df: Int, noncentralityPerBooster lambda: Double, level: Double, power: Double) throws(StatisticsError) -> Int? {
    guard df > 0, lambda > 0 else { return nil }
    return try withGSL { () throws(GSLError) -> Int? in
      let critical = try Distributions.chiSquareUpperQuantile(level, degreesOfFreedom: Double(df))
      func enough(_ n: Int) throws(GSLError) -> Bool {
        try Distributions.noncentralChiSquareUpperTail(critical, degreesOfFreedom: Double(df), noncentrality: Double(n) * lambda) >= power
      }
      var high = 1
      while try !enough(high) {
        high *= 2
        if Double(high) * lambda >= 4e9 { return nil }
      }
      var low = high / 2
      while high - low > 1 {
        let middle = (low + high) / 2
        if try enough(middle) { high = middle } else { low = middle }
      }
      return high
    }
  }
}
