import Foundation
import SealedSupport
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats

/// Everything an audit's verdicts are made from: the counts of the file's boosters, what the
/// per-booster checks found, and how to draw the Monte Carlo null.
public struct AuditInput: Sendable {
  public var catalog: AuditCatalog
  public var lanes: AuditLanes
  public var expectations: Expectations
  public var observed: ContentCounts
  public var findings: BoosterFindings
  public var grouping: PoolGrouping
  public var alpha: Double
  /// Monte Carlo samples (R); 0 leaves the Monte Carlo p-values out.
  public var resamples: Int
  public var seed: UInt64
  public var threads: Int

  public init(
    catalog: AuditCatalog, lanes: AuditLanes, expectations: Expectations, observed: ContentCounts,
    findings: BoosterFindings, grouping: PoolGrouping, alpha: Double, resamples: Int, seed: UInt64, threads: Int
  ) {
    self.catalog = catalog
    self.lanes = lanes
    self.expectations = expectations
    self.observed = observed
    self.findings = findings
    self.grouping = grouping
    self.alpha = alpha
    self.resamples = resamples
    self.seed = seed
    self.threads = threads
  }
}

/// The verdicts of `sealed audit`: per-booster exact checks as invariants, and aggregate checks
/// (event and rarity proportions, card frequencies per sheet, mythics per pool, the spec's
/// claims) each with the p-value of the method valid for it, Holm-adjusted together.
///
/// Methods: the exact binomial test where boosters are independent and alike for the count;
/// the chi-square distribution where every cell expects at least 5 (its dispersion, for card
/// frequencies, the mean of the statistic over the Monte Carlo null divided by its degrees of
/// freedom); otherwise the Monte Carlo null itself: R samples of as many boosters drawn by the
/// engine, p = (1 + #{T* ≥ T}) / (1 + R), with standard error √(p(1 − p)/R). Every statistical
/// check also carries its Monte Carlo p-value when R > 0.
public struct AuditRun: Sendable {
  public let checks: [CheckResult]
  /// Remarks on what could not be tested, and on the Monte Carlo resolution.
  public let notes: [String]
  public let resamples: Int
  /// `sheet_frequency.csv`: each sheet's cards with observed and expected copies and residuals
  /// (√ of each card's share of the statistic, signed, after the dispersion).
  public let frequencyTable: FrequencyTable

  /// A planned test: its row and its statistic.
  struct Planned {
    var row: CheckResult
    var statistic: AuditStatistic?
    var exactBinomial = false
    var key: String?
    /// For a sheet's card frequencies: the sheet names, the group of its `sheet_frequency.csv` rows.
    var group: String?
  }

  public init(_ input: AuditInput) throws(StatisticsError) {
    var planned = try Self.plannedChecks(input)
    var notes = input.lanes.leftOut.map { "not counted: \($0)" }
    for (index, lane) in input.lanes.lanes.enumerated() where Self.laneDistributions(input, lane: index) == nil {
      notes.append("not tested: \(lane.name): its count per booster has no exact distribution (a distinct draw from a sheet of too many different weights)")
    }
    if input.findings.ambiguousKinds > 0 {
      notes.append("\(input.findings.ambiguousKinds) boosters could be of more than one kind; checks given a kind leave them out")
    }

    let tested = planned.indices.filter { planned[$0].statistic != nil }
    let statistics = tested.map { planned[$0].statistic! }
    let observedValues = statistics.map { $0.value(input.observed) }
    var samples: [[Double]] = []
    if input.resamples > 0 && !statistics.isEmpty && input.observed.boosters > 0 {
      samples = AuditNull.run(
        catalog: input.catalog, lanes: input.lanes, boosters: input.observed.boosters, grouping: input.grouping,
        seed: input.seed, samples: input.resamples, threads: input.threads
      ) { counts in statistics.map { $0.value(counts) } }
    }
    let r = Double(samples.count)
    var frequencyGroups: [FrequencyGroup] = []
    let kindsAmbiguous = input.findings.ambiguousKinds > 0 && input.catalog.plan.kinds.count > 1
    for (position, index) in tested.enumerated() {
      let statistic = statistics[position]
      let observed = observedValues[position]
      var row = planned[index].row
      if kindsAmbiguous, case .proportion(_, let kinds, _) = statistic, !kinds.contains(input.catalog.plan.kinds.count) {
        // The null knows every booster's kind; the file's boosters of unknown kind would bias
        // the count of those identified.
        row.method = "none"
        row.pValue = nil
        row.confidenceLow = nil
        row.confidenceHigh = nil
        row.confidenceLevel = nil
        row.successes = nil
        row.detail = "not tested: \(input.findings.ambiguousKinds) boosters could be of more than one kind"
        row.verdict = .notTested
        planned[index].row = row
        continue
      }
      // The null is drawn from the rules: it is the claim's null only when the rules expect
      // what the claim states (a spec claim that joined a rule's row), never for a spec claim
      // of its own, which is tested by the exact or asymptotic method alone.
      let nullApplies = row.source != .spec
      var monteCarlo: Double? = nil
      if !samples.isEmpty && nullApplies {
        let tolerance = observed.isFinite ? max(1e-7, abs(observed) * 1e-9) : 0
        let extreme = samples.reduce(0) { $0 + ($1[position] >= observed - tolerance ? 1 : 0) }
        let p = (1 + Double(extreme)) / (1 + r)
        monteCarlo = p
        row.monteCarloP = p
        row.monteCarloSE = (p * (1 - p) / r).squareRoot()
      }
      if case .proportion = statistic {
        if planned[index].exactBinomial {
          row.method = "exact binomial"
        } else if let monteCarlo {
          row.method = "monte carlo"
          row.pValue = monteCarlo
          row.detail += "; boosters of a pool are not independent for this count, so the binomial test does not apply"
          // A Clopper–Pearson interval assumes the binomial too.
          row.confidenceLow = nil
          row.confidenceHigh = nil
          row.confidenceLevel = nil
          row.successes = nil
        } else {
          row.method = "binomial (approximate: boosters of a pool are not independent for this count)"
        }
      } else {
        let df = statistic.degreesOfFreedom
        let cells = statistic.expectedCells(input.observed)
        let large = (cells.min() ?? 0) >= 5
        var dispersion = 1.0
        var scaling = ""
        if case .frequencies = statistic {
          // Distinct and colour-balanced draws make copies vary otherwise than a multinomial:
          // the statistic is divided by its mean under the null over its degrees of freedom
          // (first order), estimated from at least 100 samples of the null.
          let finite = samples.map { $0[position] }.filter(\.isFinite)
          if finite.count >= 100 && df > 0 {
            dispersion = max(finite.reduce(0, +) / Double(finite.count) / Double(df), 1e-9)
            scaling = ", scaled by the null's dispersion"
          } else {
            scaling = ", unscaled (approximate: fewer than 100 Monte Carlo samples to estimate the dispersion)"
          }
        }
        if df <= 0 {
          row.method = "none (one cell)"
          row.pValue = nil
          row.verdict = .notTested
          row.detail = "not tested: one cell, nothing to compare; " + row.detail
        } else if large || monteCarlo == nil {
          row.method = "asymptotic chi-square" + scaling + (large ? "" : " (approximate: a cell expects fewer than 5)")
          let scaled = observed / dispersion
          row.pValue = observed.isInfinite ? 0 : try withGSL { () throws(GSLError) -> Double in
            try Distributions.chiSquareUpperTail(scaled, degreesOfFreedom: Double(df))
          }
          if dispersion != 1 { row.detail += "; dispersion \(CSVNumber.format((dispersion * 1e6).rounded() / 1e6)) from the Monte Carlo null" }
        } else {
          row.method = "monte carlo"
          row.pValue = monteCarlo
          row.detail += "; a cell expects fewer than 5, so the chi-square distribution does not apply"
        }
        row.statistic = observed
        row.degreesOfFreedom = max(df, 0)
        if case .frequencies(let classes, let shares) = statistic, let group = planned[index].group {
          frequencyGroups.append(FrequencyGroup(name: group, classes: classes, shares: shares, dispersion: dispersion, alpha: row.alpha))
        }
      }
      // A count the rules cannot produce at all (a cell they give probability 0) refutes them
      // whatever the method.
      if observed == .infinity { row.pValue = 0 }
      planned[index].row = row
    }

    var checks = planned.map(\.row)
    let testedRows = try CheckRun.decide(&checks)
    if !samples.isEmpty && !testedRows.isEmpty {
      let smallest = 1 / (1 + r)
      let level = input.alpha / Double(testedRows.count)
      if smallest > level {
        notes.append(
          "with \(samples.count) Monte Carlo samples no Monte Carlo p-value goes below \(CSVNumber.format(smallest)), above alpha / \(testedRows.count) tests = \(CSVNumber.format(level)): raise --resamples for those checks to be able to fail")
      }
    }
    self.checks = checks
    self.notes = notes
    resamples = samples.count
    frequencyTable = try Self.frequencyTable(frequencyGroups, input: input)
  }

  /// Every check of an audit, before any is evaluated: the per-booster invariants, the spec's
  /// claims, then the rules' own checks. A rule-derived check that tests what a spec claim tests
  /// (same counts, same expectation) joins the claim's row, so each hypothesis is tested once.
  static func plannedChecks(_ input: AuditInput) throws(StatisticsError) -> [Planned] {
    let builder = CheckBuilder(alpha: input.alpha)
    var planned = invariants(input)
    planned += try specChecks(input, builder: builder)
    for rule in try ruleStatistics(input, builder: builder) {
      if let key = rule.key, let index = planned.firstIndex(where: { $0.key == key && $0.row.source == .spec }) {
        planned[index].row.source = .both
        planned[index].row.alpha = min(planned[index].row.alpha, rule.row.alpha)
        planned[index].row.detail = "also the rules' check \"\(rule.row.name)\"; " + planned[index].row.detail
        if planned[index].group == nil { planned[index].group = rule.group }
      } else {
        planned.append(rule)
      }
    }
    return planned
  }

  /// One group of `sheet_frequency.csv`: a sheet family's or a claim's cards (classes), their
  /// expected shares, the dispersion of its check and the check's level.
  struct FrequencyGroup {
    let name: String
    let classes: [Int]
    let shares: [Double]
    let dispersion: Double
    let alpha: Double
  }

  /// `sheet_frequency.csv`: each group's cards with observed and expected copies, residuals
  /// and exact tails, the whole table one family of cards for the flags.
  static func frequencyTable(_ groups: [FrequencyGroup], input: AuditInput) throws(StatisticsError) -> FrequencyTable {
    let plan = input.catalog.plan
    let counted = groups.map { group in
      let observed = group.classes.map { input.observed.copies[$0] }
      let total = Double(observed.reduce(0, +))
      let shareTotal = group.shares.reduce(0, +)
      return CardTails.Group(observed: observed, expected: group.shares.map { $0 / shareTotal * total }, alpha: group.alpha)
    }
    let tails = try CardTails.compute(counted)
    var table = FrequencyTable(file: .sheetFrequency, rows: [])
    for (number, group) in groups.enumerated() {
      let observed = counted[number].observed
      let expected = counted[number].expected
      for (position, cls) in group.classes.enumerated() {
        let card = plan.cards[input.catalog.classOrdinals[cls][0]]
        let e = expected[position]
        let residual = e > 0 ? (Double(observed[position]) - e) / (e * group.dispersion).squareRoot() : nil
        table.rows.append(
          FrequencyRow(
            group: group.name, card: card, number: input.catalog.identity == .name ? "" : card.collectorNumber.text,
            name: input.catalog.classLabels[cls], observed: observed[position], expected: e, residual: residual,
            tail: tails[number][position]))
      }
    }
    return table
  }

  /// Whether no check failed (checks that could not be made are not failures, nor passes).
  public var passed: Bool { !checks.contains(where: \.failed) }

  /// The verdict line.
  public var summary: VerdictSummary { VerdictSummary(verdicts: checks.map(\.verdict)) }

  /// `audit.csv`: the columns of `checks.csv`, then the method and the Monte Carlo p-value with
  /// its standard error.
  public var table: CheckTable { CheckTable(file: .audit, rows: checks.map(\.auditRow)) }
}
