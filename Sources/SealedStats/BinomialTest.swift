/// The exact binomial test of the null hypothesis that each of n independent trials succeeds
/// with probability p, given k observed successes.
///
/// The p-value follows `scipy.stats.binomtest` step by step, so the two agree to the accuracy
/// of the distribution functions:
///
/// - `.less`: P(X <= k); `.greater`: P(X >= k).
/// - `.twoSided`: the probability of every outcome no more likely than k. With d = P(X = k)
///   and a relative slack of 1e-7 (outcomes with P(X = x) <= d·(1 + 1e-7) count as "no more
///   likely"): if k = np the p-value is 1; otherwise a binary search over the other side of the
///   mode finds where the probabilities cross d·(1 + 1e-7), and the p-value is k's tail plus
///   that tail, capped at 1. p = 0, p = 1, k = 0 and k = n go through the same steps, as in
///   scipy (so k successes with p = 0 and k > 0 give p-value 0).
///
/// Cost: O(log n) probability-mass evaluations and two tail probabilities, each O(1) GSL
/// calls; no loop over the outcomes. Accuracy: that of `Distributions`' binomial functions,
/// about 1e-15·n relative (2e-7 at n = 10^8).
package struct BinomialTest: Equatable, Sendable {
  /// Which deviation from p the test looks for.
  package enum Alternative: String, CaseIterable, Sendable {
    /// Too many or too few successes.
    case twoSided = "two-sided"
    /// Too few successes: the true probability is less than p.
    case less
    /// Too many successes: the true probability is greater than p.
    case greater
  }

  /// k, the observed successes.
  package let successes: Int
  /// n, the number of trials.
  package let trials: Int
  /// p, the success probability under the null hypothesis.
  package let probability: Double
  /// The alternative hypothesis.
  package let alternative: Alternative
  /// The p-value: the probability, under the null hypothesis, of an outcome at least as
  /// extreme as k.
  package let pValue: Double

  /// k / n, the observed proportion of successes.
  package var proportion: Double { Double(successes) / Double(trials) }

  /// Tests k successes in n trials against success probability p.
  ///
  /// Throws for n < 1, k outside 0...n, p outside [0, 1], or n above
  /// `Distributions.maximumBinomialTrials`.
  package init(
    successes k: Int, trials n: Int, probability p: Double = 0.5, alternative: Alternative = .twoSided
  ) throws(StatisticsError) {
    guard n >= 1, k >= 0, k <= n else {
      throw .invalidArgument("binomial test needs 1 <= trials and 0 <= successes <= trials (got \(k) of \(n))")
    }
    guard p >= 0, p <= 1 else {
      throw .invalidArgument("binomial test probability \(p) is outside [0, 1]")
    }
    successes = k
    trials = n
    probability = p
    self.alternative = alternative
    pValue = try withGSL { () throws(GSLError) -> Double in
      switch alternative {
      case .less: try Self.cdf(k, n, p)
      case .greater: try Self.survival(k - 1, n, p)
      case .twoSided: try Self.twoSidedPValue(k, n, p)
      }
    }
  }

  /// The Clopper–Pearson interval for the success probability at confidence `level`, one-sided
  /// when the test is (like scipy's `proportion_ci(method='exact')`).
  package func confidenceInterval(level: Double = 0.95) throws(StatisticsError) -> ClopperPearsonInterval {
    try ClopperPearsonInterval(successes: successes, trials: trials, level: level, alternative: alternative)
  }

  /// The same interval at confidence 1 − `outside`, exact however small `outside` is.
  package func confidenceInterval(outside: Double) throws(StatisticsError) -> ClopperPearsonInterval {
    try ClopperPearsonInterval(successes: successes, trials: trials, outside: outside, alternative: alternative)
  }

  // MARK: - scipy's two-sided p-value

  private static func twoSidedPValue(_ k: Int, _ n: Int, _ p: Double) throws(GSLError) -> Double {
    let d = try pmf(k, n, p)
    let rerr = 1 + 1e-7
    let mean = p * Double(n)
    let pValue: Double
    if Double(k) == mean {
      return 1
    } else if Double(k) < mean {
      // The last x at or above the mode with P(X = x) >= d·rerr (the search runs on -pmf,
      // which increases there); the outcomes beyond it are no more likely than k.
      let ix = try search(target: -d * rerr, from: Int(mean.rounded(.up)), to: n) {
        (x) throws(GSLError) -> Double in -(try pmf(x, n, p))
      }
      let y = n - ix + (d * rerr == (try pmf(ix, n, p)) ? 1 : 0)
      pValue = try cdf(k, n, p) + survival(n - y, n, p)
    } else {
      // The last x at or below the mode with P(X = x) <= d·rerr.
      let ix = try search(target: d * rerr, from: 0, to: Int(mean.rounded(.down))) {
        (x) throws(GSLError) -> Double in try pmf(x, n, p)
      }
      let y = ix + 1
      pValue = try cdf(y - 1, n, p) + survival(k - 1, n, p)
    }
    return min(1, pValue)
  }

  /// scipy's `_binary_search_for_binom_tst`: for `a` increasing on lo...hi, an index i with
  /// a(i) <= target < a(i+1), which may be lo - 1. O(log(hi - lo)) evaluations of `a`.
  private static func search(
    target: Double, from lo: Int, to hi: Int, _ a: (Int) throws(GSLError) -> Double
  ) throws(GSLError) -> Int {
    var lo = lo
    var hi = hi
    while lo < hi {
      let mid = lo + (hi - lo) / 2
      let value = try a(mid)
      if value < target {
        lo = mid + 1
      } else if value > target {
        hi = mid - 1
      } else {
        return mid
      }
    }
    return try a(lo) <= target ? lo : lo - 1
  }

  // MARK: - Distribution functions, extended to k outside 0...n as scipy's are

  private static func pmf(_ k: Int, _ n: Int, _ p: Double) throws(GSLError) -> Double {
    try Distributions.binomialPMF(k, trials: n, probability: p)
  }

  private static func cdf(_ k: Int, _ n: Int, _ p: Double) throws(GSLError) -> Double {
    if k < 0 { return 0 }
    return try Distributions.binomialCDF(min(k, n), trials: n, probability: p)
  }

  private static func survival(_ k: Int, _ n: Int, _ p: Double) throws(GSLError) -> Double {
    if k < 0 { return 1 }
    return try Distributions.binomialSurvival(min(k, n), trials: n, probability: p)
  }
}
