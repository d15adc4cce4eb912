/// The engine's segments (see `PoolEngine`): choosing a segment's alternative, and the kernels
/// of coded segments, card-picking segments and segments of several cards.
extension PoolEngine {
  /// The alternative a segment takes for this booster: by its alias table when it has several
  /// (a colour-balanced draw's group counts, a one-card draw's class). One 64-bit number x
  /// gives both: the entry is the high word of x × count (exactly uniform: Lemire's method,
  /// rejecting the 2⁶⁴ mod count values of x that would bias it), and the low word, which given
  /// the entry is uniform on a grid of spacing `count`, is compared with the entry's 64-bit
  /// threshold (so each alternative's chance differs from its alias table's by under
  /// count / 2⁶⁴).
  @inline(__always)
  static func chooseAllocation<G: RandomNumberGenerator>(
    _ segment: UnsafePointer<BoundSegment>, using rng: inout G
  ) -> BoundAllocation {
    let count = segment.pointee.count
    if count == 1 { return segment.pointee.entries.pointee.keep }
    let (index, rest) = rng.boundedWithRest(count)
    let entry = segment.pointee.entries + Int(truncatingIfNeeded: index)
    let mask = UInt(truncatingIfNeeded: takesOther(rest, entry.pointee.threshold))
    func select(_ keep: UnsafePointer<BoundBatch>, _ other: UnsafePointer<BoundBatch>) -> UnsafePointer<BoundBatch> {
      let a = UInt(bitPattern: keep)
      return UnsafePointer(bitPattern: a ^ ((a ^ UInt(bitPattern: other)) & mask)).unsafelyUnwrapped
    }
    return BoundAllocation(
      firstBatch: select(entry.pointee.keep.firstBatch, entry.pointee.other.firstBatch),
      batchEnd: select(entry.pointee.keep.batchEnd, entry.pointee.other.batchEnd))
  }

  /// A coded segment (`EngineTables.Segment.coded`): its alternative by its alias table as in
  /// `chooseAllocation`, then the alternative's picks from one random number, each pick named
  /// by a byte of the alternative's codes.
  @inline(__always)
  static func runCoded<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    _ segment: UnsafePointer<BoundSegment>, into booster: UnsafeMutablePointer<Int32>, fillingCards: Bool,
    using rng: inout G, for _: O.Type
  ) {
    let count = segment.pointee.count
    let (entryIndex, rest) = rng.boundedWithRest(count)
    let entry = segment.pointee.codedEntries + Int(truncatingIfNeeded: entryIndex)
    let mask = takesOther(rest, entry.pointee.threshold)
    let keep = entry.pointee.keep
    let other = entry.pointee.other
    var low = draw(
      keep.product ^ ((keep.product ^ other.product) & mask), keep.threshold ^ ((keep.threshold ^ other.threshold) & mask),
      using: &rng)
    var codes = keep.codes ^ ((keep.codes ^ other.codes) & mask)
    let picks = segment.pointee.codedPicks
    let extras = segment.pointee.extras
    let out = booster + segment.pointee.position
    var index = 0
    repeat {
      let card = takeAndCount(picks + Int(truncatingIfNeeded: codes & 0xFF), &low, O.self)
      if fillingCards { out[index] = card }
      codes &>>= 8
      index &+= 1
    } while index < extras
  }

  /// A segment of several cards (`EngineTables.Segment.several`): each card a uniform entry
  /// of the weight table (Lemire's bounded draw) or an entry of the alias table (`cardEntry`),
  /// drawn again, when the segment is distinct, while an earlier card of the segment is the
  /// same; then counted. The cards always go into `booster` (whether or not the caller fills
  /// it), where the repeats are looked for; the loop is over a handful of cards.
  @inline(__always)
  static func runSeveral<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    _ segment: UnsafePointer<BoundSegment>, into booster: UnsafeMutablePointer<Int32>, using rng: inout G,
    for _: O.Type
  ) {
    let byAlias = segment.pointee.byAlias
    let distinct = segment.pointee.distinct
    let out = booster + segment.pointee.position
    let extras = segment.pointee.extras
    func draw(using rng: inout G) -> Int32 {
      if byAlias { return Int32(truncatingIfNeeded: cardEntry(segment, using: &rng)) }
      // A weight table's segment has its one pick (an alias table's reads none).
      let pick = segment.pointee.codedPicks
      return pick.pointee.base[Int(truncatingIfNeeded: rng.bounded(UInt64(truncatingIfNeeded: pick.pointee.range)))]
    }
    var index = 0
    repeat {
      var card: Int32
      repeat {
        card = draw(using: &rng)
      } while distinct && Self.contains(card, out, index)
      out[index] = card
      if O.countsCards { segment.pointee.counts[Int(truncatingIfNeeded: card)] &+= 1 }
      index &+= 1
    } while index < extras
  }

  /// The card a card-picking segment takes for this booster, counted at its site, by its alias
  /// table and one 64-bit number as in `chooseAllocation`; adds the card's step to `outcome`.
  @inline(__always)
  static func pickCard<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    _ segment: UnsafePointer<BoundSegment>, outcome: inout Int, using rng: inout G, for _: O.Type
  ) -> Int32 {
    let word = cardEntry(segment, using: &rng)
    let card = Int32(truncatingIfNeeded: word)
    outcome &+= Int(truncatingIfNeeded: Int32(truncatingIfNeeded: word &>> 32))
    if O.countsCards { segment.pointee.counts[Int(truncatingIfNeeded: card)] &+= 1 }
    return card
  }

  /// An entry of a segment's alias table over a sheet's cards, by one 64-bit number as in
  /// `chooseAllocation`: the card (low 32 bits) and its outcome step (high 32 bits).
  @inline(__always)
  static func cardEntry<G: RandomNumberGenerator>(_ segment: UnsafePointer<BoundSegment>, using rng: inout G) -> UInt64 {
    let count = segment.pointee.count
    let (index, rest) = rng.boundedWithRest(count)
    let entry = segment.pointee.cards + Int(truncatingIfNeeded: index)
    let keep = entry.pointee.keep
    let mask = takesOther(rest, entry.pointee.threshold)
    return keep ^ ((keep ^ entry.pointee.other) & mask)
  }

  /// All ones when an alias entry chosen with `rest` (`boundedWithRest`) gives way to its other
  /// alternative (the rest at or above the entry's threshold), else zero: a mask to select
  /// with, without a branch (the outcome is random, so a branch would often be mispredicted).
  @inline(__always)
  static func takesOther(_ rest: UInt64, _ threshold: UInt64) -> UInt64 {
    0 &- UInt64(truncatingIfNeeded: (rest >= threshold ? 1 : 0) as Int)
  }
}
