import SealedSupport

/// The observer that counts: 32-bit counters in buffers allocated once per worker, cleared
/// per chunk and then added into a `SimulationTally`. A chunk holds at most
/// `Simulation.chunkPools` pools, so no counter can overflow.
///
/// (The engine counts the cards of each draw, or site, itself.) Per booster it counts the
/// program that made it and its mythics; boosters whose lane counts are
/// fixed by their program (every draw's sheet wholly inside or outside each lane, and no card
/// able to repeat) need nothing more, and their lane histograms are filled from the program
/// counts when the chunk is added up. Boosters whose lane counts follow from the cards their
/// card-picking segments chose (`EngineTables.Program.countsOutcomes`: a rare slot with
/// mythics, a foil) are counted by outcome, expanded the same way. Other boosters sum the lane
/// masks of their cards from partly-inside sheets, look for duplicates and fill the histograms
/// directly.
///
/// It owns its counters: noncopyable, it frees them in `deinit`.
struct ChunkTally<Lanes: LaneCounter>: PoolObserver, ~Copyable {
  /// Kept alive here: `lanes` reads the tables' lane masks through raw pointers.
  private let tables: EngineTables
  let cardCount: Int
  let kindCount: Int
  let laneCount: Int
  let combinationCount: Int
  let boostersPerPool: Int
  let laneStride: Int
  /// Each program's booster size.
  let programSizes: [Int]
  let programLaneCounts: [Int]
  /// Programs whose boosters are tallied one by one.
  let programTalliedEach: [Bool]
  /// Programs whose boosters are counted by outcome.
  let programCountsOutcomes: [Bool]
  /// Per outcome (`EngineTables.Program.countsOutcomes`): its lane counts and program.
  let outcomeLaneCounts: [Int]
  let outcomePrograms: [Int]

  let laneHistograms: UnsafeMutableBufferPointer<UInt32>
  /// `boosterPrograms[index * programs + program]`: how many boosters at position `index` of
  /// their pool `program` made. One counter per position and program, rather than one per
  /// program and one per position, so that the boosters of a pool (which often share a
  /// program) never wait for each other's increment of the same counter; the program counts
  /// and the positions of boosters with fixed mythics are added up from it per chunk.
  let boosterPrograms: UnsafeMutableBufferPointer<UInt32>
  /// The plan's number of programs (the stride of `boosterPrograms`).
  let programCount: Int
  let poolMythics: UnsafeMutableBufferPointer<UInt32>
  let pairDifferences: UnsafeMutableBufferPointer<UInt32>
  let mythicPositions: UnsafeMutableBufferPointer<UInt32>
  /// Per card: the serial number of the last booster it appeared in, to spot duplicates.
  let lastSeen: UnsafeMutableBufferPointer<UInt32>
  /// Per program: its fixed number of mythics (lane 0); 0 for programs that tally each booster,
  /// whose mythics are counted from their cards.
  let programMythics: UnsafeMutableBufferPointer<Int32>
  private var lanes: Lanes
  // Raw base pointers for the per-booster counters.
  private let programCounters: UnsafeMutablePointer<UInt32>
  private let mythicsPerProgram: UnsafePointer<Int32>
  private let positionCounters: UnsafeMutablePointer<UInt32>
  /// The positions whose cards need lane counting (`EngineTables.positionNeedsLanes`), program
  /// after program: those of program p are `lanePositions[laneBounds[p]..<laneBounds[p + 1]]`.
  private let lanePositions: UnsafeMutablePointer<Int32>
  private let laneBounds: UnsafeMutablePointer<Int32>
  /// The counters a compiled loop counts into, in the order it reads them (programs, pool
  /// mythics, pair differences, outcomes, mythic positions: SealedLoops' `LoopSource`).
  let loopCounters: UnsafeMutablePointer<UnsafeMutablePointer<UInt32>>
  /// Per outcome: how many boosters had it, its mythics, and 1 when it has any.
  let outcomeCounts: UnsafeMutableBufferPointer<UInt32>
  private let outcomeCounters: UnsafeMutablePointer<UInt32>
  private let outcomeMythics: UnsafeMutablePointer<Int>
  private let outcomeHasMythic: UnsafeMutablePointer<UInt32>

  var pools: Int = 0
  var duplicateBoosters: Int = 0
  private var serial: UInt32 = 1
  private var poolMythicCount = 0
  var previousPoolMythics = 0

  init(tables t: EngineTables) {
    tables = t
    let plan = t.plan
    cardCount = t.cardCount
    kindCount = t.kindCount
    laneCount = t.laneCount
    combinationCount = t.combinationCount
    boostersPerPool = t.boostersPerPool
    programSizes = (0..<t.programs.count).map { Int(t.programs[$0].size) }
    laneStride = plan.maxBoosterSize + 1
    programLaneCounts = t.programLaneCounts
    programTalliedEach = (0..<t.programs.count).map { t.programs[$0].tallyEachBooster }
    programCountsOutcomes = (0..<t.programs.count).map { t.programs[$0].countsOutcomes }
    outcomeLaneCounts = t.outcomeLaneCounts
    outcomePrograms = t.outcomePrograms
    let outcomes = t.outcomePrograms.count
    outcomeCounts = .allocate(capacity: max(outcomes, 1))
    outcomeCounters = outcomeCounts.baseAddress!
    outcomeMythics = .allocate(capacity: max(outcomes, 1))
    outcomeHasMythic = .allocate(capacity: max(outcomes, 1))
    for outcome in 0..<outcomes {
      let mythics = t.outcomeLaneCounts[outcome * t.laneCount]
      outcomeMythics[outcome] = mythics
      outcomeHasMythic[outcome] = mythics > 0 ? 1 : 0
    }
    laneHistograms = .allocate(capacity: kindCount * laneCount * laneStride)
    programCount = t.programs.count
    boosterPrograms = .allocate(capacity: max(t.boostersPerPool * t.programs.count, 1))
    poolMythics = .allocate(capacity: boostersPerPool * plan.maxBoosterSize + 1)
    pairDifferences = .allocate(capacity: boostersPerPool * plan.maxBoosterSize + 1)
    mythicPositions = .allocate(capacity: boostersPerPool)
    lastSeen = .allocate(capacity: max(cardCount, 1))
    programMythics = .allocate(capacity: t.programs.count)
    for program in 0..<t.programs.count {
      programMythics[program] =
        t.programs[program].tallyEachBooster || t.programs[program].countsOutcomes
        ? 0 : Int32(t.programLaneCounts[program * t.laneCount])
    }
    lanes = Lanes(tables: t)
    programCounters = boosterPrograms.baseAddress!
    mythicsPerProgram = UnsafePointer(programMythics.baseAddress!)
    positionCounters = mythicPositions.baseAddress!
    lanePositions = .allocate(capacity: max(t.positionNeedsLanes.elements.filter { $0 }.count, 1))
    laneBounds = .allocate(capacity: t.programs.count + 1)
    var stored = 0
    for program in 0..<t.programs.count {
      laneBounds[program] = Int32(stored)
      for position in 0..<t.boosterSize where t.positionNeedsLanes[program * t.boosterSize + position] {
        lanePositions[stored] = Int32(position)
        stored += 1
      }
    }
    laneBounds[t.programs.count] = Int32(stored)
    loopCounters = .allocate(capacity: 5)
    loopCounters.initialize(
      from: [programCounters, poolMythics.baseAddress!, pairDifferences.baseAddress!, outcomeCounters, positionCounters],
      count: 5)
    clear()
  }

  deinit {
    for buffer in [laneHistograms, boosterPrograms, poolMythics, pairDifferences, mythicPositions, lastSeen, outcomeCounts] {
      buffer.deallocate()
    }
    outcomeMythics.deallocate()
    outcomeHasMythic.deallocate()
    programMythics.deallocate()
    lanePositions.deallocate()
    laneBounds.deallocate()
    loopCounters.deallocate()
  }

  /// Zeroes every counter, ready for a new chunk.
  mutating func clear() {
    for buffer in [laneHistograms, boosterPrograms, poolMythics, pairDifferences, mythicPositions, lastSeen, outcomeCounts] {
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

  static var needsBoosterCards: Bool { false }
  static var countsCards: Bool { true }
  static var countsOutcomes: Bool { true }

  @inline(__always)
  mutating func chose(booster index: Int, kind: Int, program: Int, record: UnsafePointer<EngineTables.Program>) {
    programCounters[index &* programCount &+ program] &+= 1
    poolMythicCount &+= Int(truncatingIfNeeded: mythicsPerProgram[program])
  }

  /// Only for programs that tally each booster: their lanes, mythics and duplicates.
  @inline(__always)
  mutating func drew(
    booster index: Int, kind: Int, program: Int, record: UnsafePointer<EngineTables.Program>,
    cards: UnsafePointer<Int32>
  ) {
    lanes.reset(to: record)
    var position = lanePositions + Int(truncatingIfNeeded: laneBounds[program])
    let end = lanePositions + Int(truncatingIfNeeded: laneBounds[program &+ 1])
    while position < end {
      lanes.add(Int(truncatingIfNeeded: cards[Int(truncatingIfNeeded: position.pointee)]))
      position += 1
    }
    if record.pointee.mayRepeat {
      // Stops at the first repeat: the booster counts once however many it holds, and the
      // cards it leaves unmarked cannot be mistaken for the next booster's (a new serial).
      // The serial in a local: the stores into `seen` could otherwise alias the property.
      let seen = lastSeen.baseAddress!
      let mark = serial
      let size = Int(truncatingIfNeeded: record.pointee.size)
      var position = 0
      while position < size {
        let card = Int(truncatingIfNeeded: cards[position])
        if seen[card] == mark {
          duplicateBoosters &+= 1
          break
        }
        seen[card] = mark
        position &+= 1
      }
      serial = mark &+ 1
    }
    var histogram = laneHistograms.baseAddress! + kind &* laneCount &* laneStride
    for lane in 0..<laneCount {
      histogram[lanes.count(lane: lane)] &+= 1
      histogram += laneStride
    }
    let mythics = lanes.count(lane: 0)
    poolMythicCount &+= mythics
    if mythics > 0 { positionCounters[index] &+= 1 }
  }

  /// Only for programs that count outcomes: the outcome, and its mythics.
  @inline(__always)
  mutating func counted(booster index: Int, kind: Int, outcome: Int) {
    outcomeCounters[outcome] &+= 1
    poolMythicCount &+= outcomeMythics[outcome]
    positionCounters[index] &+= outcomeHasMythic[outcome]
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

  /// Adds this chunk's counts and the engine's card counts (`PoolEngine.siteCounts`) into a
  /// total, expanding the program counts into boosters per kind, variant combinations and (for
  /// programs with fixed lanes) lane histograms.
  func add(to tally: inout SimulationTally, siteCounts: UnsafeMutableBufferPointer<UInt32>) {
    tally.pools += pools
    tally.duplicateBoosters += duplicateBoosters
    // Boosters of programs with a fixed mythic count above 0, by position (programs that tally
    // each booster or count outcomes have 0 there; `drew` and `counted` count theirs).
    for index in 0..<boostersPerPool {
      for program in 0..<programCount where programMythics[program] > 0 {
        tally.mythicPositions[index] += Int(boosterPrograms[index * programCount + program])
      }
    }
    for program in 0..<programCount {
      let count = (0..<boostersPerPool).reduce(0) { $0 + Int(boosterPrograms[$1 * programCount + program]) }
      guard count > 0 else { continue }
      let kind = program / combinationCount
      tally.boostersByKind[kind] += count
      tally.combinations[program] += count
      tally.boosterSizes[programSizes[program]] += count
      if !programTalliedEach[program] && !programCountsOutcomes[program] {
        for lane in 0..<laneCount {
          let n = programLaneCounts[program * laneCount + lane]
          tally.laneHistograms[(kind * laneCount + lane) * laneStride + n] += count
        }
      }
    }
    for outcome in 0..<outcomeCounts.count {
      let count = Int(outcomeCounts[outcome])
      guard count > 0 else { continue }
      let kind = outcomePrograms[outcome] / combinationCount
      for lane in 0..<laneCount {
        let n = outcomeLaneCounts[outcome * laneCount + lane]
        tally.laneHistograms[(kind * laneCount + lane) * laneStride + n] += count
      }
    }
    Self.add(siteCounts, to: &tally.siteCards)
    Self.add(laneHistograms, to: &tally.laneHistograms)
    Self.add(poolMythics, to: &tally.poolMythics)
    Self.add(mythicPositions, to: &tally.mythicPositions)
    Self.add(pairDifferences, to: &tally.pairMythicDifferences)
  }

  private static func add(_ source: UnsafeMutableBufferPointer<UInt32>, to target: inout [Int]) {
    for index in target.indices { target[index] += Int(source[index]) }
  }
}
