import SealedStats
import Testing

/// The exact binomial test against scipy.stats.binomtest (scipy 1.17.1).
@Suite struct BinomialTestTests {
  private func pValue(
    _ k: Int, _ n: Int, _ p: Double, _ alternative: BinomialTest.Alternative = .twoSided
  ) throws -> Double {
    try BinomialTest(successes: k, trials: n, probability: p, alternative: alternative).pValue
  }

  @Test func smallSamplesAllAlternatives() throws {
    // scipy.stats.binomtest(7, 20, 0.5).pvalue
    expectClose(try pValue(7, 20, 0.5), 0.26317596435546875)
    // scipy.stats.binomtest(7, 20, 0.5, alternative='less').pvalue
    expectClose(try pValue(7, 20, 0.5, .less), 0.13158798217773438)
    // scipy.stats.binomtest(7, 20, 0.5, alternative='greater').pvalue
    expectClose(try pValue(7, 20, 0.5, .greater), 0.9423408508300781)
    // scipy.stats.binomtest(15, 180, 0.125).pvalue (fewer mythics than 1 in 8)
    expectClose(try pValue(15, 180, 0.125), 0.1131961870314283)
    // scipy.stats.binomtest(15, 180, 0.125, alternative='less').pvalue
    expectClose(try pValue(15, 180, 0.125, .less), 0.0516895457715692)
    // scipy.stats.binomtest(30, 180, 0.125).pvalue (more mythics than 1 in 8)
    expectClose(try pValue(30, 180, 0.125), 0.09146225875364747)
    // scipy.stats.binomtest(30, 180, 0.125, alternative='greater').pvalue
    expectClose(try pValue(30, 180, 0.125, .greater), 0.06150664125985909)
    // scipy.stats.binomtest(3, 15, 0.1).pvalue
    expectClose(try pValue(3, 15, 0.1), 0.18406106910639106)
    // scipy.stats.binomtest(3, 15, 0.1, alternative='greater').pvalue
    expectClose(try pValue(3, 15, 0.1, .greater), 0.18406106910639106)
    // scipy.stats.binomtest(3, 15, 0.1, alternative='less').pvalue
    expectClose(try pValue(3, 15, 0.1, .less), 0.944444369992464)
  }

  /// Two-sided p-values for seeded random (k, n, p) with n up to 10^5, k within a few standard
  /// deviations of the mean (numpy default_rng(20261122)), so both search directions, both
  /// tails and the cap at 1 are exercised.
  @Test(arguments: [
    (21, 538, 0.101, 1.3384123129528294e-07),  // scipy.stats.binomtest(21, 538, 0.101).pvalue
    (3734, 7379, 0.535, 6.225792489945906e-07),  // scipy.stats.binomtest(3734, 7379, 0.535).pvalue
    (20467, 85776, 0.235, 0.012833174593056697),  // scipy.stats.binomtest(20467, 85776, 0.235).pvalue
    (14, 94, 0.19, 0.3585385152298125),  // scipy.stats.binomtest(14, 94, 0.19).pvalue
    (7091, 9485, 0.763, 0.0004624908388283193),  // scipy.stats.binomtest(7091, 9485, 0.763).pvalue
    (2, 32, 0.052, 0.6821576380159484),  // scipy.stats.binomtest(2, 32, 0.052).pvalue
    (0, 5, 0.35, 0.17005156250000003),  // scipy.stats.binomtest(0, 5, 0.35).pvalue
    (19, 89, 0.237, 0.7085200031953613),  // scipy.stats.binomtest(19, 89, 0.237).pvalue
    (680, 923, 0.717, 0.1885114409181829),  // scipy.stats.binomtest(680, 923, 0.717).pvalue
    (40, 546, 0.066, 0.4898687942279505),  // scipy.stats.binomtest(40, 546, 0.066).pvalue
    (3358, 7246, 0.471, 0.19961308099750688),  // scipy.stats.binomtest(3358, 7246, 0.471).pvalue
    (3, 10, 0.597, 0.10159769245379541),  // scipy.stats.binomtest(3, 10, 0.597).pvalue
    (717, 729, 0.968, 0.014889325387834182),  // scipy.stats.binomtest(717, 729, 0.968).pvalue
    (7, 9, 0.792, 1.0),  // scipy.stats.binomtest(7, 9, 0.792).pvalue
    (2, 6, 0.105, 0.12424017102820312),  // scipy.stats.binomtest(2, 6, 0.105).pvalue
    (3341, 5966, 0.564, 0.5395239440480895),  // scipy.stats.binomtest(3341, 5966, 0.564).pvalue
    (4, 30, 0.362, 0.0075002386202654555),  // scipy.stats.binomtest(4, 30, 0.362).pvalue
    (6, 9, 0.89, 0.06724960972308441),  // scipy.stats.binomtest(6, 9, 0.89).pvalue
    (20816, 54210, 0.389, 0.016762819649205014),  // scipy.stats.binomtest(20816, 54210, 0.389).pvalue
    (1, 5, 0.53, 0.19406559649999996),  // scipy.stats.binomtest(1, 5, 0.53).pvalue
  ])
  func seededRandomCases(k: Int, n: Int, p: Double, expected: Double) throws {
    expectClose(try pValue(k, n, p), expected)
  }

  /// Tiny p-values, below 1e-300 but still normal doubles, keep their digits.
  @Test func tinyPValues() throws {
    // scipy.stats.binomtest(350, 1000, 0.78).pvalue
    expectClose(try pValue(350, 1000, 0.78), 3.047978876220099e-186)
    // scipy.stats.binomtest(782, 2000, 0.78).pvalue
    expectClose(try pValue(782, 2000, 0.78), 1.955676937280724e-306)
    // scipy.stats.binomtest(1218, 2000, 0.22).pvalue (the mirror image, other search direction)
    expectClose(try pValue(1218, 2000, 0.22), 1.9556769372811424e-306)
    // scipy.stats.binomtest(1218, 2000, 0.22, alternative='greater').pvalue
    expectClose(try pValue(1218, 2000, 0.22, .greater), 1.9556769372811424e-306)
  }

  @Test func observedZeroAndObservedN() throws {
    // scipy.stats.binomtest(0, 10, 0.3).pvalue
    expectClose(try pValue(0, 10, 0.3), 0.0388396033)
    // scipy.stats.binomtest(0, 10, 0.3, alternative='less').pvalue
    expectClose(try pValue(0, 10, 0.3, .less), 0.028247524900000005)
    // scipy.stats.binomtest(0, 10, 0.3, alternative='greater').pvalue
    #expect(try pValue(0, 10, 0.3, .greater) == 1)
    // scipy.stats.binomtest(10, 10, 0.3).pvalue
    expectClose(try pValue(10, 10, 0.3), 5.9048999999999975e-06)
    // scipy.stats.binomtest(10, 10, 0.3, alternative='greater').pvalue
    expectClose(try pValue(10, 10, 0.3, .greater), 5.9048999999999975e-06)
    // scipy.stats.binomtest(0, 1000, 0.5).pvalue, 2·0.5^1000
    expectClose(try pValue(0, 1000, 0.5), 1.8665272370064378e-301)
    // scipy.stats.binomtest(0, 1000, 0.5, alternative='less').pvalue
    expectClose(try pValue(0, 1000, 0.5, .less), 9.332636185032189e-302)
    // scipy.stats.binomtest(1000, 1000, 0.5).pvalue
    expectClose(try pValue(1000, 1000, 0.5), 1.8665272370064378e-301)
  }

  @Test func nullProbabilityZeroOrOne() throws {
    // scipy.stats.binomtest(3, 10, 0.0).pvalue, binomtest(10, 10, 0.0).pvalue: impossible
    #expect(try pValue(3, 10, 0) == 0)
    #expect(try pValue(10, 10, 0) == 0)
    // scipy.stats.binomtest(0, 10, 0.0).pvalue: the only possible outcome
    #expect(try pValue(0, 10, 0) == 1)
    // scipy.stats.binomtest(3, 10, 1.0).pvalue, binomtest(0, 10, 1.0).pvalue
    #expect(try pValue(3, 10, 1) == 0)
    #expect(try pValue(0, 10, 1) == 0)
    // scipy.stats.binomtest(10, 10, 1.0).pvalue
    #expect(try pValue(10, 10, 1) == 1)
  }

  @Test func observedExactlyAtTheMean() throws {
    // scipy.stats.binomtest(5, 10, 0.5).pvalue
    #expect(try pValue(5, 10, 0.5) == 1)
    // scipy.stats.binomtest(78, 100, 0.78).pvalue (0.78 * 100 == 78.0 in doubles)
    #expect(try pValue(78, 100, 0.78) == 1)
    // One success more is no longer at the mean: scipy.stats.binomtest(79, 100, 0.78).pvalue
    #expect(try pValue(79, 100, 0.78) < 1)
  }

  /// When (n+1)p is a whole number m, outcomes m-1 and m are equally likely in exact
  /// arithmetic, but their computed probabilities differ in the last bits. scipy's relative
  /// slack of 1e-7 counts the other one as "no more likely", so the p-value is 1.
  @Test(arguments: [(2, 9, 0.3), (3, 9, 0.3), (1, 5, 0.3333333333333333), (2, 5, 0.3333333333333333), (2, 8, 0.3333333333333333), (3, 8, 0.3333333333333333), (19, 99, 0.2), (20, 99, 0.2), (5, 19, 0.3), (6, 19, 0.3)])
  func equallyLikelyModesGiveOne(k: Int, n: Int, p: Double) throws {
    // scipy.stats.binomtest(k, n, p).pvalue is 1.0 for each of these (0.3333333333333333 is 1/3 in Python)
    #expect(try pValue(k, n, p) == 1)
  }

  /// n = 10^8: GSL's binomial tails carry about 2e-7 relative error at this size (see
  /// `Distributions`), so the p-values are compared at 1e-6; 77_990_000 and 78_000_500 need
  /// the bridged tails (within 0.7 standard deviations of the mean).
  @Test func hundredMillionTrials() throws {
    let n = 100_000_000
    // scipy.stats.binomtest(78_003_000, 10**8, 0.78).pvalue
    expectClose(try pValue(78_003_000, n, 0.78), 0.4690128634754821, relative: 1e-6)
    // scipy.stats.binomtest(77_990_000, 10**8, 0.78).pvalue
    expectClose(try pValue(77_990_000, n, 0.78), 0.015782704194714448, relative: 1e-6)
    // scipy.stats.binomtest(78_000_500, 10**8, 0.78).pvalue
    expectClose(try pValue(78_000_500, n, 0.78), 0.9040233655135896, relative: 1e-6)
  }

  /// At the largest accepted n, 2^38, GSL is good to about 1e-3 (measured: 5e-4).
  @Test func largestAcceptedTrials() throws {
    let n = 1 << 38
    // scipy.stats.binomtest(214_404_984_600, 2**38, 0.78).pvalue (one standard deviation up)
    expectClose(try pValue(214_404_984_600, n, 0.78), 0.31731355164206443, relative: 1e-3)
    // scipy.stats.binomtest(214_404_224_455, 2**38, 0.78).pvalue (2.5 standard deviations down)
    expectClose(try pValue(214_404_224_455, n, 0.78), 0.012419316927847864, relative: 1e-3)
  }

  @Test func proportionIsTheObservedFraction() throws {
    let test = try BinomialTest(successes: 7, trials: 20)
    #expect(test.proportion == 0.35)
    #expect(test.probability == 0.5)
    #expect(test.alternative == .twoSided)
  }
}
