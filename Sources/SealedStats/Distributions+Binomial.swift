import Foundation

/// The binomial distribution: X ~ Binomial(n, p) counts the successes in n independent trials
/// that each succeed with probability p.
///
/// GSL's binomial functions take `unsigned int` counts. Up to `UInt32.max` trials they are
/// called directly; above, the same quantities come from GSL's beta functions through the
/// exact relations
///
///     P(X <= k) = I_{1-p}(n-k, k+1) = 1 - I_p(k+1, n-k)      (gsl_cdf_beta_Q(p, k+1, n-k))
///     P(X > k)  = I_p(k+1, n-k)                              (gsl_cdf_beta_P(p, k+1, n-k))
///     P(X = k)  = exp(-ln(n+1) - ln B(n-k+1, k+1) + k ln p + (n-k) ln(1-p))
///
/// (the last one with `gsl_sf_lnbeta` and `log1p`), which is also what GSL does inside its own
/// binomial functions. Accuracy: GSL builds these probabilities from logarithms of size about
/// n, so their relative error grows roughly like 1e-15·n. Measured against scipy: about 1e-10
/// at n = 10^5, 1e-9 at 10^6, 2e-7 at 10^8, 5e-5 at 2^32, 5e-4 at 2^38 and 7e-3 at 2^40.
/// Beyond `maximumBinomialTrials` (2^38) the error would pass 0.1 %, so those calls throw
/// instead.
///
/// GSL's incomplete-beta continued fraction gives up after 512 steps, which is not enough
/// within about 0.7 standard deviations of the mean once n·p·(1-p) passes about 10^6 (GSL
/// then returns NaN). There the tail is bridged: it is taken from GSL two standard deviations
/// further out, where GSL converges, and the probabilities in between are added, starting
/// from GSL's P(X = j) and stepping with the exact ratio
/// P(X = j+1) / P(X = j) = (n-j)/(j+1) · p/(1-p). That costs O(√(n·p·(1-p))) multiplications
/// (about 10^4 at n = 10^8, 10^6 at n = 2^38) and adds a relative error of about 1e-16 per
/// term, far below GSL's own.
extension Distributions {
  /// The largest number of trials the binomial functions accept, 2^38 (about 2.7·10^11).
  package static let maximumBinomialTrials = 1 << 38

  /// P(X = k) for X ~ Binomial(n, p).
  ///
  /// Cost: O(1). Throws for n < 0, n > `maximumBinomialTrials`, k outside 0...n or p outside
  /// [0, 1]. For n >= 2^32 it uses `gsl_sf_lnbeta_e` (see above). The corresponding GSL
  /// function is `gsl_ran_binomial_pdf`.
  package static func binomialPMF(_ k: Int, trials n: Int, probability p: Double) throws(GSLError) -> Double {
    try requireBinomial(k, n, p, "binomialPMF")
    if let (k32, n32) = narrow(k, n) { return try GSL.binomialPDF(k32, p, n32) }
    return try binomialPMFFromBeta(k, trials: n, probability: p)
  }

  /// P(X <= k) for X ~ Binomial(n, p).
  ///
  /// Cost: O(1) GSL calls (GSL's continued fraction takes more steps for larger n), or the
  /// O(√(n·p·(1-p))) bridge described above near the mean of a large n. Throws like
  /// `binomialPMF`. For n >= 2^32 it uses `gsl_cdf_beta_Q`. The corresponding GSL function is
  /// `gsl_cdf_binomial_P`.
  package static func binomialCDF(_ k: Int, trials n: Int, probability p: Double) throws(GSLError) -> Double {
    try requireBinomial(k, n, p, "binomialCDF")
    if let value = gslCDF(k, n, p) { return value }
    return try bridgedCDF(k, trials: n, probability: p)
  }

  /// P(X > k) for X ~ Binomial(n, p), accurate when it is small (it is not 1 - CDF).
  ///
  /// Cost and errors as `binomialCDF`. For n >= 2^32 it uses `gsl_cdf_beta_P`. The
  /// corresponding GSL function is `gsl_cdf_binomial_Q`.
  package static func binomialSurvival(_ k: Int, trials n: Int, probability p: Double) throws(GSLError) -> Double {
    try requireBinomial(k, n, p, "binomialSurvival")
    if let value = gslSurvival(k, n, p) { return value }
    return try bridgedSurvival(k, trials: n, probability: p)
  }

  // MARK: - Bridging where GSL's continued fraction does not converge (internal for tests)

  /// P(X <= k) = P(X <= k0) + P(k0 < X <= k), with k0 two standard deviations (or more) below
  /// k where GSL converges, or the sum from 0 when k0 would be negative. Arguments must already
  /// be checked.
  static func bridgedCDF(_ k: Int, trials n: Int, probability p: Double) throws(GSLError) -> Double {
    let step = bridgeStep(n, p)
    var k0 = k - step
    while k0 >= 0 {
      if let tail = gslCDF(k0, n, p) { return tail + (try pmfSum(from: k0 + 1, through: k, n, p)) }
      k0 -= step
    }
    return try pmfSum(from: 0, through: k, n, p)
  }

  /// P(X > k) = P(X > k1) + P(k < X <= k1), with k1 two standard deviations (or more) above
  /// k where GSL converges, or the sum up to n. Arguments must already be checked.
  static func bridgedSurvival(_ k: Int, trials n: Int, probability p: Double) throws(GSLError) -> Double {
    guard k < n else { return 0 }
    let step = bridgeStep(n, p)
    var k1 = k + step
    while k1 < n {
      if let tail = gslSurvival(k1, n, p) { return tail + (try pmfSum(from: k + 1, through: k1, n, p)) }
      k1 += step
    }
    return try pmfSum(from: k + 1, through: n, n, p)
  }

  /// Two standard deviations, at least 1.
  private static func bridgeStep(_ n: Int, _ p: Double) -> Int {
    max(1, Int((2 * (Double(n) * p * (1 - p)).squareRoot()).rounded(.up)))
  }

  /// P(first <= X <= last): GSL's P(X = j) at the end where it is larger (the end near the
  /// mean, so no term that matters underflows), then the ratio recurrence towards the other.
  private static func pmfSum(from first: Int, through last: Int, _ n: Int, _ p: Double) throws(GSLError) -> Double {
    guard first <= last else { return 0 }
    let low = try binomialPMF(first, trials: n, probability: p)
    let high = try binomialPMF(last, trials: n, probability: p)
    let odds = p / (1 - p)
    var sum = 0.0
    if low >= high {
      var term = low
      for j in first..<last {
        sum += term
        term *= Double(n - j) / Double(j + 1) * odds
      }
    } else {
      var term = high
      for j in stride(from: last, to: first, by: -1) {
        sum += term
        term *= Double(j) / Double(n - j + 1) / odds
      }
    }
    return sum + (low >= high ? high : low)
  }

  /// GSL's P(X <= k), or nil when GSL fails (NaN: its continued fraction did not converge).
  private static func gslCDF(_ k: Int, _ n: Int, _ p: Double) -> Double? {
    do {
      if let (k32, n32) = narrow(k, n) { return try GSL.binomialP(k32, p, n32) }
      return try binomialCDFFromBeta(k, trials: n, probability: p)
    } catch {
      return nil
    }
  }

  /// GSL's P(X > k), or nil when GSL fails.
  private static func gslSurvival(_ k: Int, _ n: Int, _ p: Double) -> Double? {
    do {
      if let (k32, n32) = narrow(k, n) { return try GSL.binomialQ(k32, p, n32) }
      return try binomialSurvivalFromBeta(k, trials: n, probability: p)
    } catch {
      return nil
    }
  }

  // MARK: - Counts of 2^32 and more (internal so that tests can compare both paths)

  /// P(X = k) from ln B, for any n up to 2^53. Arguments must already be checked.
  static func binomialPMFFromBeta(_ k: Int, trials n: Int, probability p: Double) throws(GSLError) -> Double {
    if p == 0 { return k == 0 ? 1 : 0 }
    if p == 1 { return k == n ? 1 : 0 }
    let failures = Double(n - k)
    if k == 0 { return exp(failures * log1p(-p)) }
    if k == n { return exp(Double(k) * log(p)) }
    let lnChoose = -log(Double(n) + 1) - (try GSL.lnBeta(failures + 1, Double(k) + 1))
    return exp(lnChoose + Double(k) * log(p) + failures * log1p(-p))
  }

  /// P(X <= k) = 1 - I_p(k+1, n-k). Arguments must already be checked.
  static func binomialCDFFromBeta(_ k: Int, trials n: Int, probability p: Double) throws(GSLError) -> Double {
    guard k < n else { return 1 }
    return try GSL.betaQ(p, Double(k) + 1, Double(n - k))
  }

  /// P(X > k) = I_p(k+1, n-k). Arguments must already be checked.
  static func binomialSurvivalFromBeta(_ k: Int, trials n: Int, probability p: Double) throws(GSLError) -> Double {
    guard k < n else { return 0 }
    return try GSL.betaP(p, Double(k) + 1, Double(n - k))
  }

  // MARK: - Helpers

  /// k and n as GSL's `unsigned int`, or nil when n does not fit.
  private static func narrow(_ k: Int, _ n: Int) -> (UInt32, UInt32)? {
    guard let n32 = UInt32(exactly: n), let k32 = UInt32(exactly: k) else { return nil }
    return (k32, n32)
  }

  /// Throws unless 0 <= k <= n <= maximumBinomialTrials and p is in [0, 1]. The error's text is
  /// made only when it is thrown (a check makes thousands of these calls).
  private static func requireBinomial(_ k: Int, _ n: Int, _ p: Double, _ function: String) throws(GSLError) {
    var call: String { "\(function)(\(k), trials: \(n), probability: \(p))" }
    guard p >= 0, p <= 1 else {
      throw GSLError(call: call, status: GSLError.domainError, detail: "probability outside [0, 1]")
    }
    guard n >= 0, k >= 0, k <= n else {
      throw GSLError(call: call, status: GSLError.domainError, detail: "need 0 <= k <= trials")
    }
    guard n <= maximumBinomialTrials else {
      throw GSLError(
        call: call, status: GSLError.lossOfAccuracy,
        detail: "more than \(maximumBinomialTrials) trials: GSL's result would be off by more than 0.1 %")
    }
  }
}

extension Distributions {
  /// ln P(X = k) for X ~ Binomial(n, p), from GSL's ln C(n, k); −∞ where the probability is 0.
  /// Cost: O(1).
  package static func binomialLogPMF(_ k: Int, trials n: Int, probability p: Double) throws(GSLError) -> Double {
    guard n >= 0, k >= 0, k <= n, n <= Int(UInt32.max) else {
      throw GSLError(call: "binomialLogPMF(\(k), \(n), \(p))", status: GSLError.domainError, detail: "k must be in 0...n, n below 2^32")
    }
    if p == 0 { return k == 0 ? 0 : -.infinity }
    if p == 1 { return k == n ? 0 : -.infinity }
    let choose = try GSL.lnChoose(UInt32(n), UInt32(k))
    return choose + Double(k) * log(p) + Double(n - k) * log1p(-p)
  }
}
