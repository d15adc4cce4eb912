import SealedSupport
import SealedVerdicts
import SealedRules
import SealedAnalysis

/// Sample-size planning for a check run (`sealed check --plan`): for every statistical check
/// the run makes (each carries its `CheckDesign`: the rules' slot rarity mixes, sheet card
/// frequencies, events and mythic distributions, and the spec's claims), the pools needed to
/// detect a given deviation with a given power, at the Bonferroni level alpha / m (m = the
/// run's statistical checks), which is at least as strict as Holm's.
///
/// - Proportions: p0 ± `deviation` (the side that needs more), the trials from which the
///   exact two-sided binomial test the run makes has the power, exactly (`ExactBinomialPower`).
/// - Chi-square checks: one cell (a card, a rarity, a position, a count of mythics) `ratio`
///   times as likely as the rules say, the least detectable cell. Pearson's statistic, divided
///   by the check's dispersion δ, is then noncentral chi-square with df = cells − 1 and
///   noncentrality N Σ (p1 − p0)² / p0 / δ for N counts; the power is its upper tail beyond the
///   test's critical value (`Distributions.noncentralChiSquareUpperTail`, a Poisson mixture of
///   GSL chi-square tails). Cards and rarities are cells of their own; in a distribution over
///   counts (mythics per pool, the difference between two pools, the mythic booster's
///   position) the cells with a share below 1% are pooled with their neighbours as the test
///   pools small cells (below 5 expected in 500 counts), so that a tail no run could test cell
///   by cell (6 mythics in a pool: 6e-12) does not set the size.
package struct CheckPlan: Sendable {
  package struct Row: Sendable {
    package enum Test: String, Sendable {
      case binomial
      case chiSquare = "chi_square"
    }

    package let name: String
    package let test: Test
    /// Binomial: the proportion. Chi-square: the least detectable cell's share under the rules.
    package let expected: Double
    /// Binomial: the alternative proportion that needs the most pools (p ± deviation, toward
    /// 1/2). Chi-square: that cell's share when it is `ratio` times as likely.
    package let alternative: Double
    /// Trials (binomial) or counts (chi-square) over the run.
    package let trials: Int
    /// Trials or counts per pool.
    package let trialsPerPool: Double
    /// Pools needed; nil when no number of pools reaches the power (at most 2^40 are tried),
    /// or when the rules give the check nothing to count.
    package let pools: Int?

    /// Whether p ± deviation both lie inside the range a published figure accepts: no run can
    /// refute such a deviation, however many pools (`--deviation` below the range's half width).
    package var insideFigure = false

    /// Whether the rules give the check anything to count (a claim about cards they never
    /// draw counts nothing, and no run can size it).
    package var counts: Bool { trialsPerPool > 0 }
  }

  package let rows: [Row]
  package let alpha: Double
  package let tests: Int
  package let deviation: Double
  package let ratio: Double
  package let power: Double

  /// The row that needs the most pools (a row no number of pools serves counts as the most),
  /// among the rows with something to count.
  package var largest: Row? { rows.filter { $0.counts && !$0.insideFigure }.max { ($0.pools ?? .max) < ($1.pools ?? .max) } }

  /// The pools needed for every row (nil when some row cannot be served).
  package var pools: Int? { rows.isEmpty ? 0 : largest?.pools }

  /// The row of a check, by name.
  package func row(_ name: String) -> Row? { rows.first { $0.name == name } }

  /// The plan for the tests of a run: one row for each of its statistical checks, sized by the
  /// check's design (which depends on the plan only, so a small sample run of the same plan
  /// gives the list).
  package init(
    plan: BoosterPlan, expectations: Expectations, alpha: Double, deviation: Double, ratio: Double = 1.2,
    power: Double, sample: CheckRun
  ) throws(StatisticsError) {
    self.alpha = alpha
    self.deviation = deviation
    self.ratio = ratio
    self.power = power
    // Every check the run makes: those the sample tested, and those it had too few draws for.
    let tested = sample.checks.filter { $0.pValue != nil || ($0.untestedForFewDraws && $0.design != nil) }
    tests = max(tested.count, 1)
    let level = alpha / Double(tests)
    var rows: [Row] = []
    for check in tested {
      guard let design = check.design else {
        throw .invalidArgument("check \"\(check.name)\" has no design to plan by; this is a bug in Sealed")
      }
      switch design {
      case .proportion(let expected, let perPool, let accepted):
        rows.append(
          try Self.binomialRow(
            check.name, expected: expected, accepted: accepted, perPool: perPool, deviation: deviation, level: level, power: power))
      case .distribution(let shares, let perPool, let dispersion, let pooling):
        rows.append(
          try Self.chiSquareRow(
            check.name, shares: shares, drawsPerPool: perPool, dispersion: dispersion, pooling: pooling, ratio: ratio,
            level: level, power: power))
      }
    }
    self.rows = rows
  }

  /// A proportion's row: p ± deviation, the side that needs more trials, counted from the edge
  /// of the range a published figure accepts (`ExactBinomialPower.trials(expected:...)`).
  static func binomialRow(
    _ name: String, expected: Double, accepted: ClosedRange<Double>? = nil, perPool: Double, deviation: Double, level: Double,
    power: Double
  ) throws(StatisticsError) -> Row {
    try ExactBinomialPower.requireAlternative(expected: expected, deviation: deviation, in: name)
    let best = try ExactBinomialPower.trials(
      expected: expected, accepted: accepted, deviation: deviation, significance: level, power: power)
    guard let best, perPool > 0 else {
      var row = Row(name: name, test: .binomial, expected: expected, alternative: expected, trials: 0, trialsPerPool: perPool, pools: nil)
      row.insideFigure = accepted != nil && perPool > 0
      return row
    }
    return Row(
      name: name, test: .binomial, expected: expected, alternative: best.alternative, trials: best.trials,
      trialsPerPool: perPool, pools: Self.poolsFor(trials: Double(best.trials), perPool: perPool))
  }

  /// ⌈trials / perPool⌉, without rounding 8112 / 1.0000000000000002 up to 8113.
  static func poolsFor(trials: Double, perPool: Double) -> Int {
    max(1, Int((trials / perPool * (1 - 1e-12)).rounded(.up)))
  }

  /// The smallest number of pools whose chi-square test at `level` rejects with probability
  /// `power` when the least detectable cell (after pooling at that size) is `ratio` times as
  /// likely.
  static func chiSquareRow(
    _ name: String, shares: [Double], drawsPerPool: Double, dispersion: Double,
    pooling: ChiSquareGoodnessOfFit.Pooling = .unordered, ratio: Double, level: Double, power: Double
  ) throws(StatisticsError) -> Row {
    let total = shares.reduce(0, +)
    guard total > 0, drawsPerPool > 0 else {
      // The rules give the check nothing to count (a claim about cards they never draw): no
      // number of pools detects anything.
      return Row(name: name, test: .chiSquare, expected: 0, alternative: 0, trials: 0, trialsPerPool: drawsPerPool, pools: nil)
    }
    let bins = pooledShares(shares.map { $0 / total }, pooling: pooling)
    guard bins.count > 1, let cell = leastDetectable(bins, ratio: ratio), cell.perDraw > 0 else {
      throw .invalidArgument("--ratio \(ratio): no deviation to detect in \(name)")
    }
    let df = Double(bins.count - 1)
    let pools = try withGSL { () throws(GSLError) -> Int? in
      let critical = try Distributions.chiSquareUpperQuantile(level, degreesOfFreedom: df)
      func powerAt(_ pools: Int) throws(GSLError) -> Double {
        try Distributions.noncentralChiSquareUpperTail(
          critical, degreesOfFreedom: df, noncentrality: Double(pools) * drawsPerPool * cell.perDraw / dispersion)
      }
      var high = 1
      while try powerAt(high) < power {
        high *= 2
        guard high <= 1 << 40 else { return nil }
      }
      var low = high / 2
      while high - low > 1 {
        let middle = (low + high) / 2
        if try powerAt(middle) >= power { high = middle } else { low = middle }
      }
      return high
    }
    let alternative = cell.share * ratio / (1 + (ratio - 1) * cell.share)
    return Row(
      name: name, test: .chiSquare, expected: cell.share, alternative: alternative,
      trials: pools.map { Int((Double($0) * drawsPerPool).rounded(.up)) } ?? 0, trialsPerPool: drawsPerPool, pools: pools)
  }

  /// The cells a plan sizes for: every card or rarity (`unordered`); for counts (`adjacent`)
  /// the cells of at least 1% share, smaller ones pooled with their neighbours the way the test
  /// pools cells expecting fewer than 5 (here: in 500 counts).
  static func pooledShares(_ shares: [Double], pooling: ChiSquareGoodnessOfFit.Pooling) -> [Double] {
    let cells = shares.indices.filter { shares[$0] > 0 }
    guard pooling == .adjacent else { return cells.map { shares[$0] } }
    let groups = ChiSquareGoodnessOfFit.pool(cells, expected: shares.map { $0 * 500 }, minimum: 5, strategy: .adjacent)
    return groups.map { $0.reduce(0) { $0 + shares[$1] } }
  }

  /// The cell whose being `ratio` times as likely gives the smallest noncentrality per count,
  /// with that noncentrality: Σ (p1 − p0)² / p0 in closed form, q (r − 1)² (1 − q) / (1 + (r − 1) q)²
  /// for a cell of share q (the others scaled down alike).
  static func leastDetectable(_ shares: [Double], ratio: Double) -> (share: Double, perDraw: Double)? {
    var best: (share: Double, perDraw: Double)? = nil
    for q in shares where q > 0 && q < 1 {
      let scale = 1 + (ratio - 1) * q
      let perDraw = q * (ratio - 1) * (ratio - 1) * (1 - q) / (scale * scale)
      if best == nil || perDraw < best!.perDraw { best = (q, perDraw) }
    }
    return best
  }
}
