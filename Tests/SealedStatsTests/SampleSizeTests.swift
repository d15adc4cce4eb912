import SealedStats
import Testing

/// Sample size and power of a two-sided one-proportion test by the normal approximation. The
/// reference values evaluate the formula with scipy 1.17.1's normal quantiles:
/// x = ((norm.isf(alpha/2)*sqrt(p0*(1-p0)) + norm.ppf(power)*sqrt(p1*(1-p1))) / (p1-p0))**2,
/// n = math.ceil(x), and power(n) = norm.cdf((abs(p1-p0)*sqrt(n) - norm.isf(alpha/2)*sqrt(p0*(1-p0))) / sqrt(p1*(1-p1))).
@Suite struct SampleSizeTests {
  /// The usual textbook case: 0.5 against 0.6 at α = 0.05 with 80 % power needs 194 trials
  /// (x = 193.84728588314758).
  @Test func textbookExample() throws {
    #expect(try SampleSize.trials(null: 0.5, alternative: 0.6) == 194)
    // power(194, 0.5, 0.6, 0.05)
    expectClose(try SampleSize.power(trials: 194, null: 0.5, alternative: 0.6), 0.8003132005642782)
    // power(1000, 0.5, 0.6, 0.05)
    expectClose(try SampleSize.power(trials: 1000, null: 0.5, alternative: 0.6), 0.9999957973633508)
  }

  /// Telling a 78 % rate from 80 % at α = 0.001 with 90 % power (x = 8795.712145883668).
  @Test func rareCardRate() throws {
    #expect(try SampleSize.trials(null: 0.78, alternative: 0.80, significance: 0.001, power: 0.9) == 8796)
    // power(8796, 0.78, 0.80, 0.001) and power(8795, ...)
    expectClose(try SampleSize.power(trials: 8796, null: 0.78, alternative: 0.80, significance: 0.001), 0.9000134655790953)
    expectClose(try SampleSize.power(trials: 8795, null: 0.78, alternative: 0.80, significance: 0.001), 0.8999666797627965)
  }

  /// A lower alternative works the same way: 1/8 against 1/10 (x = 1706.2273714424362).
  @Test func alternativeBelowTheNull() throws {
    #expect(try SampleSize.trials(null: 0.125, alternative: 0.1, power: 0.9) == 1707)
    // power(1707, 0.125, 0.1, 0.05)
    expectClose(try SampleSize.power(trials: 1707, null: 0.125, alternative: 0.1), 0.9001366935463841)
  }

  /// The number of trials is the smallest whose power reaches the target.
  @Test(arguments: [(0.5, 0.6, 0.05, 0.8), (0.78, 0.80, 0.001, 0.9), (0.3, 0.5, 0.05, 0.9), (0.02, 0.01, 0.01, 0.95)])
  func roundTripsThroughThePower(p0: Double, p1: Double, alpha: Double, power: Double) throws {
    let n = try SampleSize.trials(null: p0, alternative: p1, significance: alpha, power: power)
    #expect(try SampleSize.power(trials: n, null: p0, alternative: p1, significance: alpha) >= power)
    #expect(try SampleSize.power(trials: n - 1, null: p0, alternative: p1, significance: alpha) < power)
  }

  @Test func aVeryLowPowerNeedsOneTrial() throws {
    #expect(try SampleSize.trials(null: 0.5, alternative: 0.6, power: 0.01) == 1)
  }
}
