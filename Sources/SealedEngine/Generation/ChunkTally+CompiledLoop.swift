import SealedLoops

/// Drawing a chunk's pools with a plan's compiled loop (`CompiledLoop`) instead of the engine's
/// tables: the same draws into the same counters.
extension ChunkTally {
  /// Draws `count` pools with `loop`, into `engine`'s card arrays and site counters and these
  /// counters, as `engine.generate(pools:using:observer:)` with this tally would. Cost: the
  /// loop's; no allocation.
  mutating func draw(
    pools count: Int, with loop: CompiledLoop, engine: borrowing PoolEngine, using rng: inout Xoshiro256StarStar
  ) {
    let (entries, siteCounts, counters) = (engine.sheetEntries, engine.siteCounts.baseAddress!, loopCounters)
    var words = (rng.s0, rng.s1, rng.s2, rng.s3)
    // The chunk's pools so far and the previous pool's mythics.
    var pair = (Int64(pools), Int64(previousPoolMythics))
    // A tuple of one type is laid out as an array of it.
    withUnsafeMutablePointer(to: &words) { words in
      words.withMemoryRebound(to: UInt64.self, capacity: 4) { words in
        withUnsafeMutablePointer(to: &pair) { pair in
          pair.withMemoryRebound(to: Int64.self, capacity: 2) { pair in
            loop.function(words, entries, siteCounts, counters, pair, Int64(count))
          }
        }
      }
    }
    (rng.s0, rng.s1, rng.s2, rng.s3) = words
    pools = Int(pair.0)
    previousPoolMythics = Int(pair.1)
  }
}
