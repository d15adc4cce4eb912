/// The phases of `PoolEngine.init` that bind the tables' records to one engine's buffers: picks
/// to its card arrays and counters, then batches, alternatives, card alias entries, segments and
/// programs, each to the records bound before it. Every phase allocates what it returns (freed by
/// the engine's `deinit`); cost O(size of the tables), once per engine.
extension PoolEngine {
  /// The buffers that segments and programs point into.
  struct Bound {
    var allocations: UnsafeMutablePointer<BoundAllocation>
    var segments: UnsafeMutablePointer<BoundSegment>
    var aliasEntries: UnsafeMutablePointer<BoundAliasEntry>
    var cardEntries: UnsafeMutablePointer<BoundCardEntry>
    var codedEntries: UnsafeMutablePointer<EngineTables.CodedEntry>
    var codedPicks: UnsafeMutablePointer<BoundPick>
    var counts: UnsafeMutablePointer<UInt32>
  }

  /// Initialises `destination[i]` with `picks[i]` bound to `arrays` and `counts`.
  static func bind(
    _ picks: some Collection<EngineTables.Pick>, into destination: UnsafeMutablePointer<BoundPick>,
    arrays: UnsafeMutablePointer<Int32>, counts: UnsafeMutablePointer<UInt32>
  ) {
    for (index, pick) in picks.enumerated() {
      (destination + index).initialize(
        to: BoundPick(
          base: arrays + Int(pick.offset), counts: counts + Int(pick.row), range: pick.range, position: pick.position))
    }
  }

  /// The tables' batches, each running its picks among `picks`.
  static func bindBatches(
    _ tables: EngineTables, picks: UnsafeMutablePointer<BoundPick>, repeats: Bool
  ) -> UnsafeMutablePointer<BoundBatch> {
    let bound = UnsafeMutablePointer<BoundBatch>.allocate(capacity: max(tables.batches.count, 1))
    for index in tables.batches.indices {
      let batch = tables.batches[index]
      let count = Int(batch.pickEnd - batch.pickStart)
      let first = picks + Int(batch.pickStart)
      let run = (count <= unrolledPicks ? count : 0) | (repeats && isRepeatRun(first, count: count) ? repeatRunFlag : 0)
      (bound + index).initialize(
        to: BoundBatch(
          pickStart: UnsafePointer(first), pickEnd: UnsafePointer(picks + Int(batch.pickEnd)),
          product: batch.product, threshold: batch.threshold, run: run))
    }
    return bound
  }

  /// Whether `count` picks from `first` are repeated picks from one sheet (a draw that may
  /// repeat cards, or several one-card draws of a sheet in a row): each over the same entries
  /// and range, counted at the same site, its card at the position after the one before it.
  /// `takeRepeats` runs them (`BoundBatch.run`'s `repeatRunFlag`). A batch of more than
  /// `unrolledPicks` picks keeps its count 0 with the flag, and runs them in a loop.
  static func isRepeatRun(_ first: UnsafePointer<BoundPick>, count: Int) -> Bool {
    guard count >= 2 else { return false }
    return (1..<count).allSatisfy { t in
      first[t].base == first.pointee.base && first[t].range == first.pointee.range && first[t].counts == first.pointee.counts
        && first[t].position == first.pointee.position + Int32(t)
    }
  }

  /// The tables' alternatives, with room after them for one per program (`bindPrograms`).
  static func bindAllocations(
    _ tables: EngineTables, batches: UnsafeMutablePointer<BoundBatch>
  ) -> UnsafeMutablePointer<BoundAllocation> {
    let bound = UnsafeMutablePointer<BoundAllocation>.allocate(capacity: tables.allocations.count + tables.programs.count)
    for index in tables.allocations.indices {
      let allocation = tables.allocations[index]
      (bound + index).initialize(
        to: BoundAllocation(
          firstBatch: UnsafePointer(batches + Int(allocation.batchStart)),
          batchEnd: UnsafePointer(batches + Int(allocation.batchStart + allocation.batchCount))))
    }
    return bound
  }

  /// The card-picking segments' alias entries: a card and its lane step in each word.
  static func bindCardEntries(_ tables: EngineTables) -> UnsafeMutablePointer<BoundCardEntry> {
    func word(_ card: Int32, _ step: Int32) -> UInt64 {
      UInt64(UInt32(bitPattern: card)) | UInt64(UInt32(bitPattern: step)) << 32
    }
    let bound = UnsafeMutablePointer<BoundCardEntry>.allocate(capacity: max(tables.cardAliasThresholds.count, 1))
    for index in tables.cardAliasThresholds.indices {
      (bound + index).initialize(
        to: BoundCardEntry(
          threshold: tables.cardAliasThresholds[index],
          keep: word(tables.cardAliasKeep[index], tables.cardAliasKeepStep[index]),
          other: word(tables.cardAliasOther[index], tables.cardAliasOtherStep[index])))
    }
    return bound
  }

  /// Initialises the tables' segments in `bound.segments` and the alias entries of those that
  /// choose among alternatives; returns how many alias entries they use.
  static func bindSegments(_ tables: EngineTables, _ bound: Bound) -> Int {
    var entry = 0
    for index in tables.segments.indices {
      let segment = tables.segments[index]
      let position = Int(segment.position)
      let count = Int(segment.allocationCount)
      if segment.picksCard {
        (bound.segments + index).initialize(
          to: BoundSegment(
            picksCardAt: position, count: count, cards: UnsafePointer(bound.cardEntries + Int(segment.aliasOffset)),
            counts: bound.counts + Int(segment.row), in: bound))
      } else if segment.several {
        (bound.segments + index).initialize(to: BoundSegment(severalAt: position, segment, in: bound))
      } else if segment.coded {
        (bound.segments + index).initialize(
          to: BoundSegment(
            codedAt: position, count: count, entries: UnsafePointer(bound.codedEntries + Int(segment.aliasOffset)),
            picks: UnsafePointer(bound.codedPicks + Int(segment.codedPickStart)), extras: Int(segment.extras), in: bound))
      } else {
        bindAlternatives(tables, segment, at: index, entry: entry, bound)
        entry += count
      }
    }
    return entry
  }

  /// A segment that chooses one of its alternatives by an alias table starting at `entry`.
  private static func bindAlternatives(
    _ tables: EngineTables, _ segment: EngineTables.Segment, at index: Int, entry: Int, _ bound: Bound
  ) {
    let first = UnsafePointer(bound.allocations + Int(segment.allocationStart))
    let count = Int(segment.allocationCount)
    for alternative in 0..<count {
      let alias = Int(segment.aliasOffset) + alternative
      (bound.aliasEntries + entry + alternative).initialize(
        to: count == 1
          ? BoundAliasEntry(threshold: .max, keep: first.pointee, other: first.pointee)
          : BoundAliasEntry(
            threshold: tables.aliasThresholds[alias], keep: first[Int(tables.aliasPrimary[alias])],
            other: first[Int(tables.aliasSecondary[alias])]))
    }
    (bound.segments + index).initialize(
      to: BoundSegment(alternatives: first, count: count, entries: UnsafePointer(bound.aliasEntries + entry), in: bound))
  }

  /// The tables' programs. A fast program without segments of its own gets one of one
  /// alternative (its batches), placed after the tables' segments, alternatives and the alias
  /// entries from `firstFreeEntry` on.
  static func bindPrograms(
    _ tables: EngineTables, _ bound: Bound, batches: UnsafeMutablePointer<BoundBatch>, firstFreeEntry: Int
  ) -> UnsafeMutablePointer<BoundProgram> {
    let programs = UnsafeMutablePointer<BoundProgram>.allocate(capacity: max(tables.programs.count, 1))
    var entry = firstFreeEntry
    var extraSegment = tables.segments.count
    var extraAllocation = tables.allocations.count
    for index in tables.programs.indices {
      let program = tables.programs[index]
      let fast = program.batchStart >= 0
      let firstBatch = UnsafePointer(batches + (fast ? Int(program.batchStart) : 0))
      let batchEnd = UnsafePointer(batches + (fast ? Int(program.batchStart + program.batchCount) : 0))
      var segments = UnsafePointer(bound.segments + Int(program.segmentStart))
      var segmentCount = Int(program.segmentCount)
      if fast && segmentCount == 0 {
        let allocation = bound.allocations + extraAllocation
        allocation.initialize(to: BoundAllocation(firstBatch: firstBatch, batchEnd: batchEnd))
        (bound.aliasEntries + entry).initialize(
          to: BoundAliasEntry(threshold: .max, keep: allocation.pointee, other: allocation.pointee))
        (bound.segments + extraSegment).initialize(
          to: BoundSegment(
            alternatives: UnsafePointer(allocation), count: 1, entries: UnsafePointer(bound.aliasEntries + entry), in: bound))
        segments = UnsafePointer(bound.segments + extraSegment)
        segmentCount = 1
        entry += 1
        extraSegment += 1
        extraAllocation += 1
      }
      (programs + index).initialize(
        to: BoundProgram(
          firstBatch: firstBatch, batchEnd: batchEnd, record: tables.programs.baseAddress + index,
          usesPicks: fast, segments: segments, segmentCount: segmentCount))
    }
    return programs
  }
}

/// The four kinds of segment. Fields a kind does not read point at the start of their buffer in
/// `bound`, so every segment is a valid record whatever its kind.
extension BoundSegment {
  /// A segment that runs one of `count` alternatives from `allocations`, chosen by the alias
  /// entries from `entries`.
  init(
    alternatives allocations: UnsafePointer<BoundAllocation>, count: Int, entries: UnsafePointer<BoundAliasEntry>,
    in bound: PoolEngine.Bound
  ) {
    self.init(
      allocations: allocations, count: UInt64(count), entries: entries, picksCard: false,
      cards: UnsafePointer(bound.cardEntries), counts: bound.counts, position: 0, coded: false, several: false,
      byAlias: false, distinct: false,
      codedEntries: UnsafePointer(bound.codedEntries), codedPicks: UnsafePointer(bound.codedPicks), extras: 0)
  }

  /// A segment that picks the card at `position` by the alias table of `count` entries from
  /// `cards`, counting it at `counts` (its site's row).
  init(
    picksCardAt position: Int, count: Int, cards: UnsafePointer<BoundCardEntry>, counts: UnsafeMutablePointer<UInt32>,
    in bound: PoolEngine.Bound
  ) {
    self.init(alternatives: UnsafePointer(bound.allocations), count: count, entries: UnsafePointer(bound.aliasEntries), in: bound)
    picksCard = true
    self.cards = cards
    self.counts = counts
    self.position = position
  }

  /// A coded segment from `position`: `extras` cards by one of the `count` coded alternatives
  /// of the alias table at `entries`, each pick one of the 96 from `picks`.
  init(
    codedAt position: Int, count: Int, entries: UnsafePointer<EngineTables.CodedEntry>, picks: UnsafePointer<BoundPick>,
    extras: Int, in bound: PoolEngine.Bound
  ) {
    self.init(alternatives: UnsafePointer(bound.allocations), count: count, entries: UnsafePointer(bound.aliasEntries), in: bound)
    coded = true
    codedEntries = entries
    codedPicks = picks
    self.position = position
    self.extras = extras
  }

  /// A segment of several cards from `position` (`EngineTables.Segment.several`).
  init(severalAt position: Int, _ segment: EngineTables.Segment, in bound: PoolEngine.Bound) {
    self.init(
      alternatives: UnsafePointer(bound.allocations), count: Int(segment.allocationCount),
      entries: UnsafePointer(bound.aliasEntries), in: bound)
    several = true
    byAlias = segment.byAlias
    distinct = segment.distinct
    if segment.byAlias { cards = UnsafePointer(bound.cardEntries + Int(segment.aliasOffset)) }
    codedPicks = UnsafePointer(bound.codedPicks + Int(segment.codedPickStart))
    counts = bound.counts + Int(segment.row)
    self.position = position
    extras = Int(segment.extras)
  }
}
