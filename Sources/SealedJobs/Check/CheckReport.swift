import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedVerdicts
import SealedReports
import SealedStats

/// The checks and the report folder's files of one `sealed check` run, made from its tally:
/// the simulation's CSVs (cards flagged by their exact tails), checks.csv, mythic_fairness.csv,
/// claim_frequency.csv, the tables of the compared rule sets, tallies.json and report.html.
/// `sealed check` (simulated or merged tallies) and `sealed check-products` (each product) both
/// make their folders here, so the same tally gives the same files.
public struct CheckReport {
  /// Another rule set's simulation of the same pools, for the mythic fairness table and
  /// `comparisons.csv`.
  package struct Compared: Sendable {
    package var plan: BoosterPlan
    package var expectations: Expectations
    package var tally: SimulationTally

    package init(plan: BoosterPlan, expectations: Expectations, tally: SimulationTally) {
      self.plan = plan
      self.expectations = expectations
      self.tally = tally
    }
  }

  /// The files `check` writes besides the simulation's (the last three when they have rows).
  package static let checkFiles = ReportFile.checkOnly.names

  /// Every file a check report folder may hold (for `ReportFolder`'s up-front survey).
  package static let fileNames = ReportFile.checkFolder.names

  package let checks: CheckRun
  /// The report's typed values: what the CSVs hold and the page shows.
  public let contents: ReportContents
  package let files: [(name: String, contents: String)]

  /// The report of a run compared with no other rule set (what the benchmarks render).
  public init(
    plan: BoosterPlan, expectations: Expectations, tally: SimulationTally, run: RunInfo,
    record: (name: String, contents: String), alpha: Double
  ) throws(DataError) {
    try self.init(plan: plan, expectations: expectations, tally: tally, run: run, record: record, alpha: alpha, spec: nil, compared: [])
  }

  /// Tests `tally` at `alpha` and makes the files; `record` is the run's `tallies.json`;
  /// `spec` names the spec whose claims the plan carries (nil: none, which `run.csv` and the
  /// page say); `note`, what the run is part of (`run.csv`'s `notes`). Cost: the checks (one exact test per card and claim) and one pass over the tables; for a
  /// product of 1,000 cards, tens of milliseconds. Throws a one-line `DataError` when a
  /// statistic cannot be computed or the page cannot be rendered.
  package init(
    plan: BoosterPlan, expectations: Expectations, tally: SimulationTally, run: RunInfo,
    record: (name: String, contents: String), alpha: Double, spec: String?, note: String? = nil, compared: [Compared] = []
  ) throws(DataError) {
    let checks = try statistics { () throws(StatisticsError) in
      try CheckRun(plan: plan, expectations: expectations, tally: tally, alpha: alpha)
    }
    var fairness = [MythicFairness(rules: plan.rulesName, tally: tally, expectations: expectations)]
    var comparisons: [ComparisonRow] = []
    var comparedMythics: [ComparedPoolShareRow] = []
    for other in compared {
      fairness.append(MythicFairness(rules: other.plan.rulesName, tally: other.tally, expectations: other.expectations))
      comparisons += ComparisonRow.rows(ClaimComparison.counts(plan: other.plan, tally: other.tally), rules: other.plan.rulesName)
      let mythics = SimulationReport(plan: other.plan, expectations: other.expectations, tally: other.tally, run: run).poolMythicsRows
      comparedMythics += mythics.map { ComparedPoolShareRow(rules: other.plan.rulesName, row: $0) }
    }
    var simulationReport = SimulationReport(plan: plan, expectations: expectations, tally: tally, run: run)
    // The page's sheets and claims are one family of cards for the flags.
    // A claim's alpha, never looser than the run's (`SpecChecks.alpha(of:)`).
    let claimAlpha = { (name: String) in min(plan.specClaims.first { $0.name == name }?.alpha ?? alpha, alpha) }
    let flagged = try statistics { () throws(StatisticsError) in
      try CardTails.attached(
        sheets: simulationReport.sheetFrequency,
        claims: GroupFrequency.claims(plan: plan, expectations: expectations, tally: tally),
        alpha: alpha, claimAlpha: claimAlpha)
    }
    simulationReport.sheetFrequency = flagged.sheets
    let claimFrequency = flagged.claims!
    var contents = simulationReport.contents
    contents.run.insert(("spec", spec ?? ""), after: ["booster_data", "rules_source"])
    if let note { contents.run.entries.append((key: "notes", value: note)) }
    contents.checks = CheckTable(checks)
    contents.mythicFairness = MythicFairnessRow.rows(fairness)
    if !claimFrequency.rows.isEmpty { contents.claimFrequency = claimFrequency.table(.claimFrequency, plan: plan) }
    if !comparisons.isEmpty { contents.comparisons = comparisons }
    if !comparedMythics.isEmpty { contents.comparedPoolMythics = comparedMythics }
    self.checks = checks
    self.contents = contents
    self.files = try ReportFiles.make(contents, adding: [record])
  }
}
