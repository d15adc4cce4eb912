import SealedLoops

/// Counting a chunk's pools with a plan's compiled loop (`CompiledLoop`) instead of the engine's
/// tables: the same draws into the same counters.
extension ChunkTally {
  /// Draws `count` pools with `loop`, into `engine`'s card arrays and site counters and these
  /// counters, as `engine.generate(pools:using:observer:)` with this tally would. Cost: the
  /// loop's; no allocation.
  mutating func count(
    pools count: Int, by loop: CompiledLoop, engine: borrowing PoolEngine, using rng: inout Xoshiro256StarStar
  ) {
    // The generator's words, then the chunk's pools so far and the previous pool's mythics.
    var state = (rng.s0, rng.s1, rng.s2, rng.s3, Int64(pools), Int64(previousPoolMythics))
    withUnsafeMutableBytes(of: &state) { bytes in
      let words = bytes.baseAddress!.assumingMemoryBound(to: UInt64.self)
      let pair = (bytes.baseAddress! + 32).assumingMemoryBound(to: Int64.self)
      loop.function(words, engine.sheetEntries, engine.siteCounts.baseAddress!, loopCounters, pair, Int64(count))
    }
    rng.s0 = state.0
    rng.s1 = state.1
    rng.s2 = state.2
    rng.s3 = state.3
    pools = Int(state.4)
    previousPoolMythics = Int(state.5)
  }
}
