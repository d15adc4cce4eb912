import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats
import SealedCheck

/// A `sealed check` run, validated once and run later with progress and stop callbacks: the
/// same library parts in the same order as the command (`CheckOutcome`, `CheckReport`,
/// `ReportFolder`), so the browser's check writes the report folder `sealed check SET --rules
/// RULES --pools N --seed S --out DIR` writes.
///
/// This is the one file that knows how a check is put together; when the run layer's
/// `CheckJob` is on main, it replaces this file.
struct PreparedCheck: Sendable {
  /// What a finished (or stopped) check gives the page.
  struct Outcome: Sendable {
    var verdict: String
    var passed: Bool
    var interrupted: Bool
  }

  let plan: BoosterPlan
  let rules: String
  let rulesText: String
  let expectations: Expectations
  let spec: SpecDefinition?
  let comparisons: [(BoosterPlan, Expectations)]
  let pools: Int
  let seed: UInt64
  let threads: Int
  let alpha: Double
  let folder: String

  /// Loads the rules, the spec they name and the cards, compiles the plan and checks the
  /// report folder, before any work. Throws a one-line `DataError` for anything wrong.
  init(set: String, rules: String, pools: Int, seed: UInt64, out: String, loader: CardSetLoader) throws(DataError) {
    let definition = try RuleSetLoader.load(rules)
    let spec = try SpecLoader.load(namedBy: definition)
    let cardSet = try loader.cardSet(set, for: definition)
    plan = try PlanCompiler.compile(definition, for: cardSet, spec: spec)
    let trialLimit = Distributions.maximumBinomialTrials / plan.boostersPerPool
    guard pools >= 1, pools <= trialLimit else {
      throw DataError("pools \(pools): expected 1 to \(trialLimit) pools for a check of this product")
    }
    self.rules = rules
    rulesText = definition.text
    expectations = try Expectations(plan: plan)
    self.spec = spec
    comparisons = try ComparedRules.plans(compare: nil, for: cardSet, rulesName: plan.rulesName, spec: spec)
    self.pools = pools
    self.seed = seed
    threads = ProcessInfo.processInfo.activeProcessorCount
    alpha = spec?.alpha ?? CheckRun.defaultAlpha
    folder = out
    _ = try ReportFolder(path: out, writes: ReportFile.checkFolder.names)
  }

  /// Simulates, checks and writes the report folder; `progress` hears the pools done,
  /// `shouldStop` is polled between chunks (a stopped run writes the report of the pools done,
  /// with no verdict). Cost: the simulation, as long as `sealed check`'s.
  func run(progress: @escaping @Sendable (Int) -> Void, shouldStop: @escaping @Sendable () -> Bool) throws(DataError) -> Outcome {
    let result = Simulation.run(
      Simulation.Request(plan: plan, pools: pools, seed: seed, threads: threads), progress: progress, shouldStop: shouldStop)
    let run = RunInfo(
      toolVersion: SealedVersion.current, seed: seed, poolsRequested: pools, threads: result.threads,
      elapsedSeconds: result.elapsedSeconds, startedAt: RunInfo.timestamp(result.startedAt), interrupted: result.interrupted,
      command: ReproduceCommand.make("check", set: plan.setCode, rules: rules, pools: pools, seed: seed))
    let record = RunRecord(plan: plan, rulesText: rulesText, run: run, shard: .whole, tally: result.tally, spec: spec)
    let outcome = try CheckOutcome(
      plan: plan, expectations: expectations, tally: result.tally, seed: seed, comparisons: comparisons, run: run,
      record: (RunRecord.fileName, record.encoded()), alpha: alpha, threads: threads, shouldStop: shouldStop)
    let reportFolder = try ReportFolder(path: folder, writes: ReportFile.checkFolder.names)
    _ = try reportFolder.commit(outcome.files)
    let stopped = outcome.interrupted ? (done: result.completedPools, requested: pools) : nil
    return Outcome(
      verdict: outcome.checks.summary(interrupted: stopped).text, passed: outcome.checks.passed && !outcome.interrupted,
      interrupted: outcome.interrupted)
  }
}
