import Testing

/// Expects `actual` to equal the reference value `expected` within a relative `tolerance`.
///
/// The comparison is relative at every magnitude (no absolute floor), so a p-value of 1e-306
/// must match to the same number of digits as one of 0.5; a reference of exactly 0 must be
/// matched by exactly 0; NaN never matches.
func expectClose(
  _ actual: Double, _ expected: Double, relative tolerance: Double = 1e-9,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    isClose(actual, expected, relative: tolerance),
    "\(actual) is not within \(tolerance) (relative) of \(expected)",
    sourceLocation: sourceLocation)
}

/// Whether `actual` is within `tolerance` of `expected`, relative to `expected`.
func isClose(_ actual: Double, _ expected: Double, relative tolerance: Double) -> Bool {
  if actual == expected { return true }
  guard actual.isFinite, expected.isFinite, expected != 0 else { return false }
  return abs(actual - expected) <= tolerance * abs(expected)
}

@Suite struct CloseToTests {
  @Test func comparesRelativelyAtAnyMagnitude() {
    #expect(isClose(1.000_000_000_5e-306, 1e-306, relative: 1e-9))
    #expect(!isClose(1.000_000_01e-306, 1e-306, relative: 1e-9))
    #expect(!isClose(1e-300, 0, relative: 1e-9))
    #expect(isClose(0, 0, relative: 1e-9))
    #expect(!isClose(.nan, .nan, relative: 1e-9))
    #expect(!isClose(0.5, 0.5000001, relative: 1e-9))
  }
}
