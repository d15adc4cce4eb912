import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats

/// A checked run's report made whole (`sealed check`, simulated or from merged tallies): the
/// `--compare` rule sets simulated over the same pools and seed, then the checks and the
/// report folder's files (`CheckReport`). Both kinds of run go through it, so both give the
/// same `checks.csv`.
package struct CheckOutcome {
  package let checks: CheckRun
  package let files: [(name: String, contents: String)]
  /// The `--compare` simulations that ran whole, and the seconds they took.
  package let comparisonsRun: Int
  package let comparisonSeconds: Double
  /// Whether Ctrl-C stopped the run: its own simulation (`run.interrupted`) or a comparison.
  package let interrupted: Bool

  /// Simulates `comparisons` (none once `shouldStop` says so, or when `run` was interrupted)
  /// and tests `tally` at `alpha`; `record` is the run's `tallies.json`. Cost: one simulation
  /// per compared rule set, as long as the run's own, then the checks (`CheckReport`). Throws
  /// a one-line `DataError` when a statistic cannot be computed or the page cannot be rendered.
  package init(
    plan: BoosterPlan, expectations: Expectations, tally: SimulationTally, seed: UInt64,
    comparisons: [(BoosterPlan, Expectations)], run given: RunInfo, record: (name: String, contents: String),
    alpha: Double, threads: Int, shouldStop: @escaping @Sendable () -> Bool
  ) throws(DataError) {
    var run = given
    let comparing = Date()
    let compared = run.interrupted ? [] : ComparedRules.simulate(
      comparisons, pools: tally.pools, seed: seed, threads: threads, shouldStop: shouldStop)
    comparisonSeconds = Date().timeIntervalSince(comparing)
    if shouldStop() { run.interrupted = true }
    let report = try CheckReport(
      plan: plan, expectations: expectations, tally: tally, run: run, record: record, alpha: alpha, compared: compared)
    checks = report.checks
    files = report.files
    comparisonsRun = compared.count
    interrupted = run.interrupted
  }
}

extension CheckPlan {
  /// The pools `sealed check --plan` needs: its statistical checks, listed from a small
  /// simulation of `plan` (one chunk of pools from `seed`: which checks a run makes depends
  /// on the plan only), each with the pools to detect `deviation` (proportions) or `ratio`
  /// (chi-square claims) with `power`. Cost: one chunk simulated on one thread, then the
  /// checks once.
  package static func sampled(
    plan: BoosterPlan, expectations: Expectations, seed: UInt64, alpha: Double, deviation: Double, ratio: Double,
    power: Double
  ) throws(DataError) -> CheckPlan {
    let sample = Simulation.run(.init(plan: plan, pools: Simulation.chunkPools, seed: seed, threads: 1)).tally
    return try statistics { () throws(StatisticsError) in
      let run = try CheckRun(plan: plan, expectations: expectations, tally: sample, alpha: alpha)
      return try CheckPlan(
        plan: plan, expectations: expectations, alpha: alpha, deviation: deviation, ratio: ratio, power: power, sample: run)
    }
  }
}
