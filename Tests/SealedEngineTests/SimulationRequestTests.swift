import SealedSupport
import SealedRules
@testable import SealedEngine
import SealedTestSupport
import Testing

/// The chunk and shard arithmetic of `Simulation.Request`, in one place for the engine, the
/// run layer, merges and progress.
@Suite struct SimulationRequestTests {
  static let plan = Result(catching: { try ShippedData.plan("war") })

  func request(pools: Int, shard: Simulation.Shard = .whole) throws -> Simulation.Request {
    Simulation.Request(plan: try Self.plan.get(), pools: pools, seed: 1, threads: 2, shard: shard)
  }

  /// A run of n pools has ceil(n / 4096) chunks; its shards cover them once, in order, and
  /// their pools add up to the run's, whatever the number of shards.
  @Test(arguments: [1, 4096, 4097, 3 * 4096 + 100, 1_000_000])
  func shardsPartitionTheChunksAndThePools(_ pools: Int) throws {
    let whole = try request(pools: pools)
    #expect(whole.chunkCount == (pools + 4095) / 4096)
    #expect(whole.shardPools == pools && whole.problem == nil)
    for count in 1...min(whole.chunkCount, 7) {
      let shards = try (1...count).map { try request(pools: pools, shard: Simulation.Shard(index: $0, count: count)) }
      #expect(shards.reduce(0) { $0 + $1.shardPools } == pools)
      #expect(shards.map(\.shardChunks.lowerBound) == [0] + shards.dropLast().map(\.shardChunks.upperBound))
      #expect(shards.last?.shardChunks.upperBound == whole.chunkCount)
      for shard in shards {
        #expect(shard.shardPools == shard.shardChunks.reduce(0) { $0 + shard.pools(inChunk: $1) })
      }
    }
  }

  /// The problems a request can have, each from the number that causes it.
  @Test func problemsNameTheirLimit() throws {
    let plan = try Self.plan.get()
    // 6 boosters of at most 14 cards: 2^53 / 84 pools.
    #expect(plan.boostersPerPool == 6 && plan.maxBoosterSize == 14)
    #expect(Simulation.Request.maximumPools(for: plan) == (1 << 53) / 84)
    #expect(try request(pools: 0).problem == .noPools)
    #expect(try request(pools: (1 << 53) / 84 + 1).problem == .tooManyPools(limit: (1 << 53) / 84))
    #expect(try request(pools: (1 << 53) / 84).problem == nil)
    #expect(try request(pools: 10, shard: Simulation.Shard(index: 3, count: 2)).problem == .invalidShard)
    #expect(try request(pools: 10, shard: Simulation.Shard(index: 0, count: 2)).problem == .invalidShard)
    #expect(try request(pools: 5000, shard: Simulation.Shard(index: 1, count: 3)).problem == .moreShardsThanChunks(chunks: 2))
    #expect(try request(pools: 5000, shard: Simulation.Shard(index: 2, count: 2)).problem == nil)
  }

  /// The engine runs exactly the shard's pools.
  @Test func theEngineRunsTheShardsPools() throws {
    let shard = try request(pools: 3 * 4096 + 100, shard: Simulation.Shard(index: 3, count: 3))
    let result = Simulation.run(shard)
    #expect(result.tally.pools == shard.shardPools && shard.shardPools == 4096 + 100)
    #expect(!result.interrupted)
  }
}
