import SealedSupport
import SealedStats

/// Runs statistics code, turning its errors into one-line data errors.
func statistics<T>(_ body: () throws(StatisticsError) -> T) throws(DataError) -> T {
  do {
    return try body()
  } catch {
    throw DataError("statistics failed: \(error)")
  }
}
