/// The hypergeometric distribution: X counts the successes among t items drawn without
/// replacement from a population of n1 successes and n2 failures, so
/// P(X = k) = C(n1, k) C(n2, t-k) / C(n1+n2, t).
///
/// The arguments follow GSL's order (k, n1, n2, t). scipy's `hypergeom(M, n, N)` is the same
/// distribution with M = n1 + n2, n = n1 and N = t. GSL takes `unsigned int` counts, so the
/// population n1 + n2 must not exceed `UInt32.max`.
extension Distributions {
  /// P(X = k): the probability of exactly k successes among t draws.
  ///
  /// Cost: O(1) (three `gsl_sf_lnchoose`). Throws for negative counts, a population above
  /// `UInt32.max`, more draws than the population, or k > t. The corresponding GSL function is
  /// `gsl_ran_hypergeometric_pdf`.
  package static func hypergeometricPMF(
    _ k: Int, successes n1: Int, failures n2: Int, draws t: Int
  ) throws(GSLError) -> Double {
    let (k, n1, n2, t) = try requireHypergeometric(k, n1, n2, t, "hypergeometricPMF")
    return try GSL.hypergeometricPDF(k, n1, n2, t)
  }

  /// P(X <= k).
  ///
  /// Cost: GSL sums probabilities from k away from the mode (using the smaller tail) until the
  /// terms no longer change the sum, so O(spread of the distribution) terms and at most
  /// O(min(t, n1)). Throws like `hypergeometricPMF`. The corresponding GSL function is
  /// `gsl_cdf_hypergeometric_P`.
  package static func hypergeometricCDF(
    _ k: Int, successes n1: Int, failures n2: Int, draws t: Int
  ) throws(GSLError) -> Double {
    let (k, n1, n2, t) = try requireHypergeometric(k, n1, n2, t, "hypergeometricCDF")
    return try GSL.hypergeometricP(k, n1, n2, t)
  }

  /// P(X > k), accurate when it is small.
  ///
  /// Cost and errors as `hypergeometricCDF`. The corresponding GSL function is
  /// `gsl_cdf_hypergeometric_Q`.
  package static func hypergeometricSurvival(
    _ k: Int, successes n1: Int, failures n2: Int, draws t: Int
  ) throws(GSLError) -> Double {
    let (k, n1, n2, t) = try requireHypergeometric(k, n1, n2, t, "hypergeometricSurvival")
    return try GSL.hypergeometricQ(k, n1, n2, t)
  }

  /// The counts as GSL's `unsigned int`, after checking them.
  private static func requireHypergeometric(
    _ k: Int, _ n1: Int, _ n2: Int, _ t: Int, _ function: String
  ) throws(GSLError) -> (UInt32, UInt32, UInt32, UInt32) {
    let call = "\(function)(\(k), successes: \(n1), failures: \(n2), draws: \(t))"
    func fail(_ detail: String) -> GSLError {
      GSLError(call: call, status: GSLError.domainError, detail: detail)
    }
    guard k >= 0, n1 >= 0, n2 >= 0, t >= 0 else { throw fail("counts must not be negative") }
    let (population, overflow) = n1.addingReportingOverflow(n2)
    guard !overflow, population <= Int(UInt32.max) else {
      throw fail("population above \(UInt32.max), the largest count GSL takes")
    }
    guard t <= population else { throw fail("more draws than the population") }
    guard k <= t else { throw fail("more successes than draws") }
    return (UInt32(k), UInt32(n1), UInt32(n2), UInt32(t))
  }
}
