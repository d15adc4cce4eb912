import SealedStats
import Testing

/// Hypergeometric functions against scipy.stats.hypergeom (scipy 1.17.1). scipy's
/// hypergeom(M, n, N) is Sealed's (successes: n, failures: M - n, draws: N).
@Suite struct HypergeometricTests {
  /// 14 cards from a 280-card pool with 15 mythics.
  @Test func mythicsInAPackMatchScipy() throws {
    // scipy.stats.hypergeom.pmf(3, 280, 15, 14)
    expectClose(try Distributions.hypergeometricPMF(3, successes: 15, failures: 265, draws: 14), 0.02785321848952085)
    // scipy.stats.hypergeom.cdf(3, 280, 15, 14)
    expectClose(try Distributions.hypergeometricCDF(3, successes: 15, failures: 265, draws: 14), 0.9960668809216175)
    // scipy.stats.hypergeom.sf(3, 280, 15, 14)
    expectClose(try Distributions.hypergeometricSurvival(3, successes: 15, failures: 265, draws: 14), 0.003933119078382405)
    // scipy.stats.hypergeom.pmf(0, 280, 15, 14)
    expectClose(try Distributions.hypergeometricPMF(0, successes: 15, failures: 265, draws: 14), 0.45390621975661594)
    // scipy.stats.hypergeom.cdf(0, 280, 15, 14)
    expectClose(try Distributions.hypergeometricCDF(0, successes: 15, failures: 265, draws: 14), 0.45390621975661616)
    // scipy.stats.hypergeom.sf(7, 280, 15, 14)
    expectClose(try Distributions.hypergeometricSurvival(7, successes: 15, failures: 265, draws: 14), 1.983433047355902e-08)
    // scipy.stats.hypergeom.pmf(14, 280, 15, 14)
    expectClose(try Distributions.hypergeometricPMF(14, successes: 15, failures: 265, draws: 14), 9.994418510206622e-23)
    // scipy.stats.hypergeom.sf(13, 280, 15, 14)
    expectClose(try Distributions.hypergeometricSurvival(13, successes: 15, failures: 265, draws: 14), 9.994418510206622e-23)
    #expect(try Distributions.hypergeometricCDF(14, successes: 15, failures: 265, draws: 14) == 1)
  }

  /// 7 cards from a 60-card deck with 4 copies of a card.
  @Test func openingHandMatchesScipy() throws {
    // scipy.stats.hypergeom.pmf(2, 60, 4, 7)
    expectClose(try Distributions.hypergeometricPMF(2, successes: 4, failures: 56, draws: 7), 0.05934356639699776)
    // scipy.stats.hypergeom.cdf(1, 60, 4, 7)
    expectClose(try Distributions.hypergeometricCDF(1, successes: 4, failures: 56, draws: 7), 0.9367805838383216)
    // scipy.stats.hypergeom.sf(1, 60, 4, 7)
    expectClose(try Distributions.hypergeometricSurvival(1, successes: 4, failures: 56, draws: 7), 0.06321941616167831)
    // More copies than there are: impossible, but a valid question.
    #expect(try Distributions.hypergeometricPMF(5, successes: 4, failures: 56, draws: 7) == 0)
  }

  /// A large population, where t·n1 = 10^10 does not fit in GSL's unsigned int.
  @Test func largePopulationMatchesScipy() throws {
    // scipy.stats.hypergeom.cdf(30_000, 300_000, 100_000, 100_000)
    expectClose(
      try Distributions.hypergeometricCDF(30_000, successes: 100_000, failures: 200_000, draws: 100_000),
      6.842950846356884e-167)
    // scipy.stats.hypergeom.sf(34_000, 300_000, 100_000, 100_000)
    expectClose(
      try Distributions.hypergeometricSurvival(34_000, successes: 100_000, failures: 200_000, draws: 100_000),
      2.1628450517903504e-08)
    // scipy.stats.hypergeom.pmf(33_400, 300_000, 100_000, 100_000)
    expectClose(
      try Distributions.hypergeometricPMF(33_400, successes: 100_000, failures: 200_000, draws: 100_000),
      0.00282045542761745)
    // scipy.stats.hypergeom.cdf(33_400, 300_000, 100_000, 100_000)
    expectClose(
      try Distributions.hypergeometricCDF(33_400, successes: 100_000, failures: 200_000, draws: 100_000),
      0.7095039247793465)
  }
}
