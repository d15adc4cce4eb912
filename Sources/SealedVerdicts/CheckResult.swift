/// One statistical check or exact invariant of a run (`sealed check`, `sealed audit`): what the
/// statistics conclude (SealedStats, SealedAudit) and what a row of `checks.csv` or
/// `audit.csv` holds (SealedReports lays it out and reads it back, `sealed report DIR`).
package struct CheckResult: Sendable {
  package typealias Kind = CheckKind
  package typealias Verdict = CheckVerdict
  package typealias Source = CheckSource

  package var name: String
  package var kind: Kind
  package var source: Source
  /// Binomial: trials. Chi-square: total count. Invariant: units checked (boosters or pools).
  package var n: Int
  /// Binomial: observed proportion. Invariant: violations. Chi-square: nil.
  package var observed: Double?
  /// Binomial: expected proportion. Invariant: 0. Chi-square: nil.
  package var expected: Double?
  package var statistic: Double?
  package var degreesOfFreedom: Int?
  package var pValue: Double?
  /// The Holm–Bonferroni adjusted p-value over the run's statistical checks.
  package var pAdjusted: Double?
  /// Clopper–Pearson interval (binomial checks), at confidence `confidenceLevel`: the level at
  /// which Holm's procedure decided the check's verdict (see `CheckRun`).
  package var confidenceLow: Double?
  package var confidenceHigh: Double?
  package var confidenceLevel: Double?
  /// Successes of a binomial check, to recompute its interval at the Holm level.
  package var successes: Int?
  package var alpha: Double
  /// Pass, fail, or not tested: a check that could not be run on these counts (no trials, one
  /// card to compare, a file that does not tell the cards apart) says so and never counts as a
  /// pass.
  package var verdict: Verdict
  /// A short human explanation: pooled bins, the worst cells, the kinds of boosters counted.
  package var detail: String
  /// What the check tests, when two checks could test the same thing (the same counts against
  /// the same expectation): checks with equal keys are one hypothesis and share one row.
  package var hypothesis: String?
  /// What the check compares per pool, for `sealed check --plan` (statistical checks only).
  package var design: CheckDesign?
  /// How the p-value was obtained (`sealed audit`): exact binomial, asymptotic chi-square,
  /// Monte Carlo, or exact per booster for an invariant.
  package var method: CheckMethod?
  /// The Monte Carlo p-value and its standard error (`sealed audit`), when drawn.
  package var monteCarloP: Double?
  package var monteCarloSE: Double?
  /// What the check holds against what (`checks.csv`'s `tests`); nil for an audit's checks and
  /// a report of an older Sealed.
  package var tests: CheckTarget?
  /// The share the data gives the claim exactly, as a fraction (`67/560`): what an `exact`
  /// check held to the claim's range, and what the engine's simulation of it was tested
  /// against.
  package var exactShare: String?
  /// A spec claim's own alpha when it was looser than the run's and held at the run's
  /// (`alpha`); `detail` ends with the note saying so, which a row sharing the claim repeats.
  package var looserClaimAlpha: Double?
  /// The fields of a file read back whose columns this Sealed does not know, by column.
  package var otherFields: [String: String] = [:]
  /// Whether the check was not tested only for want of draws (a chi-square whose categories
  /// all pooled into one bin): a larger run makes it, so `sealed check --plan` sizes it.
  package var untestedForFewDraws = false

  package init(
    name: String, kind: Kind, source: Source, n: Int, observed: Double? = nil, expected: Double? = nil,
    statistic: Double? = nil, degreesOfFreedom: Int? = nil, pValue: Double? = nil,
    pAdjusted: Double? = nil, confidenceLow: Double? = nil, confidenceHigh: Double? = nil,
    confidenceLevel: Double? = nil, alpha: Double, verdict: Verdict = .pass, detail: String = ""
  ) {
    self.name = name
    self.kind = kind
    self.source = source
    self.n = n
    self.observed = observed
    self.expected = expected
    self.statistic = statistic
    self.degreesOfFreedom = degreesOfFreedom
    self.pValue = pValue
    self.pAdjusted = pAdjusted
    self.confidenceLow = confidenceLow
    self.confidenceHigh = confidenceHigh
    self.confidenceLevel = confidenceLevel
    self.alpha = alpha
    self.verdict = verdict
    self.detail = detail
  }

  /// An exact invariant: passes only with zero violations; not tested when nothing was checked.
  package static func invariant(_ name: String, source: Source, checked: Int, violations: Int, alpha: Double, detail: String = "") -> CheckResult {
    CheckResult(
      name: name, kind: .invariant, source: source, n: checked, observed: Double(violations), expected: 0,
      alpha: alpha, verdict: violations > 0 ? .fail : checked == 0 ? .notTested : .pass, detail: detail)
  }

  /// A check the run could not make, with the reason (`not tested: ...` in its detail).
  package static func untested(_ name: String, kind: Kind, source: Source, n: Int = 0, alpha: Double, reason: String) -> CheckResult {
    CheckResult(name: name, kind: kind, source: source, n: n, alpha: alpha, verdict: .notTested, detail: "not tested: \(reason)")
  }

  /// A claim the rules cannot satisfy by construction (for example the mythic booster's
  /// position when the rules have independent boosters): a failed check whose detail says why.
  package static func unsatisfiable(_ name: String, kind: Kind, source: Source, reason: String, alpha: Double) -> CheckResult {
    CheckResult(name: name, kind: kind, source: source, n: 0, alpha: alpha, verdict: .fail, detail: "cannot hold: \(reason)")
  }

  /// Whether the check failed because the rules cannot satisfy it by construction.
  package var isUnsatisfiable: Bool { failed && n == 0 && pValue == nil && detail.hasPrefix("cannot hold: ") }

  /// Whether the check was made and passed.
  package var passed: Bool { verdict == .pass }
  /// Whether the check was made and failed.
  package var failed: Bool { verdict == .fail }
  /// Whether the check could not be made.
  package var isNotTested: Bool { verdict == .notTested }
}
