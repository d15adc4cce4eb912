/// The observer that counts: 32-bit counters in buffers allocated once per worker, cleared
/// per chunk and then added into a `SimulationTally`. A chunk holds at most `Simulation.chunkPools`
/// pools, so no counter can overflow.
struct ChunkTally: PoolObserver {
  let cardCount: Int
  let kindCount: Int
  let laneCount: Int
  let combinationCount: Int
  let boostersPerPool: Int
  let maxBoosterSize: Int
  let laneStride: Int

  let siteCards: UnsafeMutableBufferPointer<UInt32>
  let laneHistograms: UnsafeMutableBufferPointer<UInt32>
  let combinations: UnsafeMutableBufferPointer<UInt32>
  let poolMythics: UnsafeMutableBufferPointer<UInt32>
  let pairDifferences: UnsafeMutableBufferPointer<UInt32>
  let mythicPositions: UnsafeMutableBufferPointer<UInt32>
  let boosterSizes: UnsafeMutableBufferPointer<UInt32>
  let boostersByKind: UnsafeMutableBufferPointer<UInt32>
  /// Per card: the serial number of the last booster it appeared in, to spot duplicates.
  let lastSeen: UnsafeMutableBufferPointer<UInt32>
  let lanesLow: UnsafePointer<UInt64>
  let lanesHigh: UnsafePointer<UInt64>

  var pools: Int = 0
  var duplicateBoosters: Int = 0
  private var serial: UInt32 = 1
  private var low: UInt64 = 0
  private var high: UInt64 = 0
  private var size: Int = 0
  private var duplicate = false
  private var poolMythicCount = 0
  private var previousPoolMythics = 0

  init(plan: BoosterPlan) {
    let t = plan.engine
    cardCount = t.cardCount
    kindCount = t.kindCount
    laneCount = t.laneCount
    combinationCount = t.combinationCount
    boostersPerPool = t.boostersPerPool
    maxBoosterSize = plan.maxBoosterSize
    laneStride = maxBoosterSize + 1
    siteCards = .allocate(capacity: plan.sites.count * cardCount)
    laneHistograms = .allocate(capacity: kindCount * laneCount * laneStride)
    combinations = .allocate(capacity: kindCount * combinationCount)
    poolMythics = .allocate(capacity: boostersPerPool * maxBoosterSize + 1)
    pairDifferences = .allocate(capacity: boostersPerPool * maxBoosterSize + 1)
    mythicPositions = .allocate(capacity: boostersPerPool)
    boosterSizes = .allocate(capacity: laneStride)
    boostersByKind = .allocate(capacity: kindCount)
    lastSeen = .allocate(capacity: max(cardCount, 1))
    lanesLow = UnsafePointer(t.lanesLow.baseAddress!)
    lanesHigh = UnsafePointer(t.lanesHigh.baseAddress!)
    clear()
  }

  func release() {
    for buffer in [siteCards, laneHistograms, combinations, poolMythics, pairDifferences, mythicPositions, boosterSizes, boostersByKind, lastSeen] {
      buffer.deallocate()
    }
  }

  /// Zeroes every counter, ready for a new chunk.
  mutating func clear() {
    for buffer in [siteCards, laneHistograms, combinations, poolMythics, pairDifferences, mythicPositions, boosterSizes, boostersByKind, lastSeen] {
      buffer.update(repeating: 0)
    }
    pools = 0
    duplicateBoosters = 0
    serial = 1
  }

  @inline(__always)
  mutating func beginPool() {
    poolMythicCount = 0
  }

  @inline(__always)
  mutating func beginBooster(index: Int, kind: Int, combination: Int) {
    low = 0
    high = 0
    size = 0
    duplicate = false
  }

  @inline(__always)
  mutating func card(_ ordinal: Int32, draw: UnsafePointer<EngineTables.Draw>) {
    let card = Int(ordinal)
    siteCards[Int(draw.pointee.tallyBase) + card] &+= 1
    low &+= lanesLow[card]
    high &+= lanesHigh[card]
    if lastSeen[card] == serial { duplicate = true }
    lastSeen[card] = serial
    size &+= 1
  }

  @inline(__always)
  mutating func endBooster(index: Int, kind: Int, combination: Int) {
    serial &+= 1
    boostersByKind[kind] &+= 1
    combinations[kind * combinationCount + combination] &+= 1
    boosterSizes[size] &+= 1
    if duplicate { duplicateBoosters &+= 1 }
    let base = kind * laneCount * laneStride
    for lane in 0..<min(laneCount, 8) {
      let n = Int(truncatingIfNeeded: (low &>> UInt64(8 * lane)) & 0xFF)
      laneHistograms[base + lane * laneStride + n] &+= 1
    }
    if laneCount > 8 {
      for lane in 8..<laneCount {
        let n = Int(truncatingIfNeeded: (high &>> UInt64(8 * (lane - 8))) & 0xFF)
        laneHistograms[base + lane * laneStride + n] &+= 1
      }
    }
    let mythics = Int(truncatingIfNeeded: low & 0xFF)
    poolMythicCount &+= mythics
    if mythics > 0 { mythicPositions[index] &+= 1 }
  }

  @inline(__always)
  mutating func endPool() {
    poolMythics[poolMythicCount] &+= 1
    if pools & 1 == 1 {
      pairDifferences[abs(poolMythicCount - previousPoolMythics)] &+= 1
    }
    previousPoolMythics = poolMythicCount
    pools &+= 1
  }

  /// Adds this chunk's counts into a total.
  func add(to tally: inout SimulationTally) {
    tally.pools += pools
    tally.duplicateBoosters += duplicateBoosters
    Self.add(boostersByKind, to: &tally.boostersByKind)
    Self.add(combinations, to: &tally.combinations)
    Self.add(siteCards, to: &tally.siteCards)
    Self.add(laneHistograms, to: &tally.laneHistograms)
    Self.add(poolMythics, to: &tally.poolMythics)
    Self.add(mythicPositions, to: &tally.mythicPositions)
    Self.add(pairDifferences, to: &tally.pairMythicDifferences)
    Self.add(boosterSizes, to: &tally.boosterSizes)
  }

  private static func add(_ source: UnsafeMutableBufferPointer<UInt32>, to target: inout [Int]) {
    for index in target.indices { target[index] += Int(source[index]) }
  }
}
