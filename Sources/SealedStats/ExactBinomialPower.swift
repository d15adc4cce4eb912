import SealedSupport

/// The power of the two-sided exact binomial test the runs make (`BinomialTest`, scipy's
/// `binomtest`), and the trials a plan names for it.
///
/// At n trials the test at significance α rejects k successes when k ≤ k_L or k ≥ k_U: its
/// p-value rises towards the null's mode from either side, so each bound is found by a search
/// of the p-values on its side. The power against p1 is then P1(X ≤ k_L) + P1(X ≥ k_U), exactly
/// (GSL's binomial tails), both sides of the rejection region counted.
///
/// The power is saw-toothed in n (adding a trial can lower it), so `trials` names the smallest
/// n from which the power stays at or above the target, checked at every n up to an upper
/// bound at which it is reached (three times the normal approximation's size and 20 more, or
/// twice that, and so on): collecting more trials than it names, up to that bound, never gives
/// less power. (A bound a quarter above the approximation named 270 for 0.0248 against 0.0748
/// at alpha 0.01 / 13, where the power dips below 0.8 again at 282 to 284.)
package enum ExactBinomialPower {
  /// The rejection region at `n` trials: reject when k ≤ `lower` or k ≥ `upper` (`lower` is
  /// -1 and `upper` n + 1 where a side rejects nothing).
  package struct Region: Equatable, Sendable {
    package var lower: Int
    package var upper: Int
  }

  /// The rejection region of the two-sided test of `p0` at `alpha` with `n` trials. Each bound
  /// is searched from the normal approximation's (GSL's Gaussian quantile), in steps doubling
  /// away from it, then halving. Cost: O(log d · log n) probability-mass evaluations, d the
  /// distance from the approximation (a few trials at most plans' sizes).
  package static func region(trials n: Int, null p0: Double, significance alpha: Double) throws(StatisticsError) -> Region {
    let mode = min(n, Int((Double(n + 1) * p0).rounded(.down)))
    let z = try withGSL { () throws(GSLError) -> Double in try Distributions.normalUpperQuantile(alpha / 2) }
    let spread = z * (Double(n) * p0 * (1 - p0)).squareRoot()
    let centre = Double(n) * p0
    let lower = try lastTrue(in: 0...mode, near: Int((centre - spread).rounded(.down))) { (k: Int) throws(StatisticsError) in
      try rejects(k, n, p0, alpha)
    }
    let kept = try lastTrue(in: mode...n, near: Int((centre + spread).rounded(.up)) - 1) { (k: Int) throws(StatisticsError) in
      !(try rejects(k, n, p0, alpha))
    }
    return Region(lower: lower, upper: kept + 1)
  }

  /// The largest k in `range` for which `test` holds, where it holds from the range's start up
  /// to some k and not after (the range's start − 1 when it never holds), searched from `guess`.
  static func lastTrue(
    in range: ClosedRange<Int>, near guess: Int, _ test: (Int) throws(StatisticsError) -> Bool
  ) throws(StatisticsError) -> Int {
    // The answer lies in low...high; `low` holds (or is the start − 1), `high + 1` does not (or
    // is past the end).
    var low = range.lowerBound - 1, high = range.upperBound
    let start = min(max(guess, range.lowerBound), range.upperBound)
    var step = 1
    if try test(start) {
      low = start
      while low < high {
        let next = min(low + step, high)
        if try test(next) { low = next } else { high = next - 1; break }
        step *= 2
      }
    } else {
      high = start - 1
      while low < high {
        let next = max(high - step + 1, low + 1)
        if try test(next) { low = next; break } else { high = next - 1 }
        step *= 2
      }
    }
    while low < high {
      let middle = (low + high + 1) / 2
      if try test(middle) { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The probability that the test rejects when the success probability is `p1`. Cost: that
  /// of `region` and two binomial tails.
  package static func power(trials n: Int, null p0: Double, alternative p1: Double, significance alpha: Double) throws(StatisticsError) -> Double {
    try check(n, p0, p1, alpha)
    return try power(of: region(trials: n, null: p0, significance: alpha), trials: n, alternative: p1)
  }

  static func power(of region: Region, trials n: Int, alternative p1: Double) throws(StatisticsError) -> Double {
    try power(of: region, lowerTrials: n, upperTrials: n, alternative: p1)
  }

  /// P1(X ≤ lower) with `lowerTrials` trials plus P1(X ≥ upper) with `upperTrials`.
  static func power(of region: Region, lowerTrials: Int, upperTrials: Int, alternative p1: Double) throws(StatisticsError) -> Double {
    try withGSL { () throws(GSLError) -> Double in
      let below = region.lower >= 0 ? try Distributions.binomialCDF(min(region.lower, lowerTrials), trials: lowerTrials, probability: p1) : 0
      let above = region.upper <= upperTrials ? try Distributions.binomialSurvival(region.upper - 1, trials: upperTrials, probability: p1) : 0
      return min(below + above, 1)
    }
  }

  /// The smallest number of trials from which the exact test's power against `p1` stays at or
  /// above `power` (see the type's comment). Cost: the regions and powers at a few sizes per
  /// block of sizes (`Search.holds`), blocks growing twice as long as the answer is approached
  /// from the upper bound (`check-products --plan` of the 538 products took 5.3 s with it, 2.5 s
  /// with the normal approximation alone).
  ///
  /// Throws for arguments `SampleSize.trials` refuses, or when no size up to 2^31 reaches it.
  package static func trials(
    null p0: Double, alternative p1: Double, significance alpha: Double, power target: Double
  ) throws(StatisticsError) -> Int {
    let unbounded = try SampleSize.unboundedTrials(null: p0, alternative: p1, significance: alpha, power: target)
    // Beyond 2^31 trials GSL's binomial terms lose accuracy (a deviation of 1e-6 asked for some
    // 10^12): no exact size is given there, however far beyond (1e-10 said "more than 2^53").
    guard unbounded < Double(1 << 30) else {
      throw .invalidArgument("detecting \(p1) against \(p0) needs more than 2^31 trials; ask for a larger deviation")
    }
    let approximate = Int(unbounded)
    let search = Search(p0: p0, p1: p1, alpha: alpha, target: target)
    var top = 3 * approximate + 20
    while try search.power(at: top) < target {
      guard top < 1 << 30 else { throw .invalidArgument("detecting \(p1) against \(p0) needs more than 2^31 trials") }
      top *= 2
    }
    // Every size from `start` to `top` holds; blocks below it are tried, longer after each that
    // holds, shorter after each that does not.
    var start = top
    var width = 1
    var startRegion = try search.region(at: start)
    while start > 1 {
      let first = max(1, start - width)
      let firstRegion = try search.region(at: first)
      if try search.holds(first, firstRegion, start, startRegion) {
        (start, startRegion) = (first, firstRegion)
        width *= 2
      } else if width == 1 {
        break
      } else {
        width /= 2
      }
    }
    return start
  }

  /// Throws unless `expected` has a share `deviation` away on one side at least, inside (0, 1):
  /// a deviation too large to ask of check `name`, not a run too large to make (a plan printed
  /// a row of 0 trials and "no feasible run").
  package static func requireAlternative(expected: Double, deviation: Double, in name: String) throws(StatisticsError) {
    guard expected - deviation <= 0 && expected + deviation >= 1 else { return }
    let shown = CSVNumber.format((expected * 10_000).rounded() / 10_000)
    throw .invalidArgument(
      "--deviation \(CSVNumber.format(deviation)): \(name) expects \(shown), which has no share \(CSVNumber.format(deviation)) away on either side (they fall below 0 and above 1); ask for a smaller deviation")
  }

  /// The trials the exact test of a proportion `p` needs to detect `p + deviation` and
  /// `p − deviation` (the side that needs more, and that side's alternative), each side's null
  /// the share of `accepted` nearest it when the figure is read as a range (the test runs
  /// against the range's edge: a share inside the range is never refuted). Nil when no side can
  /// be detected: both alternatives outside (0, 1) or inside the range.
  package static func trials(
    expected p: Double, accepted: ClosedRange<Double>?, deviation: Double, significance alpha: Double, power target: Double
  ) throws(StatisticsError) -> (alternative: Double, trials: Int)? {
    // A deviation too small to move p at double precision (1e-17 of 0.78) is no deviation no
    // run can find (the plan said "beyond 2^40", where 1e-10 was refused): refused as too small.
    if deviation > 0, p - deviation == p, p + deviation == p {
      throw .invalidArgument(
        "--deviation \(CSVNumber.format(deviation)): too small to tell from \(CSVNumber.format(p)) (no run of fewer than 2^31 trials detects it); ask for a larger deviation")
    }
    var best: (alternative: Double, trials: Int)? = nil
    for alternative in [p - deviation, p + deviation] where alternative > 0 && alternative < 1 {
      let null = accepted.map { alternative > p ? $0.upperBound : $0.lowerBound } ?? p
      guard null > 0, null < 1, alternative > p ? alternative > null : alternative < null else { continue }
      let trials = try trials(null: null, alternative: alternative, significance: alpha, power: target)
      if best == nil || trials > best!.trials { best = (alternative, trials) }
    }
    return best
  }

  /// The power's search for `trials`, with the regions it has found by size (a block that
  /// falls short is tried again from its middle).
  final class Search {
    let p0: Double
    let p1: Double
    let alpha: Double
    let target: Double
    private var regions: [Int: Region] = [:]

    init(p0: Double, p1: Double, alpha: Double, target: Double) {
      (self.p0, self.p1, self.alpha, self.target) = (p0, p1, alpha, target)
    }

    func region(at n: Int) throws(StatisticsError) -> Region {
      if let known = regions[n] { return known }
      let region = try ExactBinomialPower.region(trials: n, null: p0, significance: alpha)
      regions[n] = region
      return region
    }

    func power(at n: Int) throws(StatisticsError) -> Double {
      try ExactBinomialPower.power(of: region(at: n), trials: n, alternative: p1)
    }

    /// Whether the power is at least the target at every size from `a` to `b` (regions `ra`,
    /// `rb`). The rejection bounds rise with n but not monotonically: the two-sided p-value
    /// couples the sides, and a bound can fall by one from one size to the next (scipy: at
    /// p0 0.12 and alpha 0.01 the lower bound is 20 at 282 trials, 19 at 283). It never falls by
    /// more than one below its value at any smaller size (the tests check it at every size to
    /// 5,000), so between a and b the test rejects at least k ≤ k_L(a) − 1 and k ≥ k_U(b) + 1;
    /// P1(X ≤ k) falls and P1(X ≥ k) rises with n, so the power there is at least
    /// P1(X_b ≤ k_L(a) − 1) + P1(X_a ≥ k_U(b) + 1). When that bound falls short the block is
    /// halved, down to single sizes.
    func holds(_ a: Int, _ ra: Region, _ b: Int, _ rb: Region) throws(StatisticsError) -> Bool {
      if a == b { return try ExactBinomialPower.power(of: ra, trials: a, alternative: p1) >= target }
      let sure = Region(lower: ra.lower - 1, upper: rb.upper + 1)
      let bound = try ExactBinomialPower.power(of: sure, lowerTrials: b, upperTrials: a, alternative: p1)
      if bound >= target { return true }
      if b - a == 1 {
        guard try ExactBinomialPower.power(of: ra, trials: a, alternative: p1) >= target else { return false }
        return try ExactBinomialPower.power(of: rb, trials: b, alternative: p1) >= target
      }
      let middle = (a + b) / 2
      let rm = try region(at: middle)
      guard try holds(a, ra, middle, rm) else { return false }
      return try holds(middle, rm, b, rb)
    }
  }

  private static func rejects(_ k: Int, _ n: Int, _ p0: Double, _ alpha: Double) throws(StatisticsError) -> Bool {
    try BinomialTest(successes: k, trials: n, probability: p0).pValue <= alpha
  }

  private static func check(_ n: Int, _ p0: Double, _ p1: Double, _ alpha: Double) throws(StatisticsError) {
    guard n >= 1 else { throw .invalidArgument("power needs at least 1 trial (got \(n))") }
    guard p0 > 0, p0 < 1, p1 > 0, p1 < 1 else { throw .invalidArgument("probabilities \(p0) and \(p1) must be inside (0, 1)") }
    guard alpha > 0, alpha < 1 else { throw .invalidArgument("significance \(alpha) is outside (0, 1)") }
  }
}
