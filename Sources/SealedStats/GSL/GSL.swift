internal import CGSL

/// The only place Sealed calls the GNU Scientific Library.
///
/// GSL's default error handler aborts the process; it is switched off once, before the first
/// call, and bad results (NaN, a non-zero status) become `GSLError`s instead.
enum GSL {
  /// Runs once, thread-safely, the first time any wrapper is used.
  private static let ready: Void = { _ = gsl_set_error_handler_off() }()

  /// Upper tail of the chi-square distribution, P(X > x) for `df` degrees of freedom.
  ///
  /// The corresponding GSL function is `gsl_cdf_chisq_Q`.
  static func chiSquareQ(_ x: Double, degreesOfFreedom df: Double) throws(GSLError) -> Double {
    _ = ready
    return try checked(gsl_cdf_chisq_Q(x, df), "gsl_cdf_chisq_Q(\(x), \(df))")
  }

  /// Turns a NaN into an error naming the call.
  private static func checked(_ value: Double, _ call: @autoclosure () -> String) throws(GSLError) -> Double {
    guard !value.isNaN else { throw GSLError(call: call(), status: Int32(GSL_EDOM)) }
    return value
  }
}

/// A GSL function returned an error status or NaN.
public struct GSLError: Error, CustomStringConvertible, Sendable {
  /// The call, with its arguments.
  public var call: String
  /// GSL's status code (`GSL_EDOM`, `GSL_ERANGE`, ...).
  public var status: Int32

  public var description: String {
    "\(call) failed: \(String(cString: gsl_strerror(status)))"
  }
}
