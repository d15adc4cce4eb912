/// Distribution functions, each backed by GSL.
public enum Distributions {
  /// P(X > x) for X ~ chi-square with `degreesOfFreedom`.
  ///
  /// Cost: O(1). The corresponding GSL function is `gsl_cdf_chisq_Q`.
  public static func chiSquareUpperTail(_ x: Double, degreesOfFreedom: Double) throws(GSLError) -> Double {
    try GSL.chiSquareQ(x, degreesOfFreedom: degreesOfFreedom)
  }
}
