import Foundation
import SealedSupport
import SealedRules
import SealedJobs

/// What `sealed check` prints after its run: for one shard, its summary and what to do next;
/// else the verdict table, the run's lines and where the reports went; `started` is when the
/// command began (its whole run: reading the options' files, loading the cards and rules,
/// compiling them, simulating, checking and writing the reports). Throws the exit status of an
/// interrupted run (130) or a failed check (1). `specDeclined`: `--spec none` was given.
enum CheckOutput {
  static func print(
    _ outcome: CheckJob.Outcome, of job: CheckJob, spec: SpecDefinition?, samples: String?, started: Date,
    specDeclined: Bool = false
  ) throws {
    if let simulation = job.simulation, job.isShard, let result = outcome.simulation {
      Swift.print(SimulationSummary.line(simulation, result))
      Swift.print("reports: \(job.folder.path)/")
      Swift.print("next: sealed merge the shards' folders, then sealed check \(job.plan.setCode) --tallies MERGED")
      if outcome.interrupted { throw CommandFailure(status: 130) }
      return
    }
    guard let checks = outcome.checks else { return }
    let stopped = outcome.interrupted ? (done: outcome.pools, requested: outcome.poolsRequested) : nil
    Swift.print(
      VerdictTable.render(
        checks, plan: job.plan, spec: spec, alpha: job.alpha, pools: outcome.pools, seed: job.seed, terminal: .standardOutput,
        interrupted: stopped, specDeclined: specDeclined),
      terminator: "")
    if let simulation = job.simulation, let result = outcome.simulation {
      Swift.print(SimulationSummary.line(simulation, result))
      Swift.print(
        String(
          format: "whole run: %.2f s (simulation %.2f s, %d of %d --compare simulation(s) %.2f s, checks and reports the rest)",
          Date().timeIntervalSince(started), result.elapsedSeconds, outcome.comparisonsRun, outcome.comparisons, outcome.comparisonSeconds))
    } else if let directory = job.talliesDirectory {
      Swift.print("\(job.plan.setCode) · \(job.plan.rulesName) · seed \(job.seed): \(outcome.pools) pools checked from \(directory)")
    }
    Swift.print("reports: \(job.folder.path)/")
    if let samples { Swift.print("samples: \(samples)") }
    if outcome.interrupted { throw CommandFailure(status: 130) }
    if !checks.passed { throw CommandFailure(status: 1) }
  }
}
