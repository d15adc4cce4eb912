import SealedSupport
import SealedVerdicts
import SealedStats

/// One planned statistical check evaluated: its method chosen, its p-value and Monte Carlo
/// p-value computed, and (for card frequencies) its group of `sheet_frequency.csv` or `claim_frequency.csv`.
extension AuditRun {
  /// The check's row once evaluated, and the frequency group it adds to `sheet_frequency.csv` or `claim_frequency.csv`.
  struct Evaluated {
    var row: CheckResult
    var frequencyGroup: FrequencyGroup?
  }

  /// Evaluates `planned` against the file's counts and `null`, this statistic's values over the
  /// Monte Carlo samples (empty when none were drawn).
  static func evaluate(
    _ planned: Planned, statistic: AuditStatistic, null: [Double], input: AuditInput
  ) throws(StatisticsError) -> Evaluated {
    if countsBoostersOfUnknownKind(statistic, input: input) {
      return Evaluated(row: notTestedForUnknownKinds(planned.row, input: input))
    }
    var row = planned.row
    let observed = statistic.value(input.observed)
    // The null is drawn from the rules: it is the claim's null only when the rules expect
    // what the claim states (a spec claim that joined a rule's row), never for a spec claim
    // of its own, which is tested by the exact or asymptotic method alone.
    let monteCarlo = row.source == .spec ? nil : monteCarloP(observed, null: null)
    if let monteCarlo {
      row.monteCarloP = monteCarlo
      row.monteCarloSE = (monteCarlo * (1 - monteCarlo) / Double(null.count)).squareRoot()
    }
    var evaluated: Evaluated
    if case .proportion = statistic {
      evaluated = Evaluated(row: proportionMethod(row, exactBinomial: planned.exactBinomial, monteCarlo: monteCarlo))
    } else {
      evaluated = try chiSquareMethod(
        row, statistic: statistic, observed: observed, null: null, monteCarlo: monteCarlo, planned: planned, input: input)
    }
    // A count the rules cannot produce at all (a cell they give probability 0) refutes them
    // whatever the method.
    if observed == .infinity { evaluated.row.pValue = 0 }
    return evaluated
  }

  /// Whether the check counts the boosters of some kinds, while the file holds boosters whose
  /// kind is unknown: the null knows every booster's kind, and the file's boosters of unknown
  /// kind would bias the count of those identified.
  static func countsBoostersOfUnknownKind(_ statistic: AuditStatistic, input: AuditInput) -> Bool {
    let kindCount = input.catalog.plan.kinds.count
    guard input.findings.ambiguousKinds > 0 && kindCount > 1, case .proportion(_, let kinds, _, _) = statistic else { return false }
    return !kinds.contains(kindCount)
  }

  /// `row` as not tested because some boosters could be of more than one kind.
  static func notTestedForUnknownKinds(_ row: CheckResult, input: AuditInput) -> CheckResult {
    var row = row
    row.method = .notTested
    row.pValue = nil
    row.confidenceLow = nil
    row.confidenceHigh = nil
    row.confidenceLevel = nil
    row.successes = nil
    row.detail = "not tested: \(input.findings.ambiguousKinds) boosters could be of more than one kind"
    row.verdict = .notTested
    return row
  }

  /// The Monte Carlo p-value (1 + #{T* ≥ T}) / (1 + R) of `observed` against the null's `R`
  /// samples, counting ties within a relative tolerance; nil without samples.
  static func monteCarloP(_ observed: Double, null: [Double]) -> Double? {
    guard !null.isEmpty else { return nil }
    let tolerance = observed.isFinite ? max(1e-7, abs(observed) * 1e-9) : 0
    let extreme = null.reduce(0) { $0 + ($1 >= observed - tolerance ? 1 : 0) }
    return (1 + Double(extreme)) / (1 + Double(null.count))
  }

  /// A proportion's method: the exact binomial test where boosters are independent for the
  /// count, else the Monte Carlo null when drawn, else the binomial test marked approximate.
  static func proportionMethod(_ row: CheckResult, exactBinomial: Bool, monteCarlo: Double?) -> CheckResult {
    var row = row
    if exactBinomial {
      row.method = .exactBinomial
    } else if let monteCarlo {
      row.method = .monteCarlo
      row.pValue = monteCarlo
      row.detail += "; boosters of a pool are not independent for this count, so the binomial test does not apply"
      // A Clopper–Pearson interval assumes the binomial too.
      row.confidenceLow = nil
      row.confidenceHigh = nil
      row.confidenceLevel = nil
      row.successes = nil
    } else {
      row.method = .approximateBinomial
    }
    return row
  }

  /// A chi-square statistic's method: none with one cell; the chi-square distribution (its
  /// statistic scaled by the null's dispersion, for card frequencies) where every cell expects
  /// 5 or more, or there is no null and `ChiSquareValidity` holds; else the Monte Carlo null,
  /// or, without one, not tested. A spec's own claim of card frequencies is scaled by the exact
  /// dispersion of the rules' draws (`claimDispersion`), the rules' checks by their null's.
  static func chiSquareMethod(
    _ row: CheckResult, statistic: AuditStatistic, observed: Double, null: [Double], monteCarlo: Double?, planned: Planned,
    input: AuditInput
  ) throws(StatisticsError) -> Evaluated {
    var row = row
    let df = statistic.degreesOfFreedom
    let large = (statistic.expectedCells(input.observed).min() ?? 0) >= 5
    let (dispersion, scaling) = row.source == .spec
      ? claimDispersion(of: statistic, planned.claimDispersion)
      : dispersion(of: statistic, null: null, degreesOfFreedom: df)
    let cells = statistic.expectedCells(input.observed)
    let count = cells.reduce(0, +)
    if df <= 0 {
      row.method = .notTestedOneCell
      row.pValue = nil
      row.verdict = .notTested
      row.detail = "not tested: one cell, nothing to compare; " + row.detail
    } else if count < 0.5 || (count < 1.5 && Set(cells).count == 1) {
      // No observation, or one where every cell is equally likely: the statistic is the same
      // whatever the data, so the check could not fail (it said pass over n 0).
      row.method = .notTested
      row.pValue = nil
      row.verdict = .notTested
      // (Short: the terminal's table shows a check not tested by its detail.)
      row.detail = count < 0.5 ? "not tested: n 0, nothing counted" : "not tested: n 1, which cannot fail"
    } else if !large && monteCarlo == nil && !observed.isInfinite && !ChiSquareValidity.holds(cells) {
      // No null to fall back on, and cells so sparse that the chi-square distribution is no
      // guide: its p-value would fail files that are fine (n 2 over a foil sheet's 264 cards).
      // (A count the rules cannot produce fails below whatever the cells.)
      row.method = .notTested
      row.pValue = nil
      row.verdict = .notTested
      let why = row.source == .spec
        ? "a spec's own claim has no Monte Carlo null (the null is drawn from the rules)"
        : "no Monte Carlo null was drawn (--resamples 0)"
      row.detail = "not tested: " + ChiSquareValidity.failure(cells) + ", and " + why
    } else if large || monteCarlo == nil {
      row.method = .asymptoticChiSquare(scaling, smallCells: !large)
      let scaled = observed / dispersion
      row.pValue = observed.isInfinite ? 0 : try withGSL { () throws(GSLError) -> Double in
        try Distributions.chiSquareUpperTail(scaled, degreesOfFreedom: Double(df))
      }
      if dispersion != 1 {
        let source = scaling == .claimDispersion ? "of the rules' draws, exact" : "from the Monte Carlo null"
        row.detail += "; dispersion \(CSVNumber.format((dispersion * 1e6).rounded() / 1e6)) \(source)"
      }
    } else {
      row.method = .monteCarlo
      row.pValue = monteCarlo
      row.detail += "; a cell expects fewer than 5, so the chi-square distribution does not apply"
    }
    row.statistic = observed
    row.degreesOfFreedom = max(df, 0)
    guard case .frequencies(let classes, let shares) = statistic, let group = planned.group else { return Evaluated(row: row) }
    return Evaluated(
      row: row,
      frequencyGroup: FrequencyGroup(
        name: group, classes: classes, shares: shares, dispersion: dispersion, alpha: row.alpha, isClaim: planned.isClaim))
  }

  /// The dispersion a spec's own claim of card frequencies is divided by: the exact one of the
  /// rules' draws, as `sealed check` divides it, or none (unscaled) when it could not be
  /// computed for the file's classes. Other statistics of a spec are not scaled.
  static func claimDispersion(of statistic: AuditStatistic, _ exact: Double?) -> (Double, CheckMethod.ChiSquareScaling) {
    guard case .frequencies = statistic else { return (1, .multinomial) }
    guard let exact else { return (1, .unscaledClaim) }
    return (exact, .claimDispersion)
  }

  /// The dispersion a card-frequency statistic is divided by, and how it was scaled: distinct
  /// and colour-balanced draws make copies vary otherwise than a multinomial, so the statistic
  /// is divided by its mean under the null over its degrees of freedom (first order), estimated
  /// from at least 100 samples of the null. Other statistics are not scaled.
  static func dispersion(
    of statistic: AuditStatistic, null: [Double], degreesOfFreedom df: Int
  ) -> (Double, CheckMethod.ChiSquareScaling) {
    guard case .frequencies = statistic else { return (1, .multinomial) }
    let finite = null.filter(\.isFinite)
    guard finite.count >= 100 && df > 0 else { return (1, .unscaledTooFewSamples) }
    return (max(finite.reduce(0, +) / Double(finite.count) / Double(df), 1e-9), .nullDispersion)
  }
}
