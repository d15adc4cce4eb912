import Foundation
import SealedEngine
import SealedJobs

/// The line `simulate` and `check` print about a simulation and its speed.
enum SimulationSummary {
  static func line(_ job: SimulationJob, _ result: Simulation.Result) -> String {
    let boosters = result.tally.boosters
    let rate = result.elapsedSeconds > 0 ? Double(boosters) / result.elapsedSeconds : 0
    let request = job.request
    var line = "\(job.plan.setCode) · \(job.plan.rulesName) · seed \(request.seed): \(result.completedPools) pools (\(boosters) boosters)"
    if request.shard != .whole { line += " · shard \(request.shard)" }
    line += String(format: " in %.2f s on %d thread(s), %@ boosters/s", result.elapsedSeconds, result.threads, ProgressBar.compact(rate))
    if result.interrupted { line += " · INTERRUPTED after \(result.completedPools) of \(request.shardPools) pools" }
    return line
  }
}
