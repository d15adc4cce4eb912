import Dispatch
import Foundation
import Synchronization
import SealedSupport
import SealedLoops
import SealedRules

/// Runs many pools of a plan in parallel and tallies them.
///
/// Work is cut into chunks of `chunkPools` pools. Chunk c always uses the random stream
/// derived from (seed, c) and starts from freshly ordered sheets, so its pools do not depend on
/// which thread runs it or on the thread count; integer tallies then add up to the same totals.
/// Memory does not grow with the number of pools: each thread owns one engine and one set of
/// 32-bit chunk counters.
public enum Simulation {
  /// Pools per chunk. Part of the definition of a run: changing it changes the pools a seed gives.
  package static let chunkPools = 4096
  /// The version of the way a seed becomes pools: it changes whenever the same seed would give
  /// other pools, so that reports and shards of different generators are told apart. Version 2
  /// (Sealed 0.2.0): picks in batches tested before drawing, variant choices as exact digits.
  /// Version 3: foils, and colour-balanced draws (a balanced draw that opens a booster chooses
  /// its allocation to colour groups by an alias table, then picks like any other draw).
  /// Version 4: a segment's alternative comes from one random number instead of two; one card
  /// of a weighted sheet or of a sheet partly inside some lane (a rare slot with mythics, the
  /// foil) is picked by an alias table over the sheet's cards; a balanced draw's card of each
  /// colour is picked with the booster's other fixed picks, before its remaining cards.
  /// Version 5: a draw of several cards from a weighted sheet (distinct cards of a sheet stored
  /// as a weight table, any cards of one stored as an alias table) is a segment of the fast
  /// path, drawn after the booster's fixed picks (an alias table's card by one random number,
  /// not two), where its program was drawn booster by booster, draw by draw, in position order.
  package static let generatorVersion = 5

  /// What to run.
  public struct Request: Sendable {
    package var plan: BoosterPlan
    package var pools: Int
    package var seed: UInt64
    package var threads: Int
    /// Run only part `index` (1-based) of `count` equal parts of the chunks.
    package var shard: Shard
    /// When the run draws with a loop compiled for its plan (`CompiledLoop`): the same pools
    /// either way.
    package var compiledLoop: CompiledLoopUse = .whenWorthIt
    /// Where the compiled loop's compiler and cache are found (`SEALED_CC`, `SEALED_HOME`).
    package var loopEnvironment: [String: String] = ProcessInfo.processInfo.environment

    public init(plan: BoosterPlan, pools: Int, seed: UInt64, threads: Int, shard: Shard = .whole) {
      self.plan = plan
      self.pools = pools
      self.seed = seed
      self.threads = threads
      self.shard = shard
    }
  }

  /// Part K of N of a run, split on chunk boundaries.
  public struct Shard: Sendable, Equatable, CustomStringConvertible {
    package var index: Int
    package var count: Int

    public static let whole = Shard(index: 1, count: 1)

    package init(index: Int, count: Int) {
      self.index = index
      self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// The chunks of this shard among `chunks` chunks.
    package func chunks(of chunks: Int) -> Range<Int> {
      let lower = chunks * (index - 1) / count
      let upper = chunks * index / count
      return lower..<upper
    }
  }

  /// What came out.
  public struct Result: Sendable {
    public var tally: SimulationTally
    /// Pools run; fewer than requested when the run was interrupted.
    package var completedPools: Int
    package var interrupted: Bool
    package var elapsedSeconds: Double
    /// Threads that ran: the request's, at most one per chunk.
    package var threads: Int
    /// When the run started.
    package var startedAt: Date
    /// The chunks drawn with the plan's compiled loop (the others from the engine's tables).
    package var chunksDrawnWithLoop = 0
  }


  /// Runs the request. `progress` is called from worker threads with the pools completed so
  /// far; `shouldStop` is polled between chunks, and when it returns true the run finishes the
  /// chunks already started and reports those (always a prefix of the shard's chunks).
  public static func run(
    _ request: Request,
    progress: (@Sendable (Int) -> Void)? = nil,
    shouldStop: (@Sendable () -> Bool)? = nil
  ) -> Result {
    let plan = request.plan
    let chunks = request.shardChunks
    let state = RunState(firstChunk: chunks.lowerBound)
    let threadCount = max(1, min(request.threads, chunks.count))
    let partials = Mutex<[SimulationTally]>([])
    let startedAt = Date()
    let start = DispatchTime.now()

    let tables = EngineTables(plan: plan)
    let loop = LoopInTheBackground(
      tables: tables, environment: request.loopEnvironment,
      wanted: request.compiledLoop.wanted(boosters: request.shardPools * tables.boostersPerPool, threads: threadCount),
      inTheBackground: request.compiledLoop != .always)
    DispatchQueue.concurrentPerform(iterations: threadCount) { _ in
      let total = work(request, tables, loop, chunks, state, progress, shouldStop)
      partials.withLock { $0.append(total) }
    }
    // A stopped run does not wait for the compiler (the loop is the next run's to compile).
    if shouldStop?() != true { loop.waitUntilDone() }

    var tally = SimulationTally(plan: plan)
    for partial in partials.withLock({ $0 }) { tally.add(partial) }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let expected = request.shardPools
    return Result(
      tally: tally, completedPools: tally.pools, interrupted: tally.pools < expected,
      elapsedSeconds: elapsed, threads: threadCount, startedAt: startedAt,
      chunksDrawnWithLoop: state.loopChunks.load(ordering: .relaxed))
  }

  /// Counters shared by a run's threads.
  private final class RunState: Sendable {
    let next: Atomic<Int>
    let completed = Atomic<Int>(0)
    let loopChunks = Atomic<Int>(0)

    init(firstChunk: Int) {
      next = Atomic(firstChunk)
    }
  }

  /// One thread's loop: claim the next chunk until none is left (or a stop is requested),
  /// drawing from the tables until the plan's loop is compiled, then with it (the same pools).
  private static func work(
    _ request: Request, _ tables: EngineTables, _ loop: LoopInTheBackground, _ chunks: Range<Int>, _ state: RunState,
    _ progress: (@Sendable (Int) -> Void)?, _ shouldStop: (@Sendable () -> Bool)?
  ) -> SimulationTally {
    var sampler = PoolSampler(tables: tables, loop: loop.ready)
    var earlier = SimulationTally(tables: tables)
    while true {
      if shouldStop?() == true { break }
      let chunk = state.next.wrappingAdd(1, ordering: .relaxed).oldValue
      guard chunk < chunks.upperBound else { break }
      if !sampler.drawsWithCompiledLoop, let compiled = loop.ready {
        earlier.add(sampler.tally)
        sampler = PoolSampler(tables: tables, loop: compiled)
      }
      let pools = request.pools(inChunk: chunk)
      var rng = Xoshiro256StarStar(seed: request.seed, stream: UInt64(chunk))
      sampler.resetPermutations()
      sampler.generate(pools: pools, using: &rng)
      if sampler.drawsWithCompiledLoop { state.loopChunks.wrappingAdd(1, ordering: .relaxed) }
      let done = state.completed.wrappingAdd(pools, ordering: .relaxed).newValue
      progress?(done)
    }
    earlier.add(sampler.tally)
    return earlier
  }

  /// The first `count` pools of a run with `seed`, exactly as `run` generates them.
  /// Cost: proportional to the pools of the chunks they fall in.
  package static func openPools(_ plan: BoosterPlan, seed: UInt64, count: Int) -> [OpenedPool] {
    var pools: [OpenedPool] = []
    forEachChunk(of: plan, seed: seed, count: count) { pools += $0 }
    return pools
  }

  /// Calls `body` with the first `count` pools of a run with `seed`, one chunk of pools at a
  /// time, so that long sample files need not hold every pool in memory.
  package static func forEachChunk<E: Error>(
    of plan: BoosterPlan, seed: UInt64, count: Int, _ body: ([OpenedPool]) throws(E) -> Void
  ) throws(E) {
    let sampler = PoolSampler(plan: plan)
    var done = 0
    var chunk = 0
    while done < count {
      var rng = Xoshiro256StarStar(seed: seed, stream: UInt64(chunk))
      sampler.resetPermutations()
      let pools = sampler.open(pools: min(chunkPools, count - done), using: &rng)
      try body(pools)
      done += pools.count
      chunk += 1
    }
  }
}
