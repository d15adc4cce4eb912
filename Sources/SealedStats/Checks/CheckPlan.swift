import SealedCore

/// Sample-size planning for a check run (`sealed check --plan`): for every proportion the run
/// tests, the pools needed to detect a given deviation with a given power, at the Bonferroni
/// level alpha / m (m = the run's statistical checks), which is at least as strict as Holm's.
public struct CheckPlan: Sendable {
  public struct Row: Sendable {
    public let name: String
    public let expected: Double
    /// The alternative proportion that needs the most pools (p ± deviation, toward 1/2).
    public let alternative: Double
    public let trials: Int
    /// Trials (boosters of the given kind) per pool.
    public let trialsPerPool: Double
    public let pools: Int
  }

  public let rows: [Row]
  public let alpha: Double
  public let tests: Int
  public let deviation: Double
  public let power: Double

  /// The pools needed for every row.
  public var pools: Int { rows.map(\.pools).max() ?? 0 }

  public init(plan: BoosterPlan, expectations: Expectations, alpha: Double, deviation: Double, power: Double, tests: Int) throws(StatisticsError) {
    self.alpha = alpha
    self.tests = max(tests, 1)
    self.deviation = deviation
    self.power = power
    let level = alpha / Double(self.tests)
    let perKind = plan.expectedBoostersPerKind
    var candidates: [(name: String, expected: Double, trialsPerPool: Double)] = []
    for row in SimulationReport.eventRows(plan: plan, expectations: expectations, tally: SimulationTally(plan: plan)) {
      let kinds = row.kind.map { [$0] } ?? Array(plan.kinds.indices)
      candidates.append(("event \(row.event) given \(row.given)", row.expected, kinds.reduce(0) { $0 + perKind[$1] }))
    }
    for claim in plan.specClaims {
      if case .proportion(_, let given, let expected) = claim.kind {
        let kinds = given == "any" ? Array(plan.kinds.indices) : plan.kinds.indices.filter { plan.kinds[$0] == given }
        candidates.append((claim.name, expected, kinds.reduce(0) { $0 + perKind[$1] }))
      }
    }
    var rows: [Row] = []
    for candidate in candidates where candidate.expected > 0 && candidate.expected < 1 && candidate.trialsPerPool > 0 {
      var best: (alternative: Double, trials: Int)? = nil
      for alternative in [candidate.expected - deviation, candidate.expected + deviation] where alternative > 0 && alternative < 1 {
        let trials = try SampleSize.trials(null: candidate.expected, alternative: alternative, significance: level, power: power)
        if best == nil || trials > best!.trials { best = (alternative, trials) }
      }
      guard let best else { continue }
      rows.append(
        Row(
          name: candidate.name, expected: candidate.expected, alternative: best.alternative, trials: best.trials,
          trialsPerPool: candidate.trialsPerPool,
          pools: Int((Double(best.trials) / candidate.trialsPerPool).rounded(.up))))
    }
    self.rows = rows
  }
}
