import SealedCore

/// Sample-size planning for a check run (`sealed check --plan`): for every proportion and every
/// chi-square claim the run tests, the pools needed to detect a given deviation with a given
/// power, at the Bonferroni level alpha / m (m = the run's statistical checks), which is at
/// least as strict as Holm's.
///
/// - Proportions: p0 ± `deviation` (the side that needs more), by the normal approximation
///   (`SampleSize`).
/// - Chi-square claims (a spec's "equally likely" claims and the mythic booster's position):
///   one card (or position) `ratio` times as likely as the others, the least detectable one
///   when they differ. Pearson's statistic, divided by the claim's dispersion δ, is then
///   noncentral chi-square with df = cells − 1 and noncentrality N Σ (p1 − p0)² / p0 / δ for N
///   draws; the power is its upper tail beyond the test's critical value
///   (`Distributions.noncentralChiSquareUpperTail`, a Poisson mixture of GSL chi-square tails).
public struct CheckPlan: Sendable {
  public struct Row: Sendable {
    public enum Test: String, Sendable {
      case binomial
      case chiSquare = "chi_square"
    }

    public let name: String
    public let test: Test
    /// Binomial: the proportion. Chi-square: one cell's share under the claim.
    public let expected: Double
    /// Binomial: the alternative proportion that needs the most pools (p ± deviation, toward
    /// 1/2). Chi-square: the share of the cell drawn `ratio` times as often.
    public let alternative: Double
    /// Trials (binomial) or counted draws (chi-square) over the run.
    public let trials: Int
    /// Trials or draws per pool.
    public let trialsPerPool: Double
    public let pools: Int
  }

  public let rows: [Row]
  public let alpha: Double
  public let tests: Int
  public let deviation: Double
  public let ratio: Double
  public let power: Double

  /// The row that needs the most pools.
  public var largest: Row? { rows.max { $0.pools < $1.pools } }

  /// The pools needed for every row.
  public var pools: Int { largest?.pools ?? 0 }

  /// The row of a check, by name.
  public func row(_ name: String) -> Row? { rows.first { $0.name == name } }

  /// - Parameter tested: the names of the run's tests, to plan only those (nil: every event
  ///   and claim).
  public init(
    plan: BoosterPlan, expectations: Expectations, alpha: Double, deviation: Double, ratio: Double = 1.2,
    power: Double, tests: Int, tested: Set<String>? = nil
  ) throws(StatisticsError) {
    self.alpha = alpha
    self.tests = max(tests, 1)
    self.deviation = deviation
    self.ratio = ratio
    self.power = power
    let level = alpha / Double(self.tests)
    let perKind = plan.expectedBoostersPerKind
    var candidates: [(name: String, expected: Double, trialsPerPool: Double)] = []
    var seen = Set<String>()
    for row in SimulationReport.eventRows(plan: plan, expectations: expectations, tally: SimulationTally(plan: plan)) {
      let kinds = row.kind.map { [$0] } ?? Array(plan.kinds.indices)
      candidates.append(("event \(row.event) given \(row.given)", row.expected, kinds.reduce(0) { $0 + perKind[$1] }))
    }
    var rows: [Row] = []
    for (index, claim) in plan.specClaims.enumerated() where plan.specClaimProblems[index] == nil {
      switch claim.kind {
      case .proportion(_, let given, let expected):
        let kinds = given == "any" ? Array(plan.kinds.indices) : plan.kinds.indices.filter { plan.kinds[$0] == given }
        candidates.append((claim.name, expected, kinds.reduce(0) { $0 + perKind[$1] }))
      case .uniform(let filter):
        let cards = plan.boosterRangeOrdinals.filter { filter.matches(plan.cards[$0]) }
        let draws = cards.reduce(0.0) { $0 + expectations.cardsPerPool[$1] }
        guard cards.count > 1, draws > 0, !seen.contains(claim.name) else { continue }
        seen.insert(claim.name)
        let shares = Array(repeating: 1.0, count: cards.count)
        rows.append(
          try Self.chiSquareRow(
            claim.name, shares: shares, drawsPerPool: draws, dispersion: expectations.uniformClaimDispersion(cards: cards) ?? 1,
            ratio: ratio, level: level, power: power))
      case .mythicPosition(let weights):
        guard plan.mythicBoosterPositionProbabilities != nil else { continue }
        let shares = weights ?? Array(repeating: 1, count: plan.boostersPerPool)
        guard shares.count > 1 else { continue }
        rows.append(
          try Self.chiSquareRow(claim.name, shares: shares, drawsPerPool: 1, dispersion: 1, ratio: ratio, level: level, power: power))
      default:
        break
      }
    }
    var binomialRows: [Row] = []
    for candidate in candidates where candidate.expected > 0 && candidate.expected < 1 && candidate.trialsPerPool > 0 {
      var best: (alternative: Double, trials: Int)? = nil
      for alternative in [candidate.expected - deviation, candidate.expected + deviation] where alternative > 0 && alternative < 1 {
        let trials = try SampleSize.trials(null: candidate.expected, alternative: alternative, significance: level, power: power)
        if best == nil || trials > best!.trials { best = (alternative, trials) }
      }
      guard let best else { continue }
      binomialRows.append(
        Row(
          name: candidate.name, test: .binomial, expected: candidate.expected, alternative: best.alternative,
          trials: best.trials, trialsPerPool: candidate.trialsPerPool,
          pools: Self.poolsFor(trials: Double(best.trials), perPool: candidate.trialsPerPool)))
    }
    // Only what the run tests: one row per hypothesis (shared rows carry the claim's name).
    self.rows = (binomialRows + rows).filter { tested?.contains($0.name) ?? true }
  }

  /// The plan for the tests of a run (a small sample run of the same plan: which checks are
  /// tests depends on the plan only).
  public init(
    plan: BoosterPlan, expectations: Expectations, alpha: Double, deviation: Double, ratio: Double = 1.2,
    power: Double, sample: CheckRun
  ) throws(StatisticsError) {
    try self.init(
      plan: plan, expectations: expectations, alpha: alpha, deviation: deviation, ratio: ratio, power: power,
      tests: sample.testCount, tested: Set(sample.checks.filter { $0.pValue != nil }.map(\.name)))
  }

  /// ⌈trials / perPool⌉, without rounding 8112 / 1.0000000000000002 up to 8113.
  static func poolsFor(trials: Double, perPool: Double) -> Int {
    max(1, Int((trials / perPool * (1 - 1e-12)).rounded(.up)))
  }

  /// The smallest number of pools whose chi-square test at `level` rejects with probability
  /// `power` when the least detectable cell is `ratio` times as likely.
  static func chiSquareRow(
    _ name: String, shares: [Double], drawsPerPool: Double, dispersion: Double, ratio: Double, level: Double,
    power: Double
  ) throws(StatisticsError) -> Row {
    let total = shares.reduce(0, +)
    let null = shares.map { $0 / total }
    // Noncentrality per draw for each choice of the deviating cell; keep the smallest.
    var perDraw = Double.infinity
    var hot = 0
    for h in null.indices where null[h] > 0 {
      let scale = 1 + (ratio - 1) * null[h]
      var sum = 0.0
      for i in null.indices where null[i] > 0 {
        let p1 = null[i] * (i == h ? ratio : 1) / scale
        sum += (p1 - null[i]) * (p1 - null[i]) / null[i]
      }
      if sum < perDraw {
        perDraw = sum
        hot = h
      }
    }
    let df = Double(null.filter { $0 > 0 }.count - 1)
    guard perDraw > 0, perDraw.isFinite, df > 0 else {
      throw .invalidArgument("--ratio \(ratio): no deviation to detect in \(name)")
    }
    let target = power
    let pools = try withGSL { () throws(GSLError) -> Int in
      let critical = try Distributions.chiSquareUpperQuantile(level, degreesOfFreedom: df)
      func powerAt(_ pools: Int) throws(GSLError) -> Double {
        try Distributions.noncentralChiSquareUpperTail(
          critical, degreesOfFreedom: df, noncentrality: Double(pools) * drawsPerPool * perDraw / dispersion)
      }
      var high = 1
      while try powerAt(high) < target {
        high *= 2
        guard high < 1 << 40 else { return high }
      }
      var low = high / 2
      while high - low > 1 {
        let middle = (low + high) / 2
        if try powerAt(middle) >= target { high = middle } else { low = middle }
      }
      return high
    }
    let alternative = null[hot] * ratio / (1 + (ratio - 1) * null[hot])
    return Row(
      name: name, test: .chiSquare, expected: null[hot], alternative: alternative,
      trials: Int((Double(pools) * drawsPerPool).rounded(.up)), trialsPerPool: drawsPerPool, pools: pools)
  }
}
