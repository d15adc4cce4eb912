import Foundation
@testable import SealedCLI
import SealedEngine
import SealedJobs
import SealedSupport
import SealedTestSupport
import Testing

/// The line `simulate` and `check` print for a shard Ctrl-C stopped counts the shard's pools:
/// it said "INTERRUPTED after 4096 of 40960 pools" for a shard of 20,480 (a review).
@Suite struct ShardSummaryLineTests {
  func job(shard: Simulation.Shard) throws -> SimulationJob {
    var settings = SimulationJob.Settings(source: PlanSource(set: "war", cards: Fixtures.shippedCards), toolVersion: "test")
    (settings.pools, settings.seed, settings.threads, settings.shard) = (WholeNumber(40_960), 1, WholeNumber(1), shard)
    settings.out = try Fixtures.temporaryDirectory().appendingPathComponent("r").path
    return try SimulationJob(settings)
  }

  @Test func anInterruptedShardCountsItsOwnPools() throws {
    let shard = try job(shard: Simulation.Shard(index: 2, count: 2))
    #expect(shard.request.shardPools == 20_480)
    // Stopped at once, before its first chunk.
    let outcome = try shard.run(shouldStop: { true })
    #expect(outcome.result.interrupted)
    let line = SimulationSummary.line(shard, outcome.result)
    #expect(line.contains(" · shard 2/2 "), "\(line)")
    #expect(line.hasSuffix(" · INTERRUPTED after \(outcome.result.completedPools) of 20480 pools"), "\(line)")
    let whole = try job(shard: .whole)
    let stopped = try whole.run(shouldStop: { true })
    #expect(SimulationSummary.line(whole, stopped.result).hasSuffix(" of 40960 pools"))
  }
}
