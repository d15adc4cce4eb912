import SealedRules

/// The arithmetic of a run's chunks and shards, in one place: what the run layer validates a
/// request by, what the engine runs, what a merge expects of each shard and what progress
/// counts towards. Every function is O(1).
extension Simulation.Request {
  /// Why a request cannot run.
  package enum Problem: Equatable, Sendable {
    /// No pools, or fewer than none.
    case noPools
    /// More pools than can be counted exactly (every count stays below 2^53, so that
    /// proportions are exact as `Double`s); `limit` is the most for the plan.
    case tooManyPools(limit: Int)
    /// Not a shard K/N with 1 <= K <= N.
    case invalidShard
    /// More shards than the run has chunks: some shard would be empty.
    case moreShardsThanChunks(chunks: Int)
  }

  /// Chunks of the whole run (the last one may be partly filled).
  package var chunkCount: Int { Simulation.chunkCount(pools: pools, chunkPools: Simulation.chunkPools) }

  /// The chunks this request runs: its shard's.
  package var shardChunks: Range<Int> { shard.chunks(of: chunkCount) }

  /// The pools this request runs: its shard's.
  package var shardPools: Int { shard.pools(ofRun: pools, chunkPools: Simulation.chunkPools) }

  /// The pools of chunk `chunk` of the run.
  package func pools(inChunk chunk: Int) -> Int { min(Simulation.chunkPools, pools - chunk * Simulation.chunkPools) }

  /// The most pools a run of `plan` may have: every card count of a run stays exact as a
  /// `Double` (below 2^53).
  package static func maximumPools(for plan: BoosterPlan) -> Int {
    (1 << 53) / (plan.boostersPerPool * max(plan.maxBoosterSize, 1))
  }

  /// What keeps the request from running, or nil when it can run.
  package var problem: Problem? {
    guard pools > 0 else { return .noPools }
    let limit = Self.maximumPools(for: plan)
    guard pools <= limit else { return .tooManyPools(limit: limit) }
    guard shard.count >= 1, shard.index >= 1, shard.index <= shard.count else { return .invalidShard }
    guard shard.count <= chunkCount else { return .moreShardsThanChunks(chunks: chunkCount) }
    return nil
  }
}

extension Simulation {
  /// Chunks of a run of `pools` pools in chunks of `chunkPools` (a recorded run's, which may
  /// predate this generator's).
  package static func chunkCount(pools: Int, chunkPools: Int) -> Int { (pools + chunkPools - 1) / chunkPools }
}

extension Simulation.Shard {
  /// The pools this shard of a run of `pools` pools in chunks of `chunkPools` holds.
  package func pools(ofRun pools: Int, chunkPools: Int) -> Int {
    let range = chunks(of: Simulation.chunkCount(pools: pools, chunkPools: chunkPools))
    return min(range.upperBound * chunkPools, pools) - range.lowerBound * chunkPools
  }
}
