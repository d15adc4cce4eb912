import Dispatch
import Synchronization
import SealedSupport
import SealedRules

/// The Monte Carlo null of an audit: samples of as many boosters as the file holds, drawn by the
/// engine from the rules and counted exactly as the file's boosters are (`ContentCounts`).
///
/// Sample r uses the random stream (seed, r) and freshly ordered sheets, so each sample, and
/// hence every statistic and p-value, is the same whatever the thread count. Grouped boosters
/// are the first N boosters of consecutive pools; separate boosters are one booster of each of N
/// pools, at a position drawn uniformly for each pool (from the seed, the sample and the pool).
/// Cost: R × N boosters drawn, plus `statistics` once per sample; memory: one engine and one
/// set of counters per thread, and R rows of statistics.
package enum AuditNull {
  /// Draws `samples` samples of `boosters` boosters and returns `statistics` of each, in order.
  package static func run(
    catalog: AuditCatalog, lanes: AuditLanes, boosters: Int, grouping: PoolGrouping, seed: UInt64, samples: Int,
    threads: Int, statistics: @escaping @Sendable (ContentCounts) -> [Double]
  ) -> [[Double]] {
    guard samples > 0, boosters > 0 else { return [] }
    let next = Atomic<Int>(0)
    let results = Mutex<[(Int, [Double])]>([])
    let threadCount = max(1, min(threads, samples))
    let counted = CountedPlan(catalog: catalog, lanes: lanes, boosters: boosters, grouping: grouping)
    // Tables for the observer path, shared by the threads; the counting path has its own.
    let tables = counted == nil ? EngineTables(plan: catalog.plan) : nil
    DispatchQueue.concurrentPerform(iterations: threadCount) { _ in
      var mine: [(Int, [Double])] = []
      if let counted {
        let sampler = NullSampler<PackedLanes>(counted)
        while let sample = claim(next, samples) { mine.append((sample, statistics(sampler.draw(seed: seed, sample: sample)))) }
      } else {
        let engine = PoolEngine(tables: tables!)
        var observer = ContentObserver(catalog: catalog, lanes: lanes, boosters: boosters, grouping: grouping)
        while let sample = claim(next, samples) {
          var rng = Xoshiro256StarStar(seed: seed, stream: UInt64(sample))
          engine.resetPermutations()
          observer.clear(sample: sample, seed: seed)
          let per = catalog.plan.boostersPerPool
          let pools = grouping == .grouped ? (boosters + per - 1) / per : boosters
          engine.generate(pools: pools, using: &rng, observer: &observer)
          mine.append((sample, statistics(observer.counts())))
        }
      }
      results.withLock { $0 += mine }
    }
    return results.withLock { $0 }.sorted { $0.0 < $1.0 }.map(\.1)
  }

  private static func claim(_ next: borrowing Atomic<Int>, _ samples: Int) -> Int? {
    let sample = next.wrappingAdd(1, ordering: .relaxed).oldValue
    return sample < samples ? sample : nil
  }

  /// Draws one sample and returns its counts (for tests and for showing what the null draws).
  package static func sample(
    catalog: AuditCatalog, lanes: AuditLanes, boosters: Int, grouping: PoolGrouping, seed: UInt64, index: Int
  ) -> ContentCounts {
    let engine = PoolEngine(tables: EngineTables(plan: catalog.plan))
    var observer = ContentObserver(catalog: catalog, lanes: lanes, boosters: boosters, grouping: grouping)
    var rng = Xoshiro256StarStar(seed: seed, stream: UInt64(index))
    observer.clear(sample: index, seed: seed)
    let per = catalog.plan.boostersPerPool
    engine.generate(pools: grouping == .grouped ? (boosters + per - 1) / per : boosters, using: &rng, observer: &observer)
    return observer.counts()
  }
}

/// Counts the boosters of a null sample: the cards' classes, lane counts per kind, and for
/// grouped boosters the mythics per whole pool. No allocation per booster; noncopyable, it frees
/// its counters in `deinit`.
struct ContentObserver: PoolObserver, ~Copyable {
  let boosters: Int
  let grouping: PoolGrouping
  let boostersPerPool: Int
  let laneCount: Int
  let maxSize: Int
  let kindCount: Int
  let classCount: Int
  private let classOf: UnsafeMutablePointer<Int32>
  private let masks: UnsafeMutablePointer<UInt64>
  private let copies: UnsafeMutablePointer<UInt32>
  private let histograms: UnsafeMutablePointer<UInt32>
  private let laneCounts: UnsafeMutablePointer<Int32>
  private let byKind: UnsafeMutablePointer<Int>
  private let poolMythics: UnsafeMutablePointer<Int>
  private let positions: UnsafeMutablePointer<Int>
  private let histogramSize: Int
  private var pool = 0
  private var counted = 0
  private var poolMythicCount = 0
  private var poolBoostersCounted = 0
  private var poolHasMythic: UInt64 = 0
  private var wholePools = 0
  /// Separate boosters: which booster of the current pool is counted, and the sample's salt
  /// from which it is drawn (uniformly, a function of the sample and the pool only).
  private var countedPosition = 0
  private var salt: UInt64 = 0

  init(catalog: AuditCatalog, lanes: AuditLanes, boosters: Int, grouping: PoolGrouping) {
    let plan = catalog.plan
    self.boosters = boosters
    self.grouping = grouping
    boostersPerPool = plan.boostersPerPool
    laneCount = lanes.lanes.count
    maxSize = plan.maxBoosterSize
    kindCount = plan.kinds.count
    classCount = catalog.classCount
    classOf = .allocate(capacity: max(plan.cards.count, 1))
    for (ordinal, cls) in catalog.classOfOrdinal.enumerated() { classOf[ordinal] = Int32(cls) }
    masks = .allocate(capacity: max(classCount, 1))
    for (cls, mask) in lanes.classMasks.enumerated() { masks[cls] = mask }
    copies = .allocate(capacity: max(classCount, 1))
    histogramSize = (kindCount + 1) * laneCount * (maxSize + 1)
    histograms = .allocate(capacity: max(histogramSize, 1))
    laneCounts = .allocate(capacity: 64)
    laneCounts.initialize(repeating: 0, count: 64)
    byKind = .allocate(capacity: kindCount + 1)
    poolMythics = .allocate(capacity: boostersPerPool * maxSize + 1)
    positions = .allocate(capacity: max(boostersPerPool, 1))
    clear()
  }

  deinit {
    classOf.deallocate()
    masks.deallocate()
    copies.deallocate()
    histograms.deallocate()
    laneCounts.deallocate()
    byKind.deallocate()
    poolMythics.deallocate()
    positions.deallocate()
  }

  /// Zeroes the counts for sample `sample` of a null drawn with `seed`.
  mutating func clear(sample: Int = 0, seed: UInt64 = 0) {
    salt = SplitMix64.mix(seed ^ SplitMix64.mix(UInt64(truncatingIfNeeded: sample) &+ 0x5EED))
    copies.update(repeating: 0, count: max(classCount, 1))
    histograms.update(repeating: 0, count: max(histogramSize, 1))
    byKind.update(repeating: 0, count: kindCount + 1)
    poolMythics.update(repeating: 0, count: boostersPerPool * maxSize + 1)
    positions.update(repeating: 0, count: max(boostersPerPool, 1))
    pool = 0
    counted = 0
    wholePools = 0
  }

  static var needsBoosterCards: Bool { true }
  static var countsCards: Bool { false }

  @inline(__always)
  mutating func beginPool() {
    if grouping == .separate {
      countedPosition = Int(truncatingIfNeeded: SplitMix64.mix(salt &+ UInt64(truncatingIfNeeded: pool)) % UInt64(boostersPerPool))
    }
    poolMythicCount = 0
    poolBoostersCounted = 0
    poolHasMythic = 0
  }

  @inline(__always)
  mutating func chose(booster index: Int, kind: Int, program: Int, record: UnsafePointer<EngineTables.Program>) {}

  @inline(__always)
  mutating func drew(
    booster index: Int, kind: Int, program: Int, record: UnsafePointer<EngineTables.Program>,
    cards: UnsafePointer<Int32>
  ) {
    switch grouping {
    case .grouped: guard pool &* boostersPerPool &+ index < boosters else { return }
    case .separate: guard index == countedPosition else { return }
    }
    counted &+= 1
    byKind[kind] &+= 1
    for position in 0..<Int(truncatingIfNeeded: record.pointee.size) {
      let ordinal = Int(truncatingIfNeeded: cards[position])
      guard ordinal >= 0 else { continue }
      let cls = Int(truncatingIfNeeded: classOf[ordinal])
      copies[cls] &+= 1
      var mask = masks[cls]
      while mask != 0 {
        laneCounts[mask.trailingZeroBitCount] &+= 1
        mask &= mask &- 1
      }
    }
    let mythics = laneCount > 0 ? Int(truncatingIfNeeded: laneCounts[0]) : 0
    var histogram = histograms + (kind &* laneCount) &* (maxSize &+ 1)
    for lane in 0..<laneCount {
      histogram[min(Int(laneCounts[lane]), maxSize)] &+= 1
      laneCounts[lane] = 0
      histogram += maxSize &+ 1
    }
    poolMythicCount &+= mythics
    if mythics > 0 && index < 64 { poolHasMythic |= 1 << UInt64(index) }
    poolBoostersCounted &+= 1
  }

  @inline(__always)
  mutating func endPool() {
    if grouping == .grouped && poolBoostersCounted == boostersPerPool {
      wholePools &+= 1
      poolMythics[min(poolMythicCount, boostersPerPool * maxSize)] &+= 1
      var bits = poolHasMythic
      while bits != 0 {
        positions[bits.trailingZeroBitCount] &+= 1
        bits &= bits &- 1
      }
    }
    pool &+= 1
  }

  /// The counts so far, as arrays.
  func counts() -> ContentCounts {
    var result = ContentCounts(
      classCount: classCount, laneCount: laneCount, kindCount: kindCount, maxSize: maxSize, boostersPerPool: boostersPerPool)
    result.boosters = counted
    for kind in 0...kindCount { result.boostersByKind[kind] = byKind[kind] }
    for cls in 0..<classCount { result.copies[cls] = Int(copies[cls]) }
    for index in 0..<histogramSize { result.laneHistograms[index] = Int(histograms[index]) }
    result.pools = wholePools
    for n in 0..<(boostersPerPool * maxSize + 1) { result.poolMythics[n] = poolMythics[n] }
    for b in 0..<boostersPerPool { result.mythicPositions[b] = positions[b] }
    return result
  }
}

/// The engine tables the null draws with on the engine's counting path, when whole pools give
/// exactly the file's boosters: grouped boosters that fill whole pools, or independent boosters
/// (drawn in pools of a size that divides their number). The audit's lanes that the rules do not
/// count are passed to the tables beside the plan, as extra lanes.
struct CountedPlan: Sendable {
  let tables: EngineTables
  let pools: Int
  let catalog: AuditCatalog
  let grouping: PoolGrouping
  /// For each audit lane, the plan's lane that counts it.
  let laneOf: [Int]

  init?(catalog: AuditCatalog, lanes: AuditLanes, boosters: Int, grouping: PoolGrouping) {
    let base = catalog.plan
    let per = base.boostersPerPool
    var extra: [PlanEvent] = []
    var laneOf: [Int] = []
    for lane in lanes.lanes {
      if let planLane = lane.planLane {
        laneOf.append(planLane)
      } else {
        extra.append(PlanEvent(name: lane.name, cards: lane.members, givenKinds: [], givenAny: false, isReported: false))
        laneOf.append(base.events.count + extra.count)
      }
    }
    guard base.events.count + extra.count <= 15, base.maxBoosterSize <= 15, boosters < Int(UInt32.max) / 16 else { return nil }
    switch grouping {
    case .grouped where boosters % per == 0:
      tables = EngineTables(plan: base, extraLanes: extra)
      pools = boosters / per
    case .separate where base.mythicBoosterPositionProbabilities == nil:
      // Independent boosters: any pool size gives the same boosters; the largest that divides
      // the count (up to 16) keeps the engine's per-pool work small.
      let size = boosters % per == 0 ? per : (1...16).last { boosters % $0 == 0 }!
      tables = EngineTables(plan: base, extraLanes: extra, boostersPerPool: size)
      pools = boosters / size
    default:
      return nil
    }
    self.catalog = catalog
    self.grouping = grouping
    self.laneOf = laneOf
  }
}

/// Draws null samples on the engine's counting path (the one `sealed simulate` uses): each
/// sample is one chunk of pools, counted by a `ChunkTally`, then turned into `ContentCounts`.
final class NullSampler<Lanes: LaneCounter> {
  let counted: CountedPlan
  private let engine: PoolEngine
  private var counters: ChunkTally<Lanes>

  init(_ counted: CountedPlan) {
    self.counted = counted
    engine = PoolEngine(tables: counted.tables)
    counters = ChunkTally(tables: counted.tables)
  }

  func draw(seed: UInt64, sample: Int) -> ContentCounts {
    var rng = Xoshiro256StarStar(seed: seed, stream: UInt64(sample))
    engine.resetPermutations()
    engine.clearSiteCounts()
    counters.clear()
    engine.generate(pools: counted.pools, using: &rng, observer: &counters)
    var tally = SimulationTally(tables: counted.tables)
    counters.add(to: &tally, siteCounts: engine.siteCounts)
    return contents(tally)
  }

  private func contents(_ tally: SimulationTally) -> ContentCounts {
    let plan = counted.catalog.plan
    let classOf = counted.catalog.classOfOrdinal
    var counts = ContentCounts(
      classCount: counted.catalog.classCount, laneCount: counted.laneOf.count, kindCount: plan.kinds.count,
      maxSize: plan.maxBoosterSize, boostersPerPool: plan.boostersPerPool)
    counts.boosters = tally.boosters
    for kind in plan.kinds.indices { counts.boostersByKind[kind] = tally.boostersByKind[kind] }
    let cardCount = tally.cardCount
    tally.siteCards.withUnsafeBufferPointer { siteCards in
      for site in 0..<tally.siteCount {
        let row = site * cardCount
        for ordinal in 0..<cardCount where siteCards[row + ordinal] != 0 {
          counts.copies[classOf[ordinal]] += siteCards[row + ordinal]
        }
      }
    }
    for kind in plan.kinds.indices {
      for (lane, planLane) in counted.laneOf.enumerated() {
        for n in 0...plan.maxBoosterSize {
          counts.laneHistograms[(kind * counts.laneCount + lane) * (plan.maxBoosterSize + 1) + n] =
            tally.laneCount(kind: kind, lane: planLane, cards: n)
        }
      }
    }
    if counted.grouping == .grouped {
      counts.pools = tally.pools
      counts.poolMythics = tally.poolMythics
      counts.mythicPositions = tally.mythicPositions
    }
    return counts
  }
}
