import SealedSupport
import SealedVerdicts

/// Builds the individual tests; shared by the rule-derived checks and the spec checks.
package struct CheckBuilder {
  let alpha: Double

  package init(alpha: Double) {
    self.alpha = alpha
  }

  /// The exact binomial test of `successes` in `trials` against `expected`, with a
  /// Clopper–Pearson interval at confidence 1 - alpha. An expected proportion of exactly 0 or 1
  /// is an exact claim and becomes an invariant instead.
  package func proportion(
    _ name: String, source: CheckResult.Source, successes: Int, trials: Int, expected: Double,
    alpha claimAlpha: Double? = nil, detail: String
  ) throws(StatisticsError) -> CheckResult {
    let alpha = claimAlpha ?? self.alpha
    if expected == 0 || expected == 1 {
      let violations = expected == 0 ? successes : trials - successes
      return .invariant(name, source: source, checked: trials, violations: violations, alpha: alpha, detail: detail)
    }
    guard trials > 0 else {
      return CheckResult(
        name: name, kind: .binomial, source: source, n: 0, expected: expected, alpha: alpha, verdict: .notTested,
        detail: "not tested: no trials; " + detail)
    }
    let test = try BinomialTest(successes: successes, trials: trials, probability: expected)
    let interval = try test.confidenceInterval(outside: alpha)
    var check = CheckResult(
      name: name, kind: .binomial, source: source, n: trials, observed: test.proportion, expected: expected,
      pValue: test.pValue, confidenceLow: interval.lower, confidenceHigh: interval.upper, alpha: alpha,
      detail: detail)
    check.confidenceLevel = 1 - alpha
    check.successes = successes
    return check
  }

  /// Pearson's chi-square test of observed counts against expected counts.
  func distribution(
    _ name: String, source: CheckResult.Source, observed: [Double], expected: [Double],
    labels: [String], pooling: ChiSquareGoodnessOfFit.Pooling, dispersion: Double = 1,
    alpha claimAlpha: Double? = nil, detail: String
  ) throws(StatisticsError) -> CheckResult {
    let alpha = claimAlpha ?? self.alpha
    let total = observed.reduce(0, +)
    let test = try ChiSquareGoodnessOfFit(
      observed: observed, expected: expected, pooling: pooling, dispersion: dispersion)
    // One bin left (every category expecting under 5 pooled, or no draws): no degree of
    // freedom, a statistic of 0 whatever the counts: a check that cannot fail is not tested.
    guard test.degreesOfFreedom > 0 || test.statistic.isInfinite else {
      let categories = observed.count - test.droppedIndices.count
      let pooled = categories == 1 ? "its 1 category, which cannot fail" : "its \(categories) categories pooled into 1 bin, which cannot fail"
      let reason = total == 0 ? "n 0, nothing counted" : "n \(Int(total)): \(pooled)"
      var check = CheckResult(
        name: name, kind: .chiSquare, source: source, n: Int(total), alpha: alpha, verdict: .notTested,
        detail: (["not tested: " + reason] + [detail].filter { !$0.isEmpty }).joined(separator: "; "))
      check.untestedForFewDraws = categories > 1
      return check
    }
    var notes = [detail]
    if test.bins.count < observed.count - test.droppedIndices.count {
      notes.append("\(observed.count - test.droppedIndices.count) categories pooled into \(test.bins.count) bins")
    }
    if dispersion != 1 { notes.append("dispersion \(CSVNumber.format((dispersion * 1e6).rounded() / 1e6))") }
    if let worst = test.bins.max(by: { Self.contribution($0) < Self.contribution($1) }), test.bins.count > 1,
      let first = worst.indices.first
    {
      let label = worst.indices.count == 1 ? labels[first] : "\(worst.indices.count) pooled categories"
      notes.append(
        "largest deviation: \(label) observed \(Int(worst.observed)), expected \(Self.rounded(worst.expected))")
    }
    return CheckResult(
      name: name, kind: .chiSquare, source: source, n: Int(total), statistic: test.statistic,
      degreesOfFreedom: test.degreesOfFreedom, pValue: test.pValue, alpha: alpha,
      detail: notes.filter { !$0.isEmpty }.joined(separator: "; "))
  }

  private static func contribution(_ bin: ChiSquareGoodnessOfFit.Bin) -> Double {
    bin.expected > 0 ? (bin.observed - bin.expected) * (bin.observed - bin.expected) / bin.expected : .infinity
  }

  static func rounded(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : CSVNumber.format((value * 100).rounded() / 100)
  }
}
