/// A program of the plan bound to one engine.
struct BoundProgram {
  var firstBatch: UnsafePointer<BoundBatch>
  var batchEnd: UnsafePointer<BoundBatch>
  var record: UnsafePointer<EngineTables.Program>
  /// Whether the program takes the fast path (otherwise it has draws).
  var usesPicks: Bool
  /// For a fast program with choices per booster: its segments, in position order (else none,
  /// and the batches are the whole program).
  var segments: UnsafePointer<BoundSegment>
  var segmentCount: Int
}

/// A segment of a fast program: one of `count` alternatives, chosen by the alias table at
/// `aliasOffset` when there are several.
struct BoundSegment {
  var allocations: UnsafePointer<BoundAllocation>
  var count: Int
  var aliasOffset: Int
}

/// The batches of one alternative of a segment, bound to one engine.
struct BoundAllocation {
  var firstBatch: UnsafePointer<BoundBatch>
  var batchEnd: UnsafePointer<BoundBatch>
}

/// A batch of the plan bound to one engine: it runs the picks from `pickStart` to `pickEnd`.
struct BoundBatch {
  var pickStart: UnsafePointer<BoundPick>
  var pickEnd: UnsafePointer<BoundPick>
  var product: UInt64
  var threshold: UInt64
  /// The number of picks when at most `PoolEngine.unrolledPicks`, else 0 (a batch is never
  /// empty).
  var run: Int
}

/// A pick of the plan bound to one engine: `base` points into that engine's card arrays and
/// `counts` to the pick's site in its counters, so the loop needs no address arithmetic per
/// pick. 24 bytes.
struct BoundPick {
  var base: UnsafeMutablePointer<Int32>
  var counts: UnsafeMutablePointer<UInt32>
  var range: UInt64
}
