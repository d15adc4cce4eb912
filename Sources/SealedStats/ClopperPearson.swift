/// The Clopper–Pearson ("exact") confidence interval for a binomial success probability,
/// matching `scipy.stats.binomtest(k, n).proportion_ci(confidence_level, method='exact')`.
///
/// With α = (1 - level) / 2 for a two-sided interval (α = 1 - level for a one-sided one):
///
///     lower = the p with P(X >= k | p) = α = Beta(k, n-k+1) quantile at α,  0 when k = 0
///     upper = the p with P(X <= k | p) = α = Beta(k+1, n-k) upper quantile at α,  1 when k = n
///
/// `.less` keeps only the upper bound (lower = 0), `.greater` only the lower (upper = 1).
///
/// GSL's own beta quantile (`Distributions.betaQuantile`) stops at √ε relative accuracy and
/// fails for counts around 10^7 and above, so each bound is found like scipy finds it, as the
/// root of the binomial tail in p, by bisection: [0, 1] is halved over the bit patterns of its
/// doubles until it holds two neighbouring doubles. The tails are
/// `Distributions.binomialSurvival`/`binomialCDF` (GSL's incomplete beta, I_x(k, n-k+1) and
/// 1 - I_x(k+1, n-k)). That takes at most 64 tail evaluations and leaves the bound as exact as
/// the tail allows: about 1e-12 relative at n = 10^8, where the tail itself is only good to
/// 1e-7, because it is steep in p there.
///
/// Cost: at most 2 × 64 binomial tail evaluations.
package struct ClopperPearsonInterval: Equatable, Sendable {
  /// The lower confidence bound, in [0, 1].
  package let lower: Double
  /// The upper confidence bound, in [lower, 1].
  package let upper: Double
  /// The confidence level, in (0, 1).
  package let level: Double

  /// The interval for k successes in n trials.
  ///
  /// Throws for n < 1, k outside 0...n, n above `Distributions.maximumBinomialTrials`, or a
  /// level outside (0, 1) (scipy also takes 0 and 1, where the interval degenerates).
  package init(
    successes k: Int, trials n: Int, level: Double = 0.95,
    alternative: BinomialTest.Alternative = .twoSided
  ) throws(StatisticsError) {
    guard level > 0, level < 1 else {
      throw .invalidArgument("confidence level \(level) is outside (0, 1)")
    }
    try self.init(successes: k, trials: n, outside: 1 - level, alternative: alternative)
  }

  /// The interval at confidence 1 − `outside`, given by what lies outside it: a level of
  /// 1 − 10⁻¹⁸ (a check's share of a small `--alpha` over many checks) is 1.0 as a `Double`,
  /// and was refused as outside (0, 1) after the whole run (a review). `level` keeps 1 − outside.
  package init(
    successes k: Int, trials n: Int, outside: Double, alternative: BinomialTest.Alternative = .twoSided
  ) throws(StatisticsError) {
    guard n >= 1, k >= 0, k <= n else {
      throw .invalidArgument("Clopper–Pearson interval needs 1 <= trials and 0 <= successes <= trials (got \(k) of \(n))")
    }
    guard n <= Distributions.maximumBinomialTrials else {
      throw .invalidArgument("Clopper–Pearson interval takes at most \(Distributions.maximumBinomialTrials) trials (got \(n))")
    }
    guard outside > 0, outside < 1 else {
      throw .invalidArgument("confidence level 1 − \(outside) is outside (0, 1)")
    }
    let alpha = alternative == .twoSided ? outside / 2 : outside
    self.level = 1 - outside
    lower = try withGSL { () throws(GSLError) -> Double in
      guard k > 0, alternative != .less else { return 0 }
      // P(X >= k | x) = I_x(k, n-k+1), increasing in x.
      return try Self.solve { (x) throws(GSLError) -> Double in
        try Distributions.binomialSurvival(k - 1, trials: n, probability: x) - alpha
      }
    }
    upper = try withGSL { () throws(GSLError) -> Double in
      guard k < n, alternative != .greater else { return 1 }
      // P(X <= k | x) = 1 - I_x(k+1, n-k), decreasing in x.
      return try Self.solve { (x) throws(GSLError) -> Double in
        alpha - (try Distributions.binomialCDF(k, trials: n, probability: x))
      }
    }
  }

  /// The x in [0, 1] where an increasing f with f(0) < 0 < f(1) changes sign, to the nearest
  /// double: bisection over the ordered bit patterns of the doubles in [0, 1].
  private static func solve(_ f: (Double) throws(GSLError) -> Double) throws(GSLError) -> Double {
    var low = (0.0).bitPattern
    var high = (1.0).bitPattern
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if try f(Double(bitPattern: middle)) < 0 { low = middle } else { high = middle }
    }
    let x0 = Double(bitPattern: low)
    let x1 = Double(bitPattern: high)
    return abs(try f(x0)) < abs(try f(x1)) ? x0 : x1
  }
}
