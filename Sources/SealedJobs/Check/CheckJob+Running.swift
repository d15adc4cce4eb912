import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats

extension CheckJob {
  /// Runs the check: simulates (a shard stops there: its report and tallies, with the spec's
  /// counting lanes, are for `sealed merge`), simulates the `--compare` rule sets over the same
  /// pools and seed, tests the counts and makes the report folder's files. `progress` hears
  /// the pools of the run's own simulation done so far; `step` (for a live page) hears every
  /// step: the run's own simulation, each comparison's, then the tests; `shouldStop` stops the
  /// simulation and every comparison, and the outcome is then interrupted (no verdict). Throws
  /// when a statistic cannot be computed or the page cannot be rendered.
  package func run(
    progress: (@Sendable (Int) -> Void)? = nil, step: (@Sendable (Step) -> Void)? = nil,
    shouldStop: @escaping @Sendable () -> Bool = { false }
  ) throws(DataError) -> Outcome {
    let progress = Self.progress(progress, step)
    step?(.simulating(done: 0))
    switch counts {
    case .simulation(let job) where job.request.shard != .whole:
      let simulated = try job.run(progress: progress, shouldStop: shouldStop)
      return Outcome(
        checks: nil, files: simulated.files, simulation: simulated.result, pools: simulated.result.completedPools,
        poolsRequested: job.request.pools, comparisonsRun: 0, comparisons: 0, comparisonSeconds: 0,
        interrupted: simulated.result.interrupted, elapsedSeconds: simulated.result.elapsedSeconds)
    case .simulation(let job):
      let started = Date()
      let result = job.simulate(progress: progress, shouldStop: shouldStop)
      let run = job.runInfo(result)
      return try checked(
        tally: result.tally, run: run, record: job.recordFile(result, run: run), simulation: result,
        poolsRequested: job.request.pools, started: started, step: step, shouldStop: shouldStop)
    case .tallies(let tallied, _, _):
      let started = Date()
      let run = tallied.run(toolVersion: toolVersion, extra: reproducingOptions)
      let record = (name: RunRecord.fileName, contents: tallied.wholeRecord(run: run).encoded())
      return try checked(
        tally: tallied.record.tally, run: run, record: record, simulation: nil, poolsRequested: tallied.record.tally.pools,
        started: started, step: step, shouldStop: shouldStop)
    }
  }

  /// The simulation's progress callback: `progress`, and `step` as `.simulating`.
  private static func progress(
    _ progress: (@Sendable (Int) -> Void)?, _ step: (@Sendable (Step) -> Void)?
  ) -> (@Sendable (Int) -> Void)? {
    guard let step else { return progress }
    return { done in
      progress?(done)
      step(.simulating(done: done))
    }
  }

  /// The comparisons, the checks and the files of a run whose counts are `tally`.
  private func checked(
    tally: SimulationTally, run given: RunInfo, record: (name: String, contents: String), simulation: Simulation.Result?,
    poolsRequested: Int, started: Date, step: (@Sendable (Step) -> Void)?, shouldStop: @escaping @Sendable () -> Bool
  ) throws(DataError) -> Outcome {
    var run = given
    let comparingSince = Date()
    let names = comparisons.map { $0.0.rulesName }
    var comparing: (@Sendable (Int, Int) -> Void)? = nil
    if let step {
      comparing = { index, done in step(.comparing(rules: names[index], number: index + 1, count: names.count, done: done)) }
    }
    let compared = run.interrupted ? [] : ComparedRules.simulate(
      comparisons, pools: tally.pools, seed: seed, threads: threads, shouldStop: shouldStop, progress: comparing)
    let comparisonSeconds = Date().timeIntervalSince(comparingSince)
    if shouldStop() { run.interrupted = true }
    step?(.testing)
    let report = try CheckReport(
      plan: plan, expectations: expectations, tally: tally, run: run, record: record, alpha: alpha, spec: spec?.name,
      note: stageNote, compared: compared)
    return Outcome(
      checks: report.checks, files: report.files, simulation: simulation, pools: tally.pools, poolsRequested: poolsRequested,
      comparisonsRun: compared.count, comparisons: comparisons.count, comparisonSeconds: comparisonSeconds,
      interrupted: run.interrupted, elapsedSeconds: Date().timeIntervalSince(started))
  }

  /// Writes the outcome's files (and a simulation's samples) into the report folder, whole or
  /// not at all.
  /// An interrupted check replaces an earlier report of its folder (an interrupted one, or any
  /// with --force: `ReportFolder.commit` keeps a complete one) without the comparisons' files it
  /// did not get to write.
  package func write(_ outcome: Outcome) throws(DataError) -> SimulationJob.Written {
    let mayDrop: Set<String> = outcome.interrupted ? [ReportFile.comparisons.name, ReportFile.comparedPoolMythics.name] : []
    switch counts {
    case .simulation(let job): return try job.write(outcome.files, mayDrop: mayDrop)
    case .tallies(_, let folder, _):
      return SimulationJob.Written(replaced: try folder.commit(outcome.files, mayDrop: mayDrop), samples: nil)
    }
  }

  /// `sealed check --plan`: the run's statistical checks, listed from a small simulation of
  /// the plan (one chunk of pools from the seed, on one thread: which checks a run makes
  /// depends on the plan only), each with the pools to detect `deviation` (proportions) or
  /// `ratio` (chi-square claims) with `power`. Cost: one chunk simulated, then the checks once.
  package func plan(deviation: Double, ratio: Double, power: Double) throws(DataError) -> CheckPlan {
    try RunLimits.planEffect(deviation: deviation, ratio: ratio, power: power)
    let sample = Simulation.run(.init(plan: plan, pools: Simulation.chunkPools, seed: seed, threads: 1)).tally
    return try statistics { () throws(StatisticsError) in
      let run = try CheckRun(plan: plan, expectations: expectations, tally: sample, alpha: alpha)
      return try CheckPlan(
        plan: plan, expectations: expectations, alpha: alpha, deviation: deviation, ratio: ratio, power: power, sample: run)
    }
  }
}
