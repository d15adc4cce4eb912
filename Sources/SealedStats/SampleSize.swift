import SealedSupport

/// How many trials a two-sided test of a proportion needs, and what power a number of trials
/// gives, by the normal approximation.
///
/// To tell a true success probability p1 from the null value p0 with a two-sided test at
/// significance α and power 1 - β:
///
///     n = ⌈ ( (z_{1-α/2} √(p0(1-p0)) + z_{1-β} √(p1(1-p1))) / (p1 - p0) )² ⌉
///
/// where z_q is the standard normal quantile from GSL (for a power so low that the numerator
/// is not positive, any n will do and the answer is 1). The inverse, the power of n trials, solves the same equation for z_{1-β}:
///
///     power = Φ( ( |p1 - p0| √n - z_{1-α/2} √(p0(1-p0)) ) / √(p1(1-p1)) )
///
/// Both ignore the far rejection region (the chance of rejecting on the wrong side), as the
/// textbook formula does. Cost: O(1).
package enum SampleSize {
  /// The trials needed to detect that the success probability is `p1` rather than `p0`.
  ///
  /// Throws when p0 or p1 is outside (0, 1), p0 == p1, α or power is outside (0, 1), or the
  /// answer exceeds 2^53. The corresponding GSL functions are `gsl_cdf_ugaussian_Qinv` (for
  /// z_{1-α/2}) and `gsl_cdf_ugaussian_Pinv` (for z_power).
  package static func trials(
    null p0: Double, alternative p1: Double, significance alpha: Double = 0.05, power: Double = 0.8
  ) throws(StatisticsError) -> Int {
    let n = try unboundedTrials(null: p0, alternative: p1, significance: alpha, power: power)
    guard n <= 9_007_199_254_740_992 else {
      throw .invalidArgument("detecting \(p1) against \(p0) needs more than 2^53 trials")
    }
    return max(1, Int(n))
  }

  /// `trials(null:alternative:significance:power:)` as a `Double`, however large (at least 1):
  /// for a caller with a bound of its own. Throws for the same arguments, but not for size.
  package static func unboundedTrials(
    null p0: Double, alternative p1: Double, significance alpha: Double = 0.05, power: Double = 0.8
  ) throws(StatisticsError) -> Double {
    try check(p0, p1, alpha)
    guard power > 0, power < 1 else { throw .invalidArgument("power \(power) is outside (0, 1)") }
    let (zAlpha, zPower) = try withGSL { () throws(GSLError) -> (Double, Double) in
      (try Distributions.normalUpperQuantile(alpha / 2), try Distributions.normalQuantile(power))
    }
    let numerator = zAlpha * (p0 * (1 - p0)).squareRoot() + zPower * (p1 * (1 - p1)).squareRoot()
    guard numerator > 0 else { return 1 }
    let root = numerator / (p1 - p0)
    return max(1, (root * root).rounded(.up))
  }

  /// The power of a two-sided test with `trials` trials at significance `alpha` when the
  /// success probability is `p1` instead of `p0`: the inverse of `trials(null:alternative:...)`.
  ///
  /// Throws when trials < 1, p0 or p1 is outside (0, 1), p0 == p1, or α is outside (0, 1). The
  /// corresponding GSL functions are `gsl_cdf_ugaussian_Qinv` and `gsl_cdf_ugaussian_P`.
  package static func power(
    trials n: Int, null p0: Double, alternative p1: Double, significance alpha: Double = 0.05
  ) throws(StatisticsError) -> Double {
    try check(p0, p1, alpha)
    guard n >= 1 else { throw .invalidArgument("power needs at least 1 trial (got \(n))") }
    return try withGSL { () throws(GSLError) -> Double in
      let zAlpha = try Distributions.normalUpperQuantile(alpha / 2)
      let z = (abs(p1 - p0) * Double(n).squareRoot() - zAlpha * (p0 * (1 - p0)).squareRoot())
        / (p1 * (1 - p1)).squareRoot()
      return try Distributions.normalCDF(z)
    }
  }

  private static func check(_ p0: Double, _ p1: Double, _ alpha: Double) throws(StatisticsError) {
    guard p0 > 0, p0 < 1 else { throw .invalidArgument("null probability \(p0) is outside (0, 1)") }
    guard p1 > 0, p1 < 1 else { throw .invalidArgument("alternative probability \(p1) is outside (0, 1)") }
    guard p0 != p1 else { throw .invalidArgument("null and alternative probability are both \(p0)") }
    guard alpha > 0, alpha < 1 else { throw .invalidArgument("significance \(alpha) is outside (0, 1)") }
  }
}
