import SealedStats
import Testing

@Suite struct NoncentralChiSquareTests {
  /// P(X > x) for a noncentral chi-square. Reference: scipy, `scipy.stats.ncx2.sf(x, df, nc)`.
  @Test(arguments: [
    (30.0, 12.0, 10.0, 0.15570715884622705), (100.0, 100.0, 5.0, 0.616148474804914),
    (25.0, 2.0, 20.0, 0.3367366528220907), (150.0, 100.0, 60.0, 0.6719596060905577),
    (5.0, 3.0, 0.5, 0.23264614387397087),
  ])
  func upperTailMatchesScipy(_ x: Double, _ df: Double, _ nc: Double, _ expected: Double) throws {
    let value = try Distributions.noncentralChiSquareUpperTail(x, degreesOfFreedom: df, noncentrality: nc)
    #expect(abs(value - expected) <= 1e-10 * expected, "\(value) vs \(expected)")
  }

  /// Critical values. Reference: scipy, `scipy.stats.chi2.isf(q, df)`.
  @Test func upperQuantilesMatchScipy() throws {
    #expect(abs(try Distributions.chiSquareUpperQuantile(0.0001, degreesOfFreedom: 12) - 39.13440388194952) < 1e-9)
    #expect(abs(try Distributions.chiSquareUpperQuantile(1e-5, degreesOfFreedom: 2) - 23.025850929940457) < 1e-9)
  }

  @Test func zeroNoncentralityIsTheCentralDistribution() throws {
    #expect(
      try Distributions.noncentralChiSquareUpperTail(20, degreesOfFreedom: 10, noncentrality: 0)
        == Distributions.chiSquareUpperTail(20, degreesOfFreedom: 10))
    #expect(throws: GSLError.self) { try Distributions.noncentralChiSquareUpperTail(1, degreesOfFreedom: 0, noncentrality: 1) }
  }
}
