import SealedStats
import Testing

@Suite struct GSLLinkTests {
  /// The 95th percentile of chi-square with one degree of freedom is 3.841458820694124
  /// (scipy.stats.chi2.ppf(0.95, 1)); GSL's upper tail there must be 0.05.
  @Test func chiSquareUpperTailComesFromGSL() throws {
    let q = try Distributions.chiSquareUpperTail(3.841458820694124, degreesOfFreedom: 1)
    #expect(abs(q - 0.05) < 1e-12)
  }

  @Test func badArgumentsBecomeErrorsInsteadOfAborting() {
    #expect(throws: GSLError.self) {
      try Distributions.chiSquareUpperTail(1, degreesOfFreedom: -3)
    }
  }
}
