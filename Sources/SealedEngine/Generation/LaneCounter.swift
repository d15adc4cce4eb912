/// Counts, per booster, the cards of each lane (lane 0 mythics, lane i event i - 1) by adding
/// one precomputed word per card: every lane is a bit field, so one addition counts them all.
protocol LaneCounter {
  init(tables: EngineTables)
  /// Starts a booster with the program's fixed lane counts.
  mutating func reset(to program: UnsafePointer<EngineTables.Program>)
  mutating func add(_ card: Int)
  func count(lane: Int) -> Int
}

/// Sixteen 4-bit lanes in one word; for boosters of at most 15 cards.
struct PackedLanes: LaneCounter {
  let words: UnsafePointer<UInt64>
  var sum: UInt64 = 0

  init(tables: EngineTables) {
    words = tables.lanesPacked.baseAddress
  }

  @inline(__always) mutating func reset(to program: UnsafePointer<EngineTables.Program>) {
    sum = program.pointee.constantPacked
  }
  @inline(__always) mutating func add(_ card: Int) { sum &+= words[card] }
  @inline(__always) func count(lane: Int) -> Int {
    Int(truncatingIfNeeded: (sum &>> UInt64(truncatingIfNeeded: 4 &* lane)) & 0xF)
  }
}

/// Sixteen 8-bit lanes in two words; for boosters of up to 255 cards.
struct WideLanes: LaneCounter {
  let low: UnsafePointer<UInt64>
  let high: UnsafePointer<UInt64>
  var lowSum: UInt64 = 0
  var highSum: UInt64 = 0

  init(tables: EngineTables) {
    low = tables.lanesLow.baseAddress
    high = tables.lanesHigh.baseAddress
  }

  @inline(__always) mutating func reset(to program: UnsafePointer<EngineTables.Program>) {
    lowSum = program.pointee.constantLow
    highSum = program.pointee.constantHigh
  }

  @inline(__always) mutating func add(_ card: Int) {
    lowSum &+= low[card]
    highSum &+= high[card]
  }

  @inline(__always) func count(lane: Int) -> Int {
    let word = lane < 8 ? lowSum : highSum
    return Int(truncatingIfNeeded: (word &>> UInt64(truncatingIfNeeded: 8 &* (lane & 7))) & 0xFF)
  }
}
