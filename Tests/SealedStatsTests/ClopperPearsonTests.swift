import SealedStats
import Testing

/// Clopper–Pearson intervals against scipy.stats.beta quantiles (scipy 1.17.1), which are what
/// `binomtest(k, n).proportion_ci(method='exact')` solves for: its own brentq stops at an
/// absolute 2e-12, so for bounds far below 1e-3 the beta quantile is the sharper reference.
@Suite struct ClopperPearsonTests {
  @Test func twoSidedIntervalsMatchScipy() throws {
    let ci = try ClopperPearsonInterval(successes: 7, trials: 50)
    // scipy.stats.beta.ppf((1-0.95)/2, 7, 44); binomtest(7, 50).proportion_ci() gives 0.05819170033997344
    expectClose(ci.lower, 0.0581917003403721)
    // scipy.stats.beta.isf((1-0.95)/2, 8, 43); proportion_ci gives 0.26739600249700846
    expectClose(ci.upper, 0.2673960024970084)
    #expect(ci.level == 0.95)

    let ci99 = try ClopperPearsonInterval(successes: 7, trials: 20, level: 0.99)
    // scipy.stats.beta.ppf((1-0.99)/2, 7, 14)
    expectClose(ci99.lower, 0.11387976326673242)
    // scipy.stats.beta.isf((1-0.99)/2, 8, 13)
    expectClose(ci99.upper, 0.6565685842319211)
  }

  @Test func theTestsIntervalFollowsItsAlternative() throws {
    let twoSided = try BinomialTest(successes: 7, trials: 20).confidenceInterval()
    // scipy.stats.beta.ppf((1-0.95)/2, 7, 14)
    expectClose(twoSided.lower, 0.1539092047845412)
    // scipy.stats.beta.isf((1-0.95)/2, 8, 13)
    expectClose(twoSided.upper, 0.5921885345328282)

    let greater = try BinomialTest(successes: 3, trials: 15, probability: 0.1, alternative: .greater).confidenceInterval()
    // scipy.stats.binomtest(3, 15, 0.1, alternative='greater').proportion_ci() is
    // (0.05684686759024681, 1.0); scipy.stats.beta.ppf(1-0.95, 3, 13)
    expectClose(greater.lower, 0.05684686759024683)
    #expect(greater.upper == 1)

    let less = try BinomialTest(successes: 3, trials: 15, probability: 0.1, alternative: .less).confidenceInterval()
    // scipy.stats.binomtest(3, 15, 0.1, alternative='less').proportion_ci() is (0.0, 0.43978443598155603)
    #expect(less.lower == 0)
    expectClose(less.upper, 0.43978443598155603)
  }

  @Test func noSuccessesOrAllSuccesses() throws {
    let none = try ClopperPearsonInterval(successes: 0, trials: 10)
    #expect(none.lower == 0)
    // scipy.stats.beta.isf((1-0.95)/2, 1, 10); proportion_ci gives 0.30849710781876294
    expectClose(none.upper, 0.3084971078187607)
    let all = try ClopperPearsonInterval(successes: 10, trials: 10)
    // scipy.stats.beta.ppf((1-0.95)/2, 10, 1); proportion_ci gives 0.6915028921812371
    expectClose(all.lower, 0.6915028921812392)
    #expect(all.upper == 1)
  }

  /// An interval at confidence 1 − 10⁻¹⁸ (a check's share of a tiny `--alpha`), given by what
  /// lies outside it: 1 − 10⁻¹⁸ is 1.0 as a Double, and the level form refused it after a whole
  /// run. With no or all successes the bounds have a closed form, (1 − p)^n = 5e-19 and p^n =
  /// 5e-19 (half of 10⁻¹⁸ each side): 1 − 5e-19^(1/10) and 5e-19^(1/10), computed with Python's
  /// decimal module at 40 digits.
  @Test func aLevelTooCloseToOneForADoubleIsGivenByWhatLiesOutside() throws {
    let none = try ClopperPearsonInterval(successes: 0, trials: 10, outside: 1e-18)
    #expect(none.lower == 0)
    expectClose(none.upper, 0.9852124236337168621)
    let all = try ClopperPearsonInterval(successes: 10, trials: 10, outside: 1e-18)
    expectClose(all.lower, 0.01478757636628313786)
    #expect(all.upper == 1)
    #expect(throws: StatisticsError.self) { try ClopperPearsonInterval(successes: 1, trials: 10, level: 1 - 1e-18) }
  }

  /// GSL's own beta quantile fails at this size; the bisection on the binomial tails does not,
  /// and the steep tails make the bounds sharper than the tails themselves.
  @Test func hundredMillionTrials() throws {
    let ci = try ClopperPearsonInterval(successes: 78_003_000, trials: 100_000_000)
    // scipy.stats.beta.ppf((1-0.95)/2, 78_003_000, 10**8 - 78_003_000 + 1)
    expectClose(ci.lower, 0.7799488000862715)
    // scipy.stats.beta.isf((1-0.95)/2, 78_003_001, 10**8 - 78_003_000)
    expectClose(ci.upper, 0.7801111837025542)

    // A narrow interval whose bounds lie where the tails need bridging:
    let narrow = try ClopperPearsonInterval(successes: 78_003_000, trials: 100_000_000, level: 0.6)
    // scipy.stats.beta.ppf((1-0.6)/2, 78_003_000, 10**8 - 78_003_000 + 1)
    expectClose(narrow.lower, 0.7799951306022884)
    // scipy.stats.beta.isf((1-0.6)/2, 78_003_001, 10**8 - 78_003_000)
    expectClose(narrow.upper, 0.7800648648855745)
    let oneSided = try ClopperPearsonInterval(
      successes: 78_003_000, trials: 100_000_000, level: 0.6, alternative: .greater)
    // scipy.stats.beta.ppf(1-0.6, 78_003_000, 10**8 - 78_003_000 + 1)
    expectClose(oneSided.lower, 0.7800194996503469)
  }

  /// One success in 10^8 trials: bounds near 1e-10 and 1e-7. scipy's proportion_ci gives
  /// (2.5317787600543203e-10, 5.571643553173863e-08), off in the 6th digit because of brentq's
  /// absolute tolerance; the beta quantiles are the reference. GSL's tail for
  /// Beta(2, 10^8 - 1) comes from an asymptotic formula (A&S 26.5.17) good to about 5e-9, so
  /// the upper bound is compared at 1e-8.
  @Test func oneSuccessInAHundredMillion() throws {
    let ci = try ClopperPearsonInterval(successes: 1, trials: 100_000_000)
    // scipy.stats.beta.ppf((1-0.95)/2, 1, 10**8)
    expectClose(ci.lower, 2.531780798108494e-10)
    // scipy.stats.beta.isf((1-0.95)/2, 2, 10**8 - 1)
    expectClose(ci.upper, 5.571643258042459e-08, relative: 1e-8)
  }
}
