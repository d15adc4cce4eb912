@testable import SealedStats
import Testing

/// Binomial pmf, cdf and survival against scipy.stats.binom (scipy 1.17.1).
@Suite struct BinomialDistributionTests {
  @Test func smallCountsMatchScipy() throws {
    // scipy.stats.binom.pmf(7, 20, 0.5)
    expectClose(try Distributions.binomialPMF(7, trials: 20, probability: 0.5), 0.07392883300781249)
    // scipy.stats.binom.cdf(7, 20, 0.5)
    expectClose(try Distributions.binomialCDF(7, trials: 20, probability: 0.5), 0.13158798217773438)
    // scipy.stats.binom.sf(7, 20, 0.5)
    expectClose(try Distributions.binomialSurvival(7, trials: 20, probability: 0.5), 0.8684120178222656)
    // scipy.stats.binom.pmf(3, 10, 0.3)
    expectClose(try Distributions.binomialPMF(3, trials: 10, probability: 0.3), 0.2668279319999998)
    // scipy.stats.binom.cdf(3, 10, 0.3)
    expectClose(try Distributions.binomialCDF(3, trials: 10, probability: 0.3), 0.6496107184000002)
    // scipy.stats.binom.sf(3, 10, 0.3)
    expectClose(try Distributions.binomialSurvival(3, trials: 10, probability: 0.3), 0.3503892815999998)
  }

  @Test func endsOfTheRange() throws {
    // scipy.stats.binom.pmf(0, 10, 0.3)
    expectClose(try Distributions.binomialPMF(0, trials: 10, probability: 0.3), 0.0282475249)
    // scipy.stats.binom.cdf(0, 10, 0.3)
    expectClose(try Distributions.binomialCDF(0, trials: 10, probability: 0.3), 0.028247524900000005)
    // scipy.stats.binom.pmf(10, 10, 0.3)
    expectClose(try Distributions.binomialPMF(10, trials: 10, probability: 0.3), 5.9048999999999975e-06)
    // scipy.stats.binom.sf(10, 10, 0.3) is 0.0 and binom.cdf(10, 10, 0.3) is 1.0
    #expect(try Distributions.binomialSurvival(10, trials: 10, probability: 0.3) == 0)
    #expect(try Distributions.binomialCDF(10, trials: 10, probability: 0.3) == 1)
    // Degenerate p: all the mass sits on 0 (p = 0) or on n (p = 1).
    #expect(try Distributions.binomialPMF(0, trials: 10, probability: 0) == 1)
    #expect(try Distributions.binomialPMF(3, trials: 10, probability: 0) == 0)
    #expect(try Distributions.binomialPMF(10, trials: 10, probability: 1) == 1)
    #expect(try Distributions.binomialCDF(9, trials: 10, probability: 1) == 0)
    #expect(try Distributions.binomialSurvival(0, trials: 10, probability: 0) == 0)
  }

  @Test func farTailsKeepTheirDigits() throws {
    // scipy.stats.binom.cdf(600, 1000, 0.78)
    expectClose(try Distributions.binomialCDF(600, trials: 1000, probability: 0.78), 1.4418460959152328e-37)
    // scipy.stats.binom.sf(900, 1000, 0.78)
    expectClose(try Distributions.binomialSurvival(900, trials: 1000, probability: 0.78), 5.4910389493510024e-24)
    // scipy.stats.binom.sf(50, 10_000, 0.01) and binom.cdf(150, 10_000, 0.01): near 1
    expectClose(try Distributions.binomialSurvival(50, trials: 10_000, probability: 0.01), 0.9999999788776007)
    expectClose(try Distributions.binomialCDF(150, trials: 10_000, probability: 0.01), 0.9999989210525138)
  }

  @Test func hundredThousandTrials() throws {
    // scipy.stats.binom.pmf(78_300, 100_000, 0.78)
    expectClose(try Distributions.binomialPMF(78_300, trials: 100_000, probability: 0.78), 0.00022037808566347268)
    // scipy.stats.binom.cdf(77_500, 100_000, 0.78)
    expectClose(try Distributions.binomialCDF(77_500, trials: 100_000, probability: 0.78), 7.13181749370592e-05)
    // scipy.stats.binom.sf(78_300, 100_000, 0.78)
    expectClose(try Distributions.binomialSurvival(78_300, trials: 100_000, probability: 0.78), 0.010808835959315661)
  }

  /// GSL's binomial and beta functions lose about 1e-15·n of relative accuracy (measured: 2e-7
  /// at n = 10^8), so these compare at 1e-6. k = 78_000_500 and 77_999_000 lie within 0.7
  /// standard deviations of the mean, where GSL's continued fraction gives up and the tails
  /// are bridged.
  @Test func hundredMillionTrials() throws {
    let n = 100_000_000
    // scipy.stats.binom.pmf(78_003_000, 10**8, 0.78)
    expectClose(try Distributions.binomialPMF(78_003_000, trials: n, probability: 0.78), 7.409357564025714e-05, relative: 1e-6)
    // scipy.stats.binom.cdf(78_003_000, 10**8, 0.78)
    expectClose(try Distributions.binomialCDF(78_003_000, trials: n, probability: 0.78), 0.7655643720321708, relative: 1e-6)
    // scipy.stats.binom.sf(78_003_000, 10**8, 0.78)
    expectClose(try Distributions.binomialSurvival(78_003_000, trials: n, probability: 0.78), 0.2344356279678293, relative: 1e-6)
    // scipy.stats.binom.cdf(77_990_000, 10**8, 0.78)
    expectClose(try Distributions.binomialCDF(77_990_000, trials: n, probability: 0.78), 0.007893707462825809, relative: 1e-6)
    // scipy.stats.binom.sf(78_020_000, 10**8, 0.78)
    expectClose(try Distributions.binomialSurvival(78_020_000, trials: n, probability: 0.78), 6.872428736344747e-07, relative: 1e-6)
    // scipy.stats.binom.cdf(78_000_500, 10**8, 0.78)
    expectClose(try Distributions.binomialCDF(78_000_500, trials: n, probability: 0.78), 0.5480751309462625, relative: 1e-6)
    // scipy.stats.binom.sf(77_999_000, 10**8, 0.78)
    expectClose(try Distributions.binomialSurvival(77_999_000, trials: n, probability: 0.78), 0.5953397766607411, relative: 1e-6)
  }

  /// The bridge (GSL's tail further out plus a sum of probabilities) must give the same answer
  /// as GSL alone where GSL converges.
  @Test func bridgedTailsMatchScipyWhereGSLAloneWorksToo() throws {
    // scipy.stats.binom.cdf(78_050, 100_000, 0.78)
    expectClose(try Distributions.bridgedCDF(78_050, trials: 100_000, probability: 0.78), 0.649844399747275)
    // scipy.stats.binom.sf(77_950, 100_000, 0.78)
    expectClose(try Distributions.bridgedSurvival(77_950, trials: 100_000, probability: 0.78), 0.6474644503815055)
    // scipy.stats.binom.sf(7, 20, 0.5): GSL's tail at 12, plus P(X = 8...12)
    expectClose(try Distributions.bridgedSurvival(7, trials: 20, probability: 0.5), 0.8684120178222656, relative: 1e-12)
    // scipy.stats.binom.cdf(1, 10, 0.3): the bridge would start below 0, so it sums from 0
    expectClose(try Distributions.bridgedCDF(1, trials: 10, probability: 0.3), 0.14930834589999992, relative: 1e-12)
    // scipy.stats.binom.sf(18, 20, 0.5): the bridge would end past n, so it sums up to n
    expectClose(try Distributions.bridgedSurvival(18, trials: 20, probability: 0.5), 2.002716064453125e-05, relative: 1e-12)
  }

  /// Around n = 2^32 the functions switch from GSL's binomial functions (unsigned int counts)
  /// to GSL's beta functions; both sides must agree with scipy, at the 1e-4 that GSL manages
  /// at this size (measured errors up to 1.5e-5).
  @Test func bothSidesOfTheUInt32BoundaryMatchScipy() throws {
    let below = Int(UInt32.max)
    let above = below + 1
    // scipy.stats.binom.cdf(3_349_993_045, 2**32 - 1, 0.78)
    expectClose(try Distributions.binomialCDF(3_349_993_045, trials: below, probability: 0.78), 0.001349944375115679, relative: 1e-4)
    // scipy.stats.binom.sf(3_350_115_212, 2**32 - 1, 0.78)
    expectClose(try Distributions.binomialSurvival(3_350_115_212, trials: below, probability: 0.78), 0.0668050637226563, relative: 1e-4)
    // scipy.stats.binom.pmf(3_350_115_212, 2**32 - 1, 0.78)
    expectClose(try Distributions.binomialPMF(3_350_115_212, trials: below, probability: 0.78), 4.770851814377853e-06, relative: 1e-4)
    // scipy.stats.binom.cdf(3_349_993_046, 2**32, 0.78)
    expectClose(try Distributions.binomialCDF(3_349_993_046, trials: above, probability: 0.78), 0.0013499802919292837, relative: 1e-4)
    // scipy.stats.binom.sf(3_350_115_212, 2**32, 0.78)
    expectClose(try Distributions.binomialSurvival(3_350_115_212, trials: above, probability: 0.78), 0.06680878498746871, relative: 1e-4)
    // scipy.stats.binom.pmf(3_350_115_212, 2**32, 0.78)
    expectClose(try Distributions.binomialPMF(3_350_115_212, trials: above, probability: 0.78), 4.771057427918655e-06, relative: 1e-4)
    // scipy.stats.binom.cdf(2**31, 2**32, 0.5): at the mean, so bridged on the beta path
    expectClose(try Distributions.binomialCDF(1 << 31, trials: above, probability: 0.5), 0.5000060873761003, relative: 1e-4)
    // scipy.stats.binom.sf(2**31 + 20_000, 2**32, 0.5)
    expectClose(try Distributions.binomialSurvival((1 << 31) + 20_000, trials: above, probability: 0.5), 0.2708094207849587, relative: 1e-4)
  }

  /// At n = 2^32 - 1 both paths are possible: the beta relations must reproduce GSL's binomial
  /// functions (the same incomplete beta inside, so to rounding) and its pmf (a different log
  /// formula, so to GSL's 1e-5 at this size).
  @Test func betaPathAgreesWithGSLsBinomialFunctions() throws {
    let n = Int(UInt32.max)
    for k in [3_349_993_045, 3_350_115_212, 3_351_000_000] {
      let cdf = try Distributions.binomialCDF(k, trials: n, probability: 0.78)
      let survival = try Distributions.binomialSurvival(k, trials: n, probability: 0.78)
      let pmf = try Distributions.binomialPMF(k, trials: n, probability: 0.78)
      expectClose(try Distributions.binomialCDFFromBeta(k, trials: n, probability: 0.78), cdf, relative: 1e-13)
      expectClose(try Distributions.binomialSurvivalFromBeta(k, trials: n, probability: 0.78), survival, relative: 1e-13)
      expectClose(try Distributions.binomialPMFFromBeta(k, trials: n, probability: 0.78), pmf, relative: 1e-4)
    }
    // Small counts, where both are accurate: scipy.stats.binom.pmf(7, 20, 0.5)
    expectClose(try Distributions.binomialPMFFromBeta(7, trials: 20, probability: 0.5), 0.07392883300781249, relative: 1e-12)
    // scipy.stats.binom.cdf(3, 10, 0.3) and binom.sf(3, 10, 0.3)
    expectClose(try Distributions.binomialCDFFromBeta(3, trials: 10, probability: 0.3), 0.6496107184000002, relative: 1e-12)
    expectClose(try Distributions.binomialSurvivalFromBeta(3, trials: 10, probability: 0.3), 0.3503892815999998, relative: 1e-12)
  }

  /// More than `maximumBinomialTrials` would leave GSL's answers off by more than 0.1 %.
  @Test func tooManyTrialsIsALossOfAccuracyError() {
    let n = Distributions.maximumBinomialTrials + 1
    #expect(throws: GSLError.self) { try Distributions.binomialCDF(n / 2, trials: n, probability: 0.5) }
    do {
      _ = try Distributions.binomialPMF(n / 2, trials: n, probability: 0.5)
      Issue.record("expected an error")
    } catch {
      #expect(error.status == GSLError.lossOfAccuracy)
    }
  }
}
