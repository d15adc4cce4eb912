import SealedSupport
import SealedLoops
import SealedRules

/// A single-threaded pool generator with its own tallies: the unit that `Simulation` runs on
/// each thread, and the entry point for benchmarks and embedding.
///
/// Generating costs no allocation per pool or booster: counters are 32-bit buffers allocated
/// once, added into `tally` every `Simulation.chunkPools` pools (so none can overflow). The
/// engine and counters own their buffers and free them when the sampler goes.
public final class PoolSampler {
  public let plan: BoosterPlan
  private let engine: PoolEngine
  private var packed: ChunkTally<PackedLanes>?
  private var wide: ChunkTally<WideLanes>?
  /// The plan's compiled loop, when it has one and it was asked for (`CompiledLoop`).
  private let loop: CompiledLoop?
  /// Everything counted so far.
  public private(set) var tally: SimulationTally

  /// A sampler of `plan`, building the engine's tables for it. With `compilingLoop`, it draws
  /// with a loop compiled for the plan when the plan has one and a C compiler is found
  /// (`CompiledLoop`: the same pools, a quarter to seven tenths faster; compiling costs 0.2 s
  /// or so, once per plan, compiler and machine, kept in Sealed's cache folder). Cost: the
  /// tables, once.
  public convenience init(plan: BoosterPlan, compilingLoop: Bool = false) {
    let tables = EngineTables(plan: plan)
    self.init(tables: tables, loop: compilingLoop ? CompiledLoop.load(for: tables) : nil)
  }

  /// Whether the sampler draws with a compiled loop (see `init(plan:compilingLoop:)`).
  public var drawsWithCompiledLoop: Bool { loop != nil }

  /// A sampler on tables built already (shared by the threads of one run), drawing with `loop`
  /// when given (`CompiledLoop`, compiled for these tables), whose engine otherwise runs
  /// every pool booster by booster when `runsBatchesDirectly` is false (see
  /// `PoolEngine.runsBatchesDirectly`) and repeated picks pick by pick when
  /// `repeatsInRegisters` is false (false is for tests).
  init(
    tables: EngineTables, loop: CompiledLoop? = nil, runsBatchesDirectly: Bool = true, repeatsInRegisters: Bool = true
  ) {
    self.plan = tables.plan
    self.loop = loop
    engine = PoolEngine(tables: tables, runsBatchesDirectly: runsBatchesDirectly, repeatsInRegisters: repeatsInRegisters)
    tally = SimulationTally(tables: tables)
    if plan.maxBoosterSize <= 15 {
      packed = ChunkTally(tables: tables)
    } else {
      wide = ChunkTally(tables: tables)
    }
  }

  /// Puts every sheet back in collector-number order (and every weight table in its original
  /// order), as at the start of a chunk of a run.
  package func resetPermutations() {
    engine.resetPermutations()
  }

  /// Generates `pools` pools and counts them into `tally`. Cost: O(pools × cards per pool).
  public func generate(pools: Int, using rng: inout Xoshiro256StarStar) {
    // A local copy lets the optimiser keep the generator's state in registers.
    var local = rng
    defer { rng = local }
    var remaining = pools
    while remaining > 0 {
      let count = min(remaining, Simulation.chunkPools)
      // The counters are moved out for the chunk and back, so the loop counts into a local.
      if var counters = packed.take() {
        generateChunk(pools: count, using: &local, counters: &counters)
        packed = consume counters
      } else if var counters = wide.take() {
        generateChunk(pools: count, using: &local, counters: &counters)
        wide = consume counters
      }
      remaining -= count
    }
  }

  /// One chunk of at most `Simulation.chunkPools` pools, counted by `counters` and added into
  /// `tally`.
  @inline(__always)
  private func generateChunk<Lanes: LaneCounter>(
    pools: Int, using rng: inout Xoshiro256StarStar, counters: inout ChunkTally<Lanes>
  ) {
    counters.clear()
    engine.clearSiteCounts()
    if let loop {
      counters.draw(pools: pools, with: loop, engine: engine, using: &rng)
    } else {
      engine.generate(pools: pools, using: &rng, observer: &counters)
    }
    counters.add(to: &tally, siteCounts: engine.siteCounts)
  }

  /// Generates `pools` pools without counting anything: the cost of drawing alone, to set
  /// against `generate` (drawing and tallying). Returns a checksum of the boosters' programs
  /// and of the sheets' order afterwards, which every draw changes.
  public func generateUntallied(pools: Int, using rng: inout Xoshiro256StarStar) -> UInt64 {
    var checksum = Checksum()
    engine.generate(pools: pools, using: &rng, observer: &checksum)
    return checksum.value ^ engine.sheetChecksum()
  }

  /// Generates `pools` pools and returns them card by card (allocates; for display).
  package func open(pools: Int, using rng: inout Xoshiro256StarStar) -> [OpenedPool] {
    var recorder = PoolRecorder(tables: engine.tables)
    engine.generate(pools: pools, using: &rng, observer: &recorder)
    return recorder.pools
  }
}

/// An observer that counts nothing and only folds the programs (and the cards of boosters
/// that are handed over anyway) into a number.
private struct Checksum: PoolObserver {
  var value: UInt64 = 0

  mutating func beginPool() {}
  static var needsBoosterCards: Bool { false }
  static var countsCards: Bool { false }

  @inline(__always)
  mutating func chose(booster index: Int, kind: Int, program: Int, record: UnsafePointer<EngineTables.Program>) {
    value = (value &<< 1 | value &>> 63) ^ UInt64(truncatingIfNeeded: program)
  }

  @inline(__always)
  mutating func drew(
    booster index: Int, kind: Int, program: Int, record: UnsafePointer<EngineTables.Program>,
    cards: UnsafePointer<Int32>
  ) {
    for position in 0..<Int(truncatingIfNeeded: record.pointee.size) {
      value = (value &<< 1 | value &>> 63) ^ UInt64(truncatingIfNeeded: cards[position])
    }
  }

  mutating func endPool() {}
}
