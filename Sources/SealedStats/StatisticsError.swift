import SealedSupport

/// Why a statistical test or calculation could not be done.
///
/// The tests and calculations built on `Distributions` (binomial test, Clopper–Pearson
/// interval, chi-square goodness of fit, Holm adjustment, sample size) check their inputs and
/// throw `.invalidArgument` with a one-line reason; a failure inside GSL comes through as
/// `.gsl`. None of them aborts the process.
package enum StatisticsError: Error, CustomStringConvertible, Equatable, Sendable {
  /// An argument is outside what the function accepts; the text names it and says why.
  case invalidArgument(String)
  /// A GSL function failed (or a `Distributions` function rejected its arguments).
  case gsl(GSLError)

  package var description: String {
    switch self {
    case .invalidArgument(let reason): "invalid argument: \(reason)"
    case .gsl(let error): error.description
    }
  }
}

/// Runs `body`, passing a `GSLError` on as `StatisticsError.gsl`.
package func withGSL<T>(_ body: () throws(GSLError) -> T) throws(StatisticsError) -> T {
  do {
    return try body()
  } catch {
    throw .gsl(error)
  }
}

/// Runs statistics code, turning its errors into one-line data errors (`statistics failed:
/// REASON`, exit status 2 at the command line).
package func statistics<T>(_ body: () throws(StatisticsError) -> T) throws(DataError) -> T {
  do {
    return try body()
  } catch {
    throw DataError("statistics failed: \(error)")
  }
}
