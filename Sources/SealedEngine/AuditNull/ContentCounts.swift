import SealedRules

/// How an audit's boosters came out of pools, which decides how its null draws them.
package enum PoolGrouping: String, Sendable {
  /// The file lists whole pools one after the other: boosters 1 to P are one pool, and so on.
  case grouped
  /// Every booster comes from a pool of its own.
  case separate
}

extension PoolGrouping {
  /// The grouping an audit assumes unless told: grouped for rules with a mythic booster (one
  /// per pool, so the file is read as whole pools), else separate.
  package static func `default`(for plan: BoosterPlan) -> PoolGrouping {
    plan.mythicKind != nil ? .grouped : .separate
  }
}

/// What an audit counts over its boosters, as flat arrays of exact counts: the same for the
/// boosters of a file and for each of the null's samples, so both give the same statistics.
package struct ContentCounts: Sendable, Equatable {
  package let classCount: Int
  package let laneCount: Int
  /// Booster kinds of the rules; kind `kindCount` counts boosters whose kind is unknown.
  package let kindCount: Int
  package let maxSize: Int
  package let boostersPerPool: Int

  package var boosters = 0
  /// `[kind]`, with one more entry for boosters of unknown kind.
  package var boostersByKind: [Int]
  /// `[class]`: copies of each class over all boosters.
  package var copies: [Int]
  /// `[(kind * laneCount + lane) * (maxSize + 1) + n]`: boosters of the kind holding n cards
  /// of the lane.
  package var laneHistograms: [Int]
  /// Whole pools counted (grouped boosters only).
  package var pools = 0
  /// `[n]`: whole pools holding n mythics (lane 0).
  package var poolMythics: [Int]
  /// `[b]`: whole pools whose booster b holds a mythic.
  package var mythicPositions: [Int]

  package init(classCount: Int, laneCount: Int, kindCount: Int, maxSize: Int, boostersPerPool: Int) {
    self.classCount = classCount
    self.laneCount = laneCount
    self.kindCount = kindCount
    self.maxSize = maxSize
    self.boostersPerPool = boostersPerPool
    boostersByKind = Array(repeating: 0, count: kindCount + 1)
    copies = Array(repeating: 0, count: classCount)
    laneHistograms = Array(repeating: 0, count: (kindCount + 1) * laneCount * (maxSize + 1))
    poolMythics = Array(repeating: 0, count: boostersPerPool * maxSize + 1)
    mythicPositions = Array(repeating: 0, count: boostersPerPool)
  }

  /// Boosters of the kinds holding at least `atLeast` cards of the lane.
  package func boosters(kinds: [Int], lane: Int, atLeast: Int = 1) -> Int {
    guard atLeast <= maxSize else { return 0 }  // more cards than a booster holds
    var total = 0
    for kind in kinds {
      let start = (kind * laneCount + lane) * (maxSize + 1)
      for n in atLeast...maxSize { total += laneHistograms[start + n] }
    }
    return total
  }

  /// Boosters of the kinds holding exactly n cards of the lane.
  package func boosters(kinds: [Int], lane: Int, exactly n: Int) -> Int {
    guard n <= maxSize else { return 0 }
    return kinds.reduce(0) { $0 + laneHistograms[($1 * laneCount + lane) * (maxSize + 1) + n] }
  }
}

/// Counts boosters of a file into `ContentCounts`, one at a time.
package struct ContentAccumulator: Sendable {
  package private(set) var counts: ContentCounts
  private let classMasks: [UInt64]
  private var poolLaneZero = 0
  private var poolHasMythic: [Bool]
  private var inPool = 0

  package init(catalog: AuditCatalog, lanes: AuditLanes) {
    let plan = catalog.plan
    counts = ContentCounts(
      classCount: catalog.classCount, laneCount: lanes.lanes.count, kindCount: plan.kinds.count,
      maxSize: plan.maxBoosterSize, boostersPerPool: plan.boostersPerPool)
    classMasks = lanes.classMasks
    poolHasMythic = Array(repeating: false, count: plan.boostersPerPool)
  }

  /// Adds a booster: its classes with copies, and its kind (nil when unknown or ambiguous).
  /// `grouping` says whether it is the next booster of a pool.
  package mutating func add(_ cards: [(cls: Int, copies: Int)], kind: Int?, grouping: PoolGrouping) {
    let kindIndex = kind ?? counts.kindCount
    counts.boosters += 1
    counts.boostersByKind[kindIndex] += 1
    var laneCounts = [Int](repeating: 0, count: counts.laneCount)
    for (cls, copies) in cards {
      counts.copies[cls] += copies
      var mask = classMasks[cls]
      while mask != 0 {
        laneCounts[mask.trailingZeroBitCount] += copies
        mask &= mask - 1
      }
    }
    for lane in 0..<counts.laneCount {
      let n = min(laneCounts[lane], counts.maxSize)
      counts.laneHistograms[(kindIndex * counts.laneCount + lane) * (counts.maxSize + 1) + n] += 1
    }
    guard grouping == .grouped else { return }
    let mythics = counts.laneCount > 0 ? laneCounts[0] : 0
    poolLaneZero += mythics
    poolHasMythic[inPool] = mythics > 0
    inPool += 1
    if inPool == counts.boostersPerPool {
      counts.pools += 1
      counts.poolMythics[min(poolLaneZero, counts.poolMythics.count - 1)] += 1
      for (position, has) in poolHasMythic.enumerated() where has { counts.mythicPositions[position] += 1 }
      inPool = 0
      poolLaneZero = 0
    }
  }
}
