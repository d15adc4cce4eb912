import SealedSupport

extension Distributions {
  /// The x with P(X > x) = q for X ~ chi-square with `degreesOfFreedom`: the critical value of
  /// a chi-square test at level q. Cost: O(1) iterations of GSL's `gsl_cdf_chisq_Qinv`.
  package static func chiSquareUpperQuantile(_ q: Double, degreesOfFreedom: Double) throws(GSLError) -> Double {
    guard q > 0, q < 1, degreesOfFreedom > 0, degreesOfFreedom.isFinite else {
      throw GSLError(
        call: "chiSquareUpperQuantile(\(q), degreesOfFreedom: \(degreesOfFreedom))", status: GSLError.domainError,
        detail: "q must be in (0, 1) and the degrees of freedom positive and finite")
    }
    return try GSL.chiSquareQInverse(q, degreesOfFreedom: degreesOfFreedom)
  }

  /// P(X > x) for X ~ noncentral chi-square with `degreesOfFreedom` and noncentrality λ: GSL
  /// has no noncentral chi-square, so it is the Poisson mixture
  /// Σ_j Poisson(j; λ/2) · P(χ²_{df+2j} > x), summed outward from the Poisson mode until the
  /// remaining Poisson weight is below 1e-15. Cost: O(√λ) GSL calls (plus a few dozen).
  package static func noncentralChiSquareUpperTail(
    _ x: Double, degreesOfFreedom: Double, noncentrality lambda: Double
  ) throws(GSLError) -> Double {
    guard !x.isNaN, degreesOfFreedom > 0, degreesOfFreedom.isFinite, lambda >= 0, lambda < 4e9 else {
      throw GSLError(
        call: "noncentralChiSquareUpperTail(\(x), degreesOfFreedom: \(degreesOfFreedom), noncentrality: \(lambda))",
        status: GSLError.domainError, detail: "the degrees of freedom must be positive and the noncentrality in [0, 4e9)")
    }
    if lambda == 0 { return try chiSquareUpperTail(x, degreesOfFreedom: degreesOfFreedom) }
    let mu = lambda / 2
    let mode = UInt32(mu.rounded(.down))
    var total = 0.0
    var weight = 0.0
    // Upward from the mode, then downward.
    var j = mode
    while true {
      let w = try GSL.poissonPDF(j, mu)
      total += w * (try chiSquareUpperTail(x, degreesOfFreedom: degreesOfFreedom + 2 * Double(j)))
      weight += w
      if 1 - weight < 1e-15 || (Double(j) > mu && w < 1e-17) { break }
      j += 1
    }
    j = mode
    while j > 0 && 1 - weight >= 1e-15 {
      j -= 1
      let w = try GSL.poissonPDF(j, mu)
      total += w * (try chiSquareUpperTail(x, degreesOfFreedom: degreesOfFreedom + 2 * Double(j)))
      weight += w
      if w < 1e-17 { break }
    }
    return min(1, total)
  }
}
