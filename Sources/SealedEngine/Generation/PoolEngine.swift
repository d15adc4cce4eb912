import SealedSupport
import SealedRules

/// Generates pools from a `BoosterPlan` with no allocation per booster.
///
/// One engine belongs to one thread. It owns a copy of the sheets' card arrays in which every
/// uniform sheet is a persistent permutation: a distinct draw of k cards is a partial
/// Fisher–Yates shuffle of its first k entries, which leaves a permutation behind for the next
/// booster, so nothing is copied or reset per booster. The engine counts every card drawn
/// for its draw (site) itself, in `siteCounts`, when the observer asks for it; the observer
/// hears each booster's program when it is chosen and, if it asks, its cards once drawn.
///
/// The engine owns its buffers: it is noncopyable and frees them in `deinit`, so they live
/// exactly as long as the engine, and it holds `tables` (whose buffers its records point into)
/// alive as long.
struct PoolEngine: ~Copyable {
  let plan: BoosterPlan
  let tables: EngineTables
  /// This engine's copy of `tables.cardArrays`; its permutations get shuffled.
  let arrays: UnsafeMutableBufferPointer<Int32>
  /// The memory of `arrays` and `picks`.
  let block: UnsafeMutableRawPointer
  /// The pool being drawn: its boosters' programs, and their cards by booster and position.
  let poolPrograms: UnsafeMutablePointer<Int>
  let poolCards: UnsafeMutablePointer<Int32>
  /// The base of `arrays`.
  let sheetEntries: UnsafeMutablePointer<Int32>
  // Raw base pointers of the tables, so the loops load them once.
  let programs: UnsafePointer<EngineTables.Program>
  /// The plan's programs and batches bound to this engine's picks.
  let boundPrograms: UnsafeMutablePointer<BoundProgram>
  let boundBatches: UnsafeMutablePointer<BoundBatch>
  let boundAllocations: UnsafeMutablePointer<BoundAllocation>
  let boundSegments: UnsafeMutablePointer<BoundSegment>
  let boundAliasEntries: UnsafeMutablePointer<BoundAliasEntry>
  let boundCardEntries: UnsafeMutablePointer<BoundCardEntry>
  let codedEntries: UnsafeMutablePointer<EngineTables.CodedEntry>
  let codedPicks: UnsafeMutablePointer<BoundPick>
  /// Each booster's outcome in the pool being drawn (for programs that count outcomes).
  let poolOutcomes: UnsafeMutablePointer<Int>
  /// The plan's picks bound to this engine's card arrays and counters.
  let picks: UnsafeMutablePointer<BoundPick>
  /// `siteCounts[site * cardCount + card]`: how often each card was drawn at each site since
  /// the last `clearSiteCounts()`. 32-bit: clear at least every 2³² / `boosterSize` boosters.
  let siteCounts: UnsafeMutableBufferPointer<UInt32>
  let combinationThresholds: UnsafePointer<UInt64>
  let positionThresholds: UnsafePointer<UInt64>
  let poolBatches: UnsafePointer<EngineTables.PoolBatch>
  /// Whether the pool's first number gives every booster's digit (no booster's digit draws).
  let boosterDigitsDrawNothing: Bool

  /// Whether pools whose programs all take the fast path run their batches in the loop made
  /// for them (the default) rather than booster by booster with a test for the general path,
  /// as pools with other programs do. Both draw the same cards from the same random numbers.
  let runsBatchesDirectly: Bool

  /// - Parameter repeatsInRegisters: whether batches of repeated picks from one sheet run as
  ///   such (`takeRepeats`); false runs them pick by pick (for tests: the cards are the same).
  init(tables: EngineTables, runsBatchesDirectly: Bool = true, repeatsInRegisters: Bool = true) {
    self.plan = tables.plan
    self.runsBatchesDirectly = runsBatchesDirectly
    self.tables = tables
    // The sheet arrays and the picks share one block, placed by `EngineLayout`; the counters
    // start at a page boundary.
    let arrayCount = max(tables.cardArrays.count, 1)
    let picksOffset = (arrayCount * 4 + 63) / 64 * 64
    let pickStride = MemoryLayout<BoundPick>.stride
    let blockOffset = EngineLayout.blockOffset(tables: tables, picksOffset: picksOffset, pickStride: pickStride)
    let block = UnsafeMutableRawPointer.allocate(
      byteCount: blockOffset + picksOffset + max(tables.picks.count, 1) * pickStride, alignment: EngineLayout.pageSize)
    self.block = block
    let sheetEntries = (block + blockOffset).bindMemory(to: Int32.self, capacity: arrayCount)
    sheetEntries.initialize(from: tables.cardArrays.baseAddress, count: tables.cardArrays.count)
    self.sheetEntries = sheetEntries
    arrays = UnsafeMutableBufferPointer(start: sheetEntries, count: tables.cardArrays.count)
    poolPrograms = .allocate(capacity: max(tables.boostersPerPool, 1))
    poolCards = .allocate(capacity: max(tables.boostersPerPool * tables.boosterSize, 1))
    poolOutcomes = .allocate(capacity: max(tables.boostersPerPool, 1))
    poolOutcomes.initialize(repeating: 0, count: max(tables.boostersPerPool, 1))
    programs = tables.programs.baseAddress
    let countCapacity = max(plan.sites.count * tables.cardCount, 1)
    let counts = UnsafeMutableRawPointer.allocate(byteCount: countCapacity * 4, alignment: EngineLayout.pageSize)
      .bindMemory(to: UInt32.self, capacity: countCapacity)
    counts.initialize(repeating: 0, count: countCapacity)
    siteCounts = UnsafeMutableBufferPointer(start: counts, count: plan.sites.count * tables.cardCount)
    let picks = (block + blockOffset + picksOffset).bindMemory(to: BoundPick.self, capacity: max(tables.picks.count, 1))
    self.picks = picks
    tables.picks.withUnsafeBufferPointer { Self.bind($0, into: picks, arrays: sheetEntries, counts: counts) }
    precondition(Self.unrolledPicks == 12, "runBatches has straight-line kernels for 1 to 12 picks")
    boundBatches = Self.bindBatches(tables, picks: picks, repeats: repeatsInRegisters)
    // Every fast program runs as segments: one that has none gets a segment of one alternative,
    // its batches, after the plan's own.
    boundAllocations = Self.bindAllocations(tables, batches: boundBatches)
    boundSegments = .allocate(capacity: tables.segments.count + tables.programs.count)
    let entryCount = tables.segments.withUnsafeBufferPointer { $0.reduce(0) { $0 + Int($1.allocationCount) } }
    boundAliasEntries = .allocate(capacity: entryCount + tables.programs.count)
    codedEntries = .allocate(capacity: max(tables.codedEntries.count, 1))
    codedEntries.initialize(from: tables.codedEntries, count: tables.codedEntries.count)
    codedPicks = .allocate(capacity: max(tables.codedPicks.count, 1))
    Self.bind(tables.codedPicks, into: codedPicks, arrays: sheetEntries, counts: counts)
    boundCardEntries = Self.bindCardEntries(tables)
    let bound = Bound(
      allocations: boundAllocations, segments: boundSegments, aliasEntries: boundAliasEntries,
      cardEntries: boundCardEntries, codedEntries: codedEntries, codedPicks: codedPicks, counts: counts)
    let entriesUsed = Self.bindSegments(tables, bound)
    boundPrograms = Self.bindPrograms(tables, bound, batches: boundBatches, firstFreeEntry: entriesUsed)
    combinationThresholds = tables.combinationThresholds.baseAddress
    positionThresholds = tables.positionThresholds.baseAddress
    poolBatches = tables.poolBatches.baseAddress
    boosterDigitsDrawNothing = !tables.poolBatches.indices.dropFirst().contains { tables.poolBatches[$0].starts }
  }

  /// Frees the engine's buffers (the tables go with the last engine or tally holding them).
  deinit {
    block.deallocate()
    poolPrograms.deallocate()
    poolCards.deallocate()
    UnsafeMutableRawPointer(siteCounts.baseAddress!).deallocate()
    boundBatches.deallocate()
    boundAllocations.deallocate()
    boundSegments.deallocate()
    boundAliasEntries.deallocate()
    boundCardEntries.deallocate()
    codedEntries.deallocate()
    codedPicks.deallocate()
    poolOutcomes.deallocate()
    boundPrograms.deallocate()
  }

  /// Zeroes `siteCounts`.
  func clearSiteCounts() {
    siteCounts.update(repeating: 0)
  }

  /// A number that depends on the order of every sheet and table (for benchmarks).
  func sheetChecksum() -> UInt64 {
    arrays.reduce(0) { ($0 &<< 5 | $0 &>> 59) ^ UInt64(truncatingIfNeeded: $1) }
  }

  /// Puts every sheet and table back in its original order, as at the start of a chunk.
  func resetPermutations() {
    sheetEntries.update(from: tables.cardArrays.baseAddress, count: tables.cardArrays.count)
  }

  /// Generates `pools` pools, handing every booster to `observer`.
  ///
  /// Each pool is made in passes: the pool's random choices (the mythic booster's position and
  /// every booster's variant combination, hence its program), then the boosters' cards, then
  /// the boosters whose cards the observer reads. The choices are a function of their own, so
  /// that the compiler keeps each loop's state in registers; the cards' pass is inlined into
  /// the pool loop when the observer reads no cards (`generateCounting`: 5% more war sealed
  /// boosters per second than a call per pool), and a function of its own otherwise.
  @inline(__always)
  func generate<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    pools: Int, using rng: inout G, observer: inout O
  ) {
    let readsCards = O.needsBoosterCards || tables.anyProgramTalliesEachBooster
    let countsOutcomes = O.countsOutcomes && tables.anyProgramCountsOutcomes
    // When every program takes the fast path, the second pass runs the boosters' batches in one
    // loop, with no test for the general path; for an observer that reads no cards, the whole
    // pool does (`generateCounting`).
    let runsDirectly = runsBatchesDirectly && tables.allProgramsUsePicks
    if runsDirectly && !readsCards {
      if tables.segments.isEmpty {
        generatePlainCounting(pools: pools, using: &rng, observer: &observer)
      } else {
        generateSegmentsCounting(pools: pools, using: &rng, observer: &observer)
      }
      return
    }
    var pool = 0
    while pool < pools {
      observer.beginPool()
      let mythicPosition = choosePrograms(using: &rng, observer: &observer)
      if runsDirectly {
        runBatchesFilling(using: &rng, for: O.self)
      } else {
        runBoosters(using: &rng, for: O.self)
      }
      if readsCards { showCards(mythicPosition: mythicPosition, to: &observer) }
      if countsOutcomes { showOutcomes(mythicPosition: mythicPosition, to: &observer) }
      observer.endPool()
      pool &+= 1
    }
  }

  /// `generateCounting` for plans without segments (war sealed's).
  @inline(never)
  func generatePlainCounting<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    pools: Int, using generator: inout G, observer: inout O
  ) {
    generateCounting(pools: pools, plain: true, using: &generator, observer: &observer)
  }

  /// `generateCounting` for plans with segments (boosters as printed).
  @inline(never)
  func generateSegmentsCounting<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    pools: Int, using generator: inout G, observer: inout O
  ) {
    generateCounting(pools: pools, plain: false, using: &generator, observer: &observer)
  }

  /// `generate` for plans whose programs all take the fast path, for an observer that reads no
  /// cards (the pools of every run): the pool's passes in one loop, the cards' pass inlined, so
  /// that its state is not handed over through memory from call to call. `plain` is a constant
  /// where this is inlined.
  @inline(__always)
  func generateCounting<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    pools: Int, plain: Bool, using generator: inout G, observer: inout O
  ) {
    var rng = generator
    defer { generator = rng }
    let countsOutcomes = O.countsOutcomes && tables.anyProgramCountsOutcomes
    var pool = 0
    while pool < pools {
      observer.beginPool()
      let mythicPosition = choosePrograms(using: &rng, observer: &observer)
      runBatches(fillingCards: false, plain: plain, using: &rng, for: O.self)
      if countsOutcomes { showOutcomes(mythicPosition: mythicPosition, to: &observer) }
      observer.endPool()
      pool &+= 1
    }
  }

  /// Chooses the mythic booster's position and each booster's program (into `poolPrograms`),
  /// telling the observer. Returns the position (-1 without a mythic booster).
  @inline(never)
  func choosePrograms<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    using rng: inout G, observer: inout O
  ) -> Int {
    let boosters = tables.boostersPerPool
    let combinations = tables.combinationCount
    // Without a mythic booster every booster is of kind 0; with one, the others are kind 1.
    let otherKind = tables.hasMythicPosition ? 1 : 0
    // Where the programs (and combination thresholds) of the other kind start.
    let otherPrograms = otherKind &* combinations
    var low: UInt64 = 0
    if poolBatches.pointee.starts {
      low = Self.draw(poolBatches.pointee.product, poolBatches.pointee.threshold, using: &rng)
    }
    var mythicPosition = -1
    if tables.hasMythicPosition {
      let digit = Self.digit(&low, tables.positionRange)
      mythicPosition =
        tables.positionDigitIsPosition
        ? Int(truncatingIfNeeded: digit) : Self.choose(digit, positionThresholds, boosters &- 1)
    }
    // The common case, every booster's digit from the number already drawn and two variant
    // combinations, gets a loop of its own with nothing else in it.
    if boosterDigitsDrawNothing && combinations == 2 {
      chooseEach(
        &low, mythicPosition: mythicPosition, otherPrograms: otherPrograms, draws: false, twoCombinations: true,
        using: &rng, observer: &observer)
    } else {
      chooseEach(
        &low, mythicPosition: mythicPosition, otherPrograms: otherPrograms, draws: true, twoCombinations: false,
        using: &rng, observer: &observer)
    }
    return mythicPosition
  }

  /// Each booster's program into `poolPrograms`, from the digits of `low` and, where `draws`,
  /// of the numbers drawn where `poolBatches` says. With `twoCombinations` the choice is one
  /// comparison (`choose` with a constant count). Both flags are constants where this is inlined.
  @inline(__always)
  func chooseEach<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    _ low: inout UInt64, mythicPosition: Int, otherPrograms: Int, draws: Bool, twoCombinations: Bool,
    using rng: inout G, observer: inout O
  ) {
    let otherKind = tables.hasMythicPosition ? 1 : 0
    let boosters = tables.boostersPerPool
    let combinationRange = tables.combinationRange
    let comparisons = tables.combinationCount &- 1
    var index = 0
    while index < boosters {
      if draws {
        let digitBatch = poolBatches + (index &+ 1)
        if digitBatch.pointee.starts {
          low = Self.draw(digitBatch.pointee.product, digitBatch.pointee.threshold, using: &rng)
        }
      }
      let firstProgram = index == mythicPosition ? 0 : otherPrograms
      let digit = Self.digit(&low, combinationRange)
      let thresholds = combinationThresholds + firstProgram
      let program = firstProgram &+ Self.choose(digit, thresholds, twoCombinations ? 1 : comparisons)
      poolPrograms[index] = program
      observer.chose(
        booster: index, kind: index == mythicPosition ? 0 : otherKind, program: program, record: programs + program)
      index &+= 1
    }
  }

  /// Hands the observer the cards of the boosters it reads.
  @inline(never)
  func showCards<O: PoolObserver & ~Copyable>(mythicPosition: Int, to observer: inout O) {
    let boosterSize = tables.boosterSize
    let otherKind = tables.hasMythicPosition ? 1 : 0
    for index in 0..<tables.boostersPerPool {
      let program = poolPrograms[index]
      let record = programs + program
      if O.needsBoosterCards || record.pointee.tallyEachBooster {
        observer.drew(
          booster: index, kind: index == mythicPosition ? 0 : otherKind, program: program, record: record,
          cards: poolCards + index &* boosterSize)
      }
    }
  }

  /// Hands the observer the outcomes of the boosters whose programs count outcomes.
  @inline(never)
  func showOutcomes<O: PoolObserver & ~Copyable>(mythicPosition: Int, to observer: inout O) {
    let otherKind = tables.hasMythicPosition ? 1 : 0
    for index in 0..<tables.boostersPerPool {
      let program = poolPrograms[index]
      if programs[program].countsOutcomes {
        observer.counted(booster: index, kind: index == mythicPosition ? 0 : otherKind, outcome: poolOutcomes[index])
      }
    }
  }

  /// A uniform 64-bit number x whose digits in ranges of the given product are exactly
  /// uniform: x × product mod 2⁶⁴ is at least `threshold` = 2⁶⁴ mod product (see
  /// `EngineTables.Batch`).
  @inline(__always)
  static func draw<G: RandomNumberGenerator>(
    _ product: UInt64, _ threshold: UInt64, using rng: inout G
  ) -> UInt64 {
    var x = rng.next()
    while x &* product < threshold { x = rng.next() }
    return x
  }

  /// The next digit in `0..<range` of a batch's number; `low` keeps the rest.
  @inline(__always)
  static func digit(_ low: inout UInt64, _ range: UInt64) -> UInt64 {
    let product = low.multipliedFullWidth(by: range)
    low = product.low
    return product.high
  }

  /// Whether `card` is among the first `count` cards at `cards`: the test of a distinct draw
  /// that draws a card again while the draw already holds it.
  @inline(__always)
  static func contains(_ card: Int32, _ cards: UnsafeMutablePointer<Int32>, _ count: Int) -> Bool {
    for p in 0..<count where cards[p] == card { return true }
    return false
  }

  /// The number of `thresholds[0..<count]` at or below `digit`, counted without branches (the
  /// outcome is random, so a branch would be mispredicted often).
  @inline(__always)
  static func choose(_ digit: UInt64, _ thresholds: UnsafePointer<UInt64>, _ count: Int) -> Int {
    if count == 1 { return digit >= thresholds[0] ? 1 : 0 }
    var index = 0
    var k = 0
    while k < count {
      index &+= digit >= thresholds[k] ? 1 : 0
      k &+= 1
    }
    return index
  }

}
