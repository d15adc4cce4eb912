import ArgumentParser
import Foundation
import SealedCheck
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats
import SealedReportHTML

/// `sealed check`: simulate, test the counts against the rules and a spec, report a verdict.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Simulate pools and test them against the rules' own expectations and a spec's claims.",
    discussion: """
      Checks derived from the rules: rarity per slot, every card's frequency within its sheet, \
      declared events, mythic fairness, exact invariants. A spec adds claims (the built-in spec \
      "sealed" restates the original article's; a rule file names its spec with a "spec:" key, \
      and the built-in "sealed" rules name it). A claim the rules cannot meet by construction \
      fails with the reason. \
      p-values are Holm-adjusted over the run; a run passes when every adjusted p-value is at \
      least alpha and every invariant holds. Writes the simulation CSVs plus checks.csv and \
      mythic_fairness.csv, and report.html with the verdicts and charts. A sharded run: sealed \
      check --shard K/N for each shard, sealed merge, then sealed check SET --tallies MERGED. \
      Exit status: 0 all checks pass, 1 a check fails, 2 bad input.
      """)

  @Argument(help: "The set code, for example war.")
  var set: String

  @OptionGroup var planOptions: PlanOptions
  @OptionGroup var runOptions: RunOptions

  @OptionGroup var specOption: SpecOption

  @Option(parsing: .unconditional, help: ArgumentHelp("Significance level (default: the spec's, else 0.001).", valueName: "a"))
  var alpha: Double?

  @Option(help: ArgumentHelp("Other rule sets to simulate for the mythic fairness table (comma separated, or none). Default: the other built-ins that cover the set.", valueName: "names"))
  var compare: String?

  @Flag(help: "Print the pools needed to detect --deviation in each proportion and --ratio in each chi-square claim with --power, and stop.")
  var plan = false

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: the deviation of a proportion to detect.", valueName: "d"))
  var deviation: Double = 0.02

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: in a chi-square claim, one card (or position) this many times as likely as the others, to detect.", valueName: "r"))
  var ratio: Double = 1.2

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: the probability of detecting it.", valueName: "p"))
  var power: Double = 0.9

  @Option(help: ArgumentHelp("Check a merged sharded run instead of simulating: a folder written by sealed merge from sealed check --shard K/N runs.", valueName: "dir"))
  var tallies: String?

  func run() throws {
    // The whole run: loading the cards and rules and compiling them too.
    let started = Date()
    if let tallies {
      try checkTallies(tallies)
      return
    }
    let spec = try specOption.load(rules: planOptions.rules)
    let alpha = try checkedAlpha(spec)
    let runner = try SimulationRunner(
      set: set, planOptions: planOptions, options: runOptions, spec: spec, extraFiles: Self.checkFiles)
    try checkTrialLimit(runner.plan, pools: runner.pools)
    if plan {
      try printPlan(runner, alpha: alpha)
      return
    }
    if runOptions.shard != nil {
      // One shard of a checked run: its reports and tallies (with the spec's counting lanes)
      // for sealed merge; the checks run on the merged tallies (--tallies).
      let result = runner.simulate()
      let info = runner.runInfo(result, command: "check", extra: reproducingOptions)
      Note.replaced(
        try runner.folder.commit(runner.reportFiles(result, run: info, report: runner.report(result, run: info, alpha: alpha))),
        in: runner.folder.path)
      print(runner.summary(result))
      print("reports: \(runner.folder.path)/")
      print("next: sealed merge the shards' folders, then sealed check \(runner.plan.setCode) --tallies MERGED")
      if result.interrupted { throw CommandFailure(status: 130) }
      return
    }
    let comparisons = try ComparedRules.plans(compare: compare, for: runner.cardSet, rulesName: runner.plan.rulesName, spec: spec)
    // One Ctrl-C flag for the whole run: it stops the simulation and every --compare one.
    let interrupt = InterruptFlag()
    defer { interrupt.restore() }
    let result = runner.simulate(interrupt: interrupt)
    let info = runner.runInfo(result, command: "check", extra: reproducingOptions)
    let outcome = try CheckOutcome(
      plan: runner.plan, expectations: runner.expectations, tally: result.tally, seed: runner.seed,
      comparisons: comparisons, run: info, record: runner.recordFile(result, run: info), alpha: alpha,
      threads: runOptions.threads, shouldStop: { interrupt.isRaised })
    let samples = try runner.commit(outcome.files)
    let stopped = outcome.interrupted ? (done: result.completedPools, requested: runner.pools) : nil
    print(
      VerdictTable.render(
        outcome.checks, plan: runner.plan, spec: spec, alpha: alpha, pools: result.tally.pools, seed: runner.seed,
        terminal: .standardOutput, interrupted: stopped),
      terminator: "")
    print(runner.summary(result))
    print(
      String(
        format: "whole run: %.2f s (simulation %.2f s, %d of %d --compare simulation(s) %.2f s, checks and reports the rest)",
        Date().timeIntervalSince(started), result.elapsedSeconds, outcome.comparisonsRun, comparisons.count,
        outcome.comparisonSeconds))
    print("reports: \(runner.folder.path)/")
    if let samples { print("samples: \(samples)") }
    if outcome.interrupted { throw CommandFailure(status: 130) }
    if !outcome.checks.passed { throw CommandFailure(status: 1) }
  }

  private func checkedAlpha(_ spec: SpecDefinition?) throws(DataError) -> Double {
    try StatisticalOptions.level(self.alpha ?? spec?.alpha ?? CheckRun.defaultAlpha)
  }

  private func checkTrialLimit(_ plan: BoosterPlan, pools: Int) throws(DataError) {
    let trialLimit = Distributions.maximumBinomialTrials / plan.boostersPerPool
    guard pools <= trialLimit else {
      throw DataError("--pools \(pools): sealed check tests at most \(trialLimit) pools (its exact binomial tests take at most 2^38 boosters); use sealed simulate for larger runs")
    }
  }

  /// The files `check` writes besides the simulation's (the last three when they have rows).
  static let checkFiles = CheckReport.checkFiles

  /// The options beside set, rules, pools and seed that the reproducing command line needs.
  private var reproducingOptions: [String] {
    var extra: [String] = []
    if let spec = specOption.spec { extra += ["--spec", spec] }
    if let alpha { extra += ["--alpha", String(alpha)] }
    if let compare { extra += ["--compare", compare] }
    return extra
  }

  /// `--tallies DIR`: checks the merged tallies of a sharded run exactly as the unsharded run
  /// would be checked (the same plan, spec and seed, so the same checks.csv).
  private func checkTallies(_ directory: String) throws {
    guard !plan, runOptions.shard == nil else {
      throw DataError("--tallies checks a merged run as it is; it takes neither --plan nor --shard")
    }
    let record = try TalliedRun.record(folder: directory, set: set)
    try refuseOptionsThatDisagree(with: record, in: directory)
    let cardOptions = planOptions.setOptions.cardOptions
    let tallied = try TalliedRun(record: record, folder: directory, specOption: specOption.spec) {
      (code, rules, boosterMax) throws(DataError) in try cardOptions.loadSet(code, for: rules, boosterMax: boosterMax)
    }
    let (spec, cardSet, plan) = (tallied.spec, tallied.cardSet, tallied.plan)
    let alpha = try checkedAlpha(spec)
    try checkTrialLimit(plan, pools: record.tally.pools)
    let expectations = try Expectations(plan: plan)
    let run = tallied.run(toolVersion: SealedCommand.version, extra: reproducingOptions)
    let recordFile = (name: RunRecord.fileName, contents: tallied.wholeRecord(run: run).encoded())
    let folder = try ReportFolder(
      path: runOptions.out ?? "reports/\(plan.reportName)",
      writes: ReportFile.checkFolder.names, force: runOptions.force)
    let interrupt = InterruptFlag()
    defer { interrupt.restore() }
    let outcome = try CheckOutcome(
      plan: plan, expectations: expectations, tally: record.tally, seed: record.seed,
      comparisons: try ComparedRules.plans(compare: compare, for: cardSet, rulesName: plan.rulesName, spec: spec), run: run, record: recordFile,
      alpha: alpha, threads: runOptions.threads, shouldStop: { interrupt.isRaised })
    Note.replaced(try folder.commit(outcome.files), in: folder.path)
    let stopped = outcome.interrupted ? (done: record.tally.pools, requested: record.tally.pools) : nil
    print(
      VerdictTable.render(
        outcome.checks, plan: plan, spec: spec, alpha: alpha, pools: record.tally.pools, seed: record.seed,
        terminal: .standardOutput, interrupted: stopped),
      terminator: "")
    print("\(plan.setCode) · \(plan.rulesName) · seed \(record.seed): \(record.tally.pools) pools checked from \(directory)")
    print("reports: \(folder.path)/")
    if outcome.interrupted { throw CommandFailure(status: 130) }
    if !outcome.checks.passed { throw CommandFailure(status: 1) }
  }

  private func printPlan(_ runner: SimulationRunner, alpha: Double) throws {
    try StatisticalOptions.checkPlanEffect(deviation: deviation, ratio: ratio, power: power)
    let checkPlan = try CheckPlan.sampled(
      plan: runner.plan, expectations: runner.expectations, seed: runner.seed, alpha: alpha, deviation: deviation,
      ratio: ratio, power: power)
    print(PlanTable.render(checkPlan, plan: runner.plan), terminator: "")
  }
}
