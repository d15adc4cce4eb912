/// The observer that counts: 32-bit counters in buffers allocated once per worker, cleared
/// per chunk and then added into a `SimulationTally`. A chunk holds at most `Simulation.chunkPools`
/// pools, so no counter can overflow.
struct ChunkTally<Lanes: LaneCounter>: PoolObserver {
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
  private let lanes: Lanes
  /// Cards per booster, and where each position's card is tallied (per program).
  let boosterSize: Int
  let positionRows: UnsafePointer<Int32>

  var pools: Int = 0
  var duplicateBoosters: Int = 0
  private var serial: UInt32 = 1
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
    lanes = Lanes(tables: t)
    boosterSize = t.boosterSize
    positionRows = UnsafePointer(t.positionRows.baseAddress!)
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
  mutating func booster(
    index: Int, kind: Int, combination: Int, program: Int, mayRepeat: Bool,
    cards: UnsafePointer<Int32>
  ) {
    let rows = UnsafePointer(positionRows) + program &* boosterSize
    let counts = siteCards.baseAddress!
    var lanes = self.lanes
    lanes.reset()
    for position in 0..<boosterSize {
      let card = Int(truncatingIfNeeded: cards[position])
      counts[Int(truncatingIfNeeded: rows[position]) &+ card] &+= 1
      lanes.add(card)
    }
    var repeats = 0
    if mayRepeat {
      let seen = lastSeen.baseAddress!
      for position in 0..<boosterSize {
        let card = Int(truncatingIfNeeded: cards[position])
        repeats &+= seen[card] == serial ? 1 : 0
        seen[card] = serial
      }
      serial &+= 1
    }
    boostersByKind[kind] &+= 1
    combinations[kind &* combinationCount &+ combination] &+= 1
    boosterSizes[boosterSize] &+= 1
    if repeats > 0 { duplicateBoosters &+= 1 }
    var histogram = laneHistograms.baseAddress! + kind &* laneCount &* laneStride
    for lane in 0..<laneCount {
      histogram[lanes.count(lane: lane)] &+= 1
      histogram += laneStride
    }
    let mythics = lanes.count(lane: 0)
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
