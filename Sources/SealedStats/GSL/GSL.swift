import SealedSupport

internal import CGSL

/// The only place Sealed calls the GNU Scientific Library.
///
/// GSL's default error handler aborts the process; it is switched off once, before the first
/// call, and bad results (NaN, a non-zero status) become `GSLError`s instead. Each wrapper is a
/// thin call: argument checks that GSL does not make itself (integer ranges, probabilities in
/// [0, 1]) are the callers' job, in `Distributions`.
enum GSL {
  /// Runs once, thread-safely, the first time any wrapper is used.
  private static let ready: Void = { _ = gsl_set_error_handler_off() }()

  // MARK: - Chi-square

  /// Upper tail of the chi-square distribution, P(X > x) for `df` degrees of freedom.
  ///
  /// The corresponding GSL function is `gsl_cdf_chisq_Q`.
  static func chiSquareQ(_ x: Double, degreesOfFreedom df: Double) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_chisq_Q(x, df), "gsl_cdf_chisq_Q(\(x), \(df))")
  }

  /// The x with P(X > x) = q for `df` degrees of freedom.
  ///
  /// The corresponding GSL function is `gsl_cdf_chisq_Qinv`.
  static func chiSquareQInverse(_ q: Double, degreesOfFreedom df: Double) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_chisq_Qinv(q, df), "gsl_cdf_chisq_Qinv(\(q), \(df))")
  }

  /// P(X = k) for X ~ Poisson(mu).
  ///
  /// The corresponding GSL function is `gsl_ran_poisson_pdf`.
  static func poissonPDF(_ k: UInt32, _ mu: Double) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_ran_poisson_pdf(k, mu), "gsl_ran_poisson_pdf(\(k), \(mu))")
  }

  // MARK: - Binomial (counts below 2^32)

  /// P(X = k) for X ~ Binomial(n, p).
  ///
  /// The corresponding GSL function is `gsl_ran_binomial_pdf`.
  static func binomialPDF(_ k: UInt32, _ p: Double, _ n: UInt32) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_ran_binomial_pdf(k, p, n), "gsl_ran_binomial_pdf(\(k), \(p), \(n))")
  }

  /// P(X <= k) for X ~ Binomial(n, p).
  ///
  /// The corresponding GSL function is `gsl_cdf_binomial_P`.
  static func binomialP(_ k: UInt32, _ p: Double, _ n: UInt32) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_binomial_P(k, p, n), "gsl_cdf_binomial_P(\(k), \(p), \(n))")
  }

  /// P(X > k) for X ~ Binomial(n, p).
  ///
  /// The corresponding GSL function is `gsl_cdf_binomial_Q`.
  static func binomialQ(_ k: UInt32, _ p: Double, _ n: UInt32) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_binomial_Q(k, p, n), "gsl_cdf_binomial_Q(\(k), \(p), \(n))")
  }

  // MARK: - Beta

  /// P(X <= x) for X ~ Beta(a, b), the regularized incomplete beta function I_x(a, b).
  ///
  /// The corresponding GSL function is `gsl_cdf_beta_P`.
  static func betaP(_ x: Double, _ a: Double, _ b: Double) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_beta_P(x, a, b), "gsl_cdf_beta_P(\(x), \(a), \(b))")
  }

  /// P(X > x) for X ~ Beta(a, b), that is 1 - I_x(a, b) = I_{1-x}(b, a).
  ///
  /// The corresponding GSL function is `gsl_cdf_beta_Q`.
  static func betaQ(_ x: Double, _ a: Double, _ b: Double) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_beta_Q(x, a, b), "gsl_cdf_beta_Q(\(x), \(a), \(b))")
  }

  /// The x with P(X <= x) = `probability` for X ~ Beta(a, b).
  ///
  /// The corresponding GSL function is `gsl_cdf_beta_Pinv`.
  static func betaPinv(_ probability: Double, _ a: Double, _ b: Double) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_beta_Pinv(probability, a, b), "gsl_cdf_beta_Pinv(\(probability), \(a), \(b))")
  }

  /// The x with P(X > x) = `probability` for X ~ Beta(a, b).
  ///
  /// The corresponding GSL function is `gsl_cdf_beta_Qinv`.
  static func betaQinv(_ probability: Double, _ a: Double, _ b: Double) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_beta_Qinv(probability, a, b), "gsl_cdf_beta_Qinv(\(probability), \(a), \(b))")
  }

  /// ln B(a, b), the logarithm of the beta function, for a, b > 0.
  ///
  /// The corresponding GSL function is `gsl_sf_lnbeta_e`.
  static func lnBeta(_ a: Double, _ b: Double) throws(GSLError) -> Double {
    _ = ready
    var result = gsl_sf_result()
    let status = gsl_sf_lnbeta_e(a, b, &result)
    guard status == GSL_SUCCESS else { throw GSLError(call: "gsl_sf_lnbeta_e(\(a), \(b))", status: status) }
    return try checked(result.val, "gsl_sf_lnbeta_e(\(a), \(b))")
  }

  /// ln C(n, m), the logarithm of the binomial coefficient.
  ///
  /// The corresponding GSL function is `gsl_sf_lnchoose_e`.
  static func lnChoose(_ n: UInt32, _ m: UInt32) throws(GSLError) -> Double {
    _ = ready
    var result = gsl_sf_result()
    let status = gsl_sf_lnchoose_e(n, m, &result)
    guard status == GSL_SUCCESS else { throw GSLError(call: "gsl_sf_lnchoose_e(\(n), \(m))", status: status) }
    return try checked(result.val, "gsl_sf_lnchoose_e(\(n), \(m))")
  }

  // MARK: - Standard normal

  /// Φ(x) = P(Z <= x) for a standard normal Z.
  ///
  /// The corresponding GSL function is `gsl_cdf_ugaussian_P`.
  static func gaussianP(_ x: Double) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_ugaussian_P(x), "gsl_cdf_ugaussian_P(\(x))")
  }

  /// P(Z > x) for a standard normal Z.
  ///
  /// The corresponding GSL function is `gsl_cdf_ugaussian_Q`.
  static func gaussianQ(_ x: Double) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_ugaussian_Q(x), "gsl_cdf_ugaussian_Q(\(x))")
  }

  /// The z with Φ(z) = `probability`.
  ///
  /// The corresponding GSL function is `gsl_cdf_ugaussian_Pinv`.
  static func gaussianPinv(_ probability: Double) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_ugaussian_Pinv(probability), "gsl_cdf_ugaussian_Pinv(\(probability))")
  }

  /// The z with P(Z > z) = `probability`.
  ///
  /// The corresponding GSL function is `gsl_cdf_ugaussian_Qinv`.
  static func gaussianQinv(_ probability: Double) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_ugaussian_Qinv(probability), "gsl_cdf_ugaussian_Qinv(\(probability))")
  }

  // MARK: - Hypergeometric

  /// P(X = k) for X the successes among t draws without replacement from n1 successes and n2
  /// failures.
  ///
  /// The corresponding GSL function is `gsl_ran_hypergeometric_pdf`.
  static func hypergeometricPDF(_ k: UInt32, _ n1: UInt32, _ n2: UInt32, _ t: UInt32) throws(GSLError) -> Double {
    _ = ready
    return try checked(
      gsl_ran_hypergeometric_pdf(k, n1, n2, t), "gsl_ran_hypergeometric_pdf(\(k), \(n1), \(n2), \(t))")
  }

  /// P(X <= k) for the hypergeometric X above.
  ///
  /// The corresponding GSL function is `gsl_cdf_hypergeometric_P`.
  static func hypergeometricP(_ k: UInt32, _ n1: UInt32, _ n2: UInt32, _ t: UInt32) throws(GSLError) -> Double {
    _ = ready
    return try checked(
      gsl_cdf_hypergeometric_P(k, n1, n2, t), "gsl_cdf_hypergeometric_P(\(k), \(n1), \(n2), \(t))")
  }

  /// P(X > k) for the hypergeometric X above.
  ///
  /// The corresponding GSL function is `gsl_cdf_hypergeometric_Q`.
  static func hypergeometricQ(_ k: UInt32, _ n1: UInt32, _ n2: UInt32, _ t: UInt32) throws(GSLError) -> Double {
    _ = ready
    return try checked(
      gsl_cdf_hypergeometric_Q(k, n1, n2, t), "gsl_cdf_hypergeometric_Q(\(k), \(n1), \(n2), \(t))")
  }

  // MARK: - Helpers

  /// GSL's description of a status code, e.g. "input domain error".
  ///
  /// The corresponding GSL function is `gsl_strerror`.
  static func describe(_ status: Int32) -> String {
    String(cString: gsl_strerror(status))
  }

  /// Turns a NaN into an error naming the call.
  private static func checked(_ value: Double, _ call: @autoclosure () -> String) throws(GSLError) -> Double {
    guard !value.isNaN else { throw GSLError(call: call(), status: Int32(GSL_EDOM)) }
    return value
  }
}

/// A GSL function returned an error status or NaN, or a `Distributions` function was given
/// arguments outside its domain; then `status` is GSL's code for such a problem
/// (`GSLError.domainError`), `call` names the Sealed function and `detail` says what is wrong.
package struct GSLError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The call, with its arguments.
  package var call: String
  /// GSL's status code (`GSL_EDOM`, `GSL_ERANGE`, ...).
  package var status: Int32
  /// What was wrong with the arguments, when Sealed caught it before calling GSL.
  package var detail: String?

  package init(call: String, status: Int32, detail: String? = nil) {
    self.call = call
    self.status = status
    self.detail = detail
  }

  /// GSL's "input domain error" status (`GSL_EDOM`).
  package static let domainError = Int32(GSL_EDOM)
  /// GSL's "loss of accuracy" status (`GSL_ELOSS`).
  package static let lossOfAccuracy = Int32(GSL_ELOSS)
  /// GSL's "failed to reach the specified tolerance" status (`GSL_ETOL`).
  package static let toleranceNotReached = Int32(GSL_ETOL)

  package var description: String {
    let reason = GSL.describe(status)
    guard let detail else { return "\(call) failed: \(reason)" }
    return "\(call) failed: \(reason) (\(detail))"
  }
}
