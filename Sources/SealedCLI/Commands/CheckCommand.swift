import ArgumentParser
import Foundation
import SealedCore
import SealedStats

/// `sealed check`: simulate, test the counts against the rules and a spec, report a verdict.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Simulate pools and test them against the rules' own expectations and a spec's claims.",
    discussion: """
      Checks derived from the rules: rarity per slot, every card's frequency within its sheet, \
      declared events, mythic fairness, exact invariants. A spec adds claims (the built-in spec \
      "sealed" restates the original article's; it is the default for the "sealed" rules). \
      p-values are Holm-adjusted over the run; a run passes when every adjusted p-value is at \
      least alpha and every invariant holds. Writes the simulation CSVs plus checks.csv and \
      mythic_fairness.csv. Exit status: 0 all checks pass, 1 a check fails, 2 bad input.
      """)

  @Argument(help: "The set code, for example war.")
  var set: String

  @OptionGroup var planOptions: PlanOptions
  @OptionGroup var runOptions: RunOptions

  @Option(help: ArgumentHelp("A built-in spec (sealed) or a YAML spec file; 'none' for the rules' own checks only. Default: the built-in spec named like the rules, if any.", valueName: "name|file"))
  var spec: String?

  @Option(help: ArgumentHelp("Significance level (default: the spec's, else 0.001).", valueName: "a"))
  var alpha: Double?

  @Option(help: ArgumentHelp("Other rule sets to simulate for the mythic fairness table (comma separated, or none). Default: the other built-ins that cover the set.", valueName: "names"))
  var compare: String?

  @Flag(help: "Print the pools needed to detect --deviation in each proportion with --power, and stop.")
  var plan = false

  @Option(help: ArgumentHelp("For --plan: the deviation of a proportion to detect.", valueName: "d"))
  var deviation: Double = 0.02

  @Option(help: ArgumentHelp("For --plan: the probability of detecting it.", valueName: "p"))
  var power: Double = 0.9

  func run() throws {
    let spec = try loadSpec()
    let alpha = self.alpha ?? spec?.alpha ?? 0.001
    guard alpha > 0 && alpha < 1 else { throw DataError("--alpha \(alpha): expected a level between 0 and 1") }
    guard runOptions.shard == nil else {
      throw DataError("--shard: sealed check tests whole runs; shard with sealed simulate and sealed merge instead")
    }
    let runner = try SimulationRunner(
      set: set, planOptions: planOptions, options: runOptions, spec: spec,
      extraFiles: ["checks.csv", "mythic_fairness.csv"])
    let trialLimit = Distributions.maximumBinomialTrials / runner.plan.boostersPerPool
    guard runner.pools <= trialLimit else {
      throw DataError("--pools \(runner.pools): sealed check tests at most \(trialLimit) pools (its exact binomial tests take at most 2^38 boosters); use sealed simulate for larger runs")
    }
    if plan {
      try printPlan(runner, alpha: alpha)
      return
    }
    let comparisons = try comparisonPlans(for: runner)

    let started = Date()
    let result = runner.simulate()
    let info = runner.runInfo(result)
    let checks = try statistics { () throws(StatisticsError) in
      try CheckRun(plan: runner.plan, expectations: runner.expectations, tally: result.tally, alpha: alpha)
    }
    var fairness = [MythicFairness(rules: runner.plan.rulesName, tally: result.tally, expectations: runner.expectations)]
    let comparing = Date()
    for (comparison, expectations) in comparisons {
      let tally = Simulation.run(
        .init(plan: comparison, pools: result.completedPools, seed: runner.seed, threads: runOptions.threads)).tally
      fairness.append(MythicFairness(rules: comparison.rulesName, tally: tally, expectations: expectations))
    }
    let comparisonSeconds = Date().timeIntervalSince(comparing)

    var files = runner.reportFiles(result, run: info)
    files.append(("checks.csv", checks.table.text))
    files.append(("mythic_fairness.csv", MythicFairness.table(fairness).text))
    let samples = try runner.commit(files)
    print(VerdictTable.render(checks, plan: runner.plan, spec: spec, alpha: alpha, result: result, seed: runner.seed, terminal: .standardOutput), terminator: "")
    print(runner.summary(result))
    print(
      String(
        format: "whole run: %.2f s (simulation %.2f s, %d --compare simulation(s) %.2f s, checks and reports the rest)",
        Date().timeIntervalSince(started), result.elapsedSeconds, comparisons.count, comparisonSeconds))
    print("reports: \(runner.folder.path)/")
    if let samples { print("samples: \(samples)") }
    if result.interrupted { throw CommandFailure(status: 130) }
    if !checks.passed { throw CommandFailure(status: 1) }
  }

  private func loadSpec() throws(DataError) -> SpecDefinition? {
    if let spec {
      return spec == "none" ? nil : try SpecLoader.load(spec)
    }
    return SpecLoader.builtInNames.contains(planOptions.rules) ? try SpecLoader.builtIn(planOptions.rules) : nil
  }

  /// The other rule sets of the mythic fairness table, compiled for the same set.
  private func comparisonPlans(for runner: SimulationRunner) throws(DataError) -> [(BoosterPlan, Expectations)] {
    let names: [String]
    if let compare {
      names = compare == "none" ? [] : compare.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    } else {
      names = RuleSetLoader.builtInNames.filter { $0 != runner.plan.rulesName }
    }
    var plans: [(BoosterPlan, Expectations)] = []
    let cardSet = runner.cardSet
    for name in names {
      let rules = try RuleSetLoader.load(name)
      if compare == nil, let covered = rules.appliesTo, !covered.contains(cardSet.code) { continue }
      let plan = try PlanCompiler.compile(rules, for: cardSet)
      plans.append((plan, try Expectations(plan: plan)))
    }
    return plans
  }

  private func printPlan(_ runner: SimulationRunner, alpha: Double) throws {
    guard deviation > 0 && deviation < 1 else { throw DataError("--deviation \(deviation): expected a value between 0 and 1") }
    guard power > 0 && power < 1 else { throw DataError("--power \(power): expected a value between 0 and 1") }
    // Count the run's statistical checks on a small simulation: the list depends on the plan only.
    let sample = Simulation.run(.init(plan: runner.plan, pools: Simulation.chunkPools, seed: runner.seed, threads: 1)).tally
    let checkPlan = try statistics { () throws(StatisticsError) in
      let tests = try CheckRun(plan: runner.plan, expectations: runner.expectations, tally: sample, alpha: alpha).testCount
      return try CheckPlan(plan: runner.plan, expectations: runner.expectations, alpha: alpha, deviation: deviation, power: power, tests: tests)
    }
    print(PlanTable.render(checkPlan, plan: runner.plan), terminator: "")
  }
}
