import Foundation
import SealedSupport
import SealedEngine
import SealedAnalysis
import SealedVerdicts
import SealedStats
import SealedRules

/// Everything an audit's verdicts are made from: the counts of the file's boosters, what the
/// per-booster checks found, and how to draw the Monte Carlo null.
package struct AuditInput: Sendable {
  package var catalog: AuditCatalog
  package var lanes: AuditLanes
  package var expectations: Expectations
  package var observed: ContentCounts
  package var findings: BoosterFindings
  package var grouping: PoolGrouping
  package var alpha: Double
  /// Monte Carlo samples (R); 0 leaves the Monte Carlo p-values out.
  package var resamples: Int
  package var seed: UInt64
  package var threads: Int

  package init(
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
package struct AuditRun: Sendable {
  package let checks: [CheckResult]
  /// Remarks on what could not be tested, and on the Monte Carlo resolution.
  package let notes: [String]
  package let resamples: Int
  /// `sheet_frequency.csv`: each sheet's cards with observed and expected copies and residuals
  /// (√ of each card's share of the statistic, signed, after the dispersion).
  package let frequencyTable: GroupFrequency
  /// `claim_frequency.csv`: the cards of the spec's own "equally likely" claims, flagged with
  /// the sheets' cards as one family (empty when there are none).
  package let claimFrequencyTable: GroupFrequency

  /// A planned test: its row and its statistic.
  struct Planned {
    var row: CheckResult
    var statistic: AuditStatistic?
    var exactBinomial = false
    var key: String?
    /// For card frequencies: the group of their rows, a sheet's names in `sheet_frequency.csv`
    /// or a spec's own claim's name in `claim_frequency.csv` (`isClaim`).
    var group: String?
    /// For a published figure read as a range: the shares it accepts (`AuditPlan` counts a
    /// deviation from the range's edge).
    var accepted: ClosedRange<Double>?
    /// For a spec's own "equally likely" claim: Pearson's dispersion under the rules' draws,
    /// computed exactly (`Expectations.uniformClaimDispersion`), as `sealed check` scales it; nil
    /// when the file's classes are not the claim's cards one for one (then unscaled). The null
    /// drawn from the rules is not the claim's: where the rules favour a card, the statistic's
    /// mean over it grows with the very deviation the claim is to find.
    var claimDispersion: Double?
    /// Whether `group` is a spec claim's (`claim_frequency.csv`) rather than a sheet's.
    var isClaim = false
  }

  /// Draws the Monte Carlo null of an audit's statistics: `input.resamples` samples of
  /// `statistics`, each over as many boosters as the file holds (the run layer's
  /// `AuditJob.drawNull`, which starts the engine; none when R is 0 or nothing is tested).
  package typealias NullDrawing = (_ input: AuditInput, _ statistics: [AuditStatistic]) -> [[Double]]

  /// Plans the audit's checks, draws their null with `drawNull`, evaluates each by its method
  /// and adjusts them together (Holm). Throws when a statistic cannot be computed.
  package init(_ input: AuditInput, null drawNull: NullDrawing) throws(StatisticsError) {
    var planned = try Self.plannedChecks(input)
    var notes = Self.notesOnWhatIsLeftOut(input)
    let tested = planned.indices.filter { planned[$0].statistic != nil }
    let statistics = tested.map { planned[$0].statistic! }
    let samples = input.resamples > 0 && !statistics.isEmpty && input.observed.boosters > 0 ? drawNull(input, statistics) : []
    var frequencyGroups: [FrequencyGroup] = []
    for (position, index) in tested.enumerated() {
      let evaluated = try Self.evaluate(
        planned[index], statistic: statistics[position], null: samples.map { $0[position] }, input: input)
      planned[index].row = evaluated.row
      if let group = evaluated.frequencyGroup { frequencyGroups.append(group) }
    }
    var checks = planned.map(\.row)
    let testedRows = try CheckRun.decide(&checks)
    Self.markUndecided(&checks, samples: samples.count, tests: testedRows.count)
    // Only where a check's p-value is a Monte Carlo one: exact and asymptotic ones have no floor.
    if checks.contains(where: { $0.method == .monteCarlo }),
      let note = Self.resolutionNote(samples: samples.count, tests: testedRows.count, alpha: input.alpha)
    {
      notes.append(note)
    }
    self.checks = checks
    self.notes = notes
    resamples = samples.count
    let tables = try Self.frequencyTables(frequencyGroups, input: input)
    (frequencyTable, claimFrequencyTable) = (tables.sheets, tables.claims)
  }

  /// The notes on what the audit leaves out: lanes not counted, lanes without an exact
  /// distribution, cards without card data in the rarity lanes, boosters of more than one
  /// possible kind.
  static func notesOnWhatIsLeftOut(_ input: AuditInput) -> [String] {
    var notes = input.lanes.leftOut.map { "not counted: \($0)" }
    for (index, lane) in input.lanes.lanes.enumerated() where laneDistributions(input, lane: index) == nil {
      notes.append("not tested: \(lane.name): its count per booster has no exact distribution (a distinct draw from a sheet of too many different weights)")
    }
    if let gaps = CardDataGaps(plan: input.catalog.plan) {
      notes.append(
        "boosters holding a mythic rare, a rare, an uncommon or a common count only cards whose card data gives their rarity; \(gaps.summary) and count as none; \(gaps.remedy)")
    }
    if input.findings.ambiguousKinds > 0 {
      notes.append("\(input.findings.ambiguousKinds) boosters could be of more than one kind; checks given a kind leave them out")
    }
    return notes
  }

  /// Whether a Monte Carlo p-value at its floor 1 / (1 + `samples`) cannot fail at `alpha`
  /// over `tests` tests: a check fails when its adjusted p-value is below alpha, and the floor
  /// times the tests at or above it never is. Equality counts (999 samples and 10 tests: 0.001
  /// times 10 is alpha 0.01, so a sheet off by 23 standard deviations passed).
  static func floorCannotFail(samples: Int, tests: Int, alpha: Double) -> Bool {
    1 / (1 + Double(samples)) * Double(tests) >= alpha * (1 - 1e-12)
  }

  /// The note that the Monte Carlo p-values cannot go below alpha over the number of tests,
  /// when so few samples were drawn; nil otherwise.
  static func resolutionNote(samples: Int, tests: Int, alpha: Double) -> String? {
    guard samples > 0 && tests > 0, floorCannotFail(samples: samples, tests: tests, alpha: alpha) else { return nil }
    let smallest = 1 / (1 + Double(samples))
    let level = alpha / Double(tests)
    let rounded = CSVNumber.format(Double(String(format: "%.3g", level))!)
    return "with \(samples) Monte Carlo sample\(samples == 1 ? "" : "s") no Monte Carlo p-value goes below \(CSVNumber.format(smallest)), not below alpha / \(tests) tests = \(rounded): raise --resamples for those checks to be able to fail"
  }

  /// A Monte Carlo check that passed with its statistic beyond every sample (its p-value at the
  /// floor 1 / (1 + R)) while that floor is not below alpha / tests is not a pass: so few samples
  /// could not have made it fail however far off the file is. It becomes not tested, saying
  /// how many samples would decide it. Cost: one pass over the checks.
  static func markUndecided(_ checks: inout [CheckResult], samples: Int, tests: Int) {
    guard samples > 0 && tests > 0 else { return }
    let floor = 1 / (1 + Double(samples))
    for index in checks.indices where checks[index].method == .monteCarlo && checks[index].verdict == .pass {
      guard let p = checks[index].pValue, p <= floor * (1 + 1e-12) else { continue }
      let alpha = checks[index].alpha
      let level = alpha / Double(tests)
      guard Self.floorCannotFail(samples: samples, tests: tests, alpha: alpha) else { continue }
      // The fewest samples whose floor can fail, as this test computes it.
      var needed = max(samples + 1, Int((Double(tests) / alpha).rounded(.down)) - 2)
      while Self.floorCannotFail(samples: needed, tests: tests, alpha: alpha) { needed += 1 }
      checks[index].verdict = .notTested
      checks[index].detail =
        "not decided: the statistic is beyond all \(samples) Monte Carlo samples, whose p-value \(CSVNumber.format(floor)) cannot reach alpha / \(tests) tests = \(CSVNumber.format(level)); rerun with --resamples \(needed) or more"
    }
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
        // The joined row is the rules' hypothesis: its cards are the sheet's, in
        // sheet_frequency.csv under the sheet's name (a claim of its own keeps claim_frequency.csv).
        if let group = rule.group {
          planned[index].group = group
          planned[index].isClaim = false
        }
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
    let isClaim: Bool
  }

  /// `sheet_frequency.csv` and `claim_frequency.csv`: each group's cards with observed and
  /// expected copies, residuals and exact tails, both tables one family of cards for the flags.
  static func frequencyTables(
    _ groups: [FrequencyGroup], input: AuditInput
  ) throws(StatisticsError) -> (sheets: GroupFrequency, claims: GroupFrequency) {
    let counted = groups.map { group in
      let observed = group.classes.map { input.observed.copies[$0] }
      let total = Double(observed.reduce(0, +))
      let shareTotal = group.shares.reduce(0, +)
      return CardTails.Group(observed: observed, expected: group.shares.map { $0 / shareTotal * total }, alpha: group.alpha)
    }
    let tails = try CardTails.compute(counted)
    var tables = (sheets: GroupFrequency(rows: []), claims: GroupFrequency(rows: []))
    for (number, group) in groups.enumerated() {
      for (position, cls) in group.classes.enumerated() {
        var row = GroupFrequency.Row(
          group: group.name, card: input.catalog.classOrdinals[cls][0], observed: counted[number].observed[position],
          expected: counted[number].expected[position], dispersion: group.dispersion)
        row.tail = tails[number][position]
        row.label = input.catalog.classLabels[cls]
        row.isNumbered = input.catalog.identity != .name
        if group.isClaim { tables.claims.rows.append(row) } else { tables.sheets.rows.append(row) }
      }
    }
    return tables
  }

  /// Whether no check failed (checks that could not be made are not failures, nor passes).
  package var passed: Bool { !checks.contains(where: \.failed) }

  /// The verdict line.
  package var summary: VerdictSummary { VerdictSummary(verdicts: checks.map(\.verdict)) }
}
