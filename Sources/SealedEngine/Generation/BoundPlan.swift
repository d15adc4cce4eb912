/// A program of the plan bound to one engine.
struct BoundProgram {
  /// A fast program's batches when it has no segments of its own (else empty).
  var firstBatch: UnsafePointer<BoundBatch>
  var batchEnd: UnsafePointer<BoundBatch>
  var record: UnsafePointer<EngineTables.Program>
  /// Whether the program takes the fast path (otherwise it has draws).
  var usesPicks: Bool
  /// For a fast program: its segments, in position order. A program without choices per
  /// booster has one, of one alternative: its batches.
  var segments: UnsafePointer<BoundSegment>
  var segmentCount: Int
}

/// A segment of a fast program: one of `count` alternatives, chosen by its alias table
/// (`entries`, one per alternative) when there are several; or, when `picksCard`, one card
/// picked by the alias table `cards` of `count` entries and counted in `counts`.
struct BoundSegment {
  var allocations: UnsafePointer<BoundAllocation>
  var count: UInt64
  var entries: UnsafePointer<BoundAliasEntry>
  var picksCard: Bool
  var cards: UnsafePointer<BoundCardEntry>
  var counts: UnsafeMutablePointer<UInt32>
  /// The position of the card a card-picking segment picks, or of a coded segment's first.
  var position: Int
  /// A coded segment (`EngineTables.Segment.coded`): its alias table of `count` entries, its
  /// 96 picks, and how many cards it draws.
  var coded: Bool
  /// A segment of several cards (`EngineTables.Segment.several`): `extras` cards, each by its
  /// one pick `codedPicks` (a whole weight table) or, `byAlias`, by the alias table `cards` of
  /// `count` entries; counted at `counts`; when `distinct`, a card the draw holds drawn again.
  var several: Bool
  var byAlias: Bool
  var distinct: Bool
  var codedEntries: UnsafePointer<EngineTables.CodedEntry>
  var codedPicks: UnsafePointer<BoundPick>
  var extras: Int
}

/// An entry of a segment's alias table (Walker's method): keep the alternative `keep` when the
/// rest of the random number that chose the entry is below `threshold`, else take `other`. The
/// alternatives' batches are held here, so that choosing one leads straight to its batches.
struct BoundAliasEntry {
  var threshold: UInt64
  var keep: BoundAllocation
  var other: BoundAllocation
}

/// An entry of a card-picking segment's alias table: as `BoundAliasEntry`, with each choice a
/// card (low 32 bits) and what it adds to the booster's outcome (high 32 bits).
struct BoundCardEntry {
  var threshold: UInt64
  var keep: UInt64
  var other: UInt64
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
  /// empty); plus `PoolEngine.repeatRunFlag` when they are repeated picks from one sheet
  /// (`PoolEngine.isRepeatRun`).
  var run: Int
}

/// A pick of the plan bound to one engine: `base` points into that engine's card arrays and
/// `counts` to the pick's site in its counters, so the loop needs no address arithmetic per
/// pick; `position` is where its card goes in the booster. 24 bytes.
struct BoundPick {
  var base: UnsafeMutablePointer<Int32>
  var counts: UnsafeMutablePointer<UInt32>
  var range: UInt32
  var position: Int32
}
