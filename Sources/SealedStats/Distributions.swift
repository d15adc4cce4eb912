import SealedSupport

/// Distribution functions, each backed by GSL.
///
/// Every function checks its arguments first: a value outside the function's domain (a
/// probability outside [0, 1], a count above its total, a NaN) throws a `GSLError` with status
/// `GSLError.domainError` instead of reaching GSL, and a NaN coming back from GSL throws too.
/// Nothing here aborts the process.
///
/// The binomial functions are in `Distributions+Binomial.swift`, the hypergeometric ones in
/// `Distributions+Hypergeometric.swift`.
package enum Distributions {
  // MARK: - Chi-square

  /// P(X > x) for X ~ chi-square with `degreesOfFreedom` (> 0); 1 for x <= 0, 0 for x = +∞.
  ///
  /// Cost: O(1) (GSL's incomplete gamma function). The corresponding GSL function is
  /// `gsl_cdf_chisq_Q`.
  package static func chiSquareUpperTail(_ x: Double, degreesOfFreedom: Double) throws(GSLError) -> Double {
    guard !x.isNaN, degreesOfFreedom > 0, degreesOfFreedom.isFinite else {
      throw GSLError(
        call: "chiSquareUpperTail(\(x), degreesOfFreedom: \(degreesOfFreedom))", status: GSLError.domainError,
        detail: "x must be a number and the degrees of freedom positive and finite")
    }
    if x == .infinity { return 0 }
    return try GSL.chiSquareQ(x, degreesOfFreedom: degreesOfFreedom)
  }

  // MARK: - Standard normal

  /// Φ(x) = P(Z <= x) for a standard normal Z.
  ///
  /// Cost: O(1). The corresponding GSL function is `gsl_cdf_ugaussian_P`.
  package static func normalCDF(_ x: Double) throws(GSLError) -> Double {
    try GSL.gaussianP(x)
  }

  /// P(Z > x) = 1 - Φ(x) for a standard normal Z, accurate far into the upper tail.
  ///
  /// Cost: O(1). The corresponding GSL function is `gsl_cdf_ugaussian_Q`.
  package static func normalSurvival(_ x: Double) throws(GSLError) -> Double {
    try GSL.gaussianQ(x)
  }

  /// The standard normal quantile: the z with Φ(z) = `probability`; -∞ for 0 and +∞ for 1.
  ///
  /// Cost: O(1) (a rational approximation). The corresponding GSL function is
  /// `gsl_cdf_ugaussian_Pinv`.
  package static func normalQuantile(_ probability: Double) throws(GSLError) -> Double {
    try requireProbability(probability, "normalQuantile")
    return try GSL.gaussianPinv(probability)
  }

  /// The upper standard normal quantile: the z with P(Z > z) = `probability`, so
  /// `normalUpperQuantile(0.025)` is 1.959963984540054. Use it rather than
  /// `normalQuantile(1 - q)` for small q, which loses the digits of q.
  ///
  /// Cost: O(1). The corresponding GSL function is `gsl_cdf_ugaussian_Qinv`.
  package static func normalUpperQuantile(_ probability: Double) throws(GSLError) -> Double {
    try requireProbability(probability, "normalUpperQuantile")
    return try GSL.gaussianQinv(probability)
  }

  // MARK: - Beta

  /// P(X <= x) for X ~ Beta(a, b): the regularized incomplete beta function I_x(a, b);
  /// 0 for x <= 0 and 1 for x >= 1.
  ///
  /// Cost: O(1) calls; GSL's continued fraction takes up to 512 steps. Its relative error is
  /// about 1e-15·(a + b) (GSL forms the prefactor x^a (1-x)^b / B(a, b) from logarithms of size
  /// a and b). Once a·b/(a+b) passes about 10^6, the continued fraction does not converge within
  /// about 0.7 standard deviations of the mean and this throws (the binomial functions bridge
  /// around that). The corresponding GSL function is `gsl_cdf_beta_P`.
  package static func betaCDF(_ x: Double, a: Double, b: Double) throws(GSLError) -> Double {
    try requireBeta(x, a, b, "betaCDF")
    return try GSL.betaP(x, a, b)
  }

  /// P(X > x) = 1 - I_x(a, b) for X ~ Beta(a, b), accurate when it is small.
  ///
  /// Cost and accuracy as `betaCDF`. The corresponding GSL function is `gsl_cdf_beta_Q`.
  package static func betaSurvival(_ x: Double, a: Double, b: Double) throws(GSLError) -> Double {
    try requireBeta(x, a, b, "betaSurvival")
    return try GSL.betaQ(x, a, b)
  }

  /// The lower beta quantile: the x with P(X <= x) = `probability` for X ~ Beta(a, b).
  ///
  /// GSL starts from an approximation and takes Newton steps on `gsl_cdf_beta_P`. For large a
  /// and b that CDF gives up near the centre of the distribution (see `betaCDF`), and GSL's
  /// iteration can then stop early and return an unchecked answer (measured: off by 1e-5 for
  /// a = 7.8·10^6, b = 2.2·10^6 at 0.5), or report that it failed (already at a ≈ 78 000,
  /// b ≈ 22 000 at 0.2). So the answer is checked: GSL's CDF at x must match `probability` to
  /// √ε relative (GSL's own criterion), or this throws with status
  /// `GSLError.toleranceNotReached`. `ClopperPearsonInterval` finds its beta quantiles by
  /// bisection on the binomial tails instead. Cost: O(1) to about 70 CDF evaluations. The
  /// corresponding GSL function is `gsl_cdf_beta_Pinv`.
  package static func betaQuantile(_ probability: Double, a: Double, b: Double) throws(GSLError) -> Double {
    try requireProbability(probability, "betaQuantile")
    try requireBeta(0.5, a, b, "betaQuantile")
    let x = try GSL.betaPinv(probability, a, b)
    try verifyQuantile(x, probability, "betaQuantile(\(probability), a: \(a), b: \(b))") {
      (x) throws(GSLError) -> Double in try GSL.betaP(x, a, b)
    }
    return x
  }

  /// The upper beta quantile: the x with P(X > x) = `probability` for X ~ Beta(a, b).
  ///
  /// Same method, check, cost and limits as `betaQuantile`. The corresponding GSL function is
  /// `gsl_cdf_beta_Qinv`.
  package static func betaUpperQuantile(_ probability: Double, a: Double, b: Double) throws(GSLError) -> Double {
    try requireProbability(probability, "betaUpperQuantile")
    try requireBeta(0.5, a, b, "betaUpperQuantile")
    let x = try GSL.betaQinv(probability, a, b)
    try verifyQuantile(x, probability, "betaUpperQuantile(\(probability), a: \(a), b: \(b))") {
      (x) throws(GSLError) -> Double in try GSL.betaQ(x, a, b)
    }
    return x
  }

  /// Throws unless `tail(x)` is within √ε (relative) of `probability`.
  private static func verifyQuantile(
    _ x: Double, _ probability: Double, _ call: String, _ tail: (Double) throws(GSLError) -> Double
  ) throws(GSLError) {
    let failure = GSLError(
      call: call, status: GSLError.toleranceNotReached,
      detail: "GSL's answer \(x) does not reproduce the probability; its beta CDF fails for parameters this large")
    let reached: Double
    do {
      reached = try tail(x)
    } catch {
      throw failure
    }
    guard abs(reached - probability) <= Double.ulpOfOne.squareRoot() * probability else { throw failure }
  }

  // MARK: - Argument checks

  /// Throws unless `value` is a probability in [0, 1].
  static func requireProbability(_ value: Double, _ function: String) throws(GSLError) {
    guard value >= 0, value <= 1 else {
      throw GSLError(call: "\(function)(\(value))", status: GSLError.domainError, detail: "probability outside [0, 1]")
    }
  }

  /// Throws unless x is a number and a and b are positive and finite.
  private static func requireBeta(_ x: Double, _ a: Double, _ b: Double, _ function: String) throws(GSLError) {
    guard !x.isNaN, a > 0, b > 0, a.isFinite, b.isFinite else {
      throw GSLError(
        call: "\(function)(\(x), a: \(a), b: \(b))", status: GSLError.domainError,
        detail: "x must be a number, a and b positive and finite")
    }
  }
}
