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
struct PoolEngine {
  let plan: BoosterPlan
  let tables: EngineTables
  /// This engine's copy of `tables.cardArrays`; its permutations get shuffled.
  private let arrays: UnsafeMutableBufferPointer<Int32>
  /// The memory of `arrays` and `picks`.
  private let block: UnsafeMutableRawPointer
  /// The pool being drawn: its boosters' programs, and their cards by booster and position.
  private let poolPrograms: UnsafeMutablePointer<Int>
  private let poolCards: UnsafeMutablePointer<Int32>
  /// The base of `arrays`.
  let sheetEntries: UnsafeMutablePointer<Int32>
  // Raw base pointers of the tables, so the loops load them once.
  private let programs: UnsafePointer<EngineTables.Program>
  /// The plan's programs and batches bound to this engine's picks.
  private let boundPrograms: UnsafeMutablePointer<BoundProgram>
  private let boundBatches: UnsafeMutablePointer<BoundBatch>
  private let boundAllocations: UnsafeMutablePointer<BoundAllocation>
  private let boundSegments: UnsafeMutablePointer<BoundSegment>
  private let boundAliasEntries: UnsafeMutablePointer<BoundAliasEntry>
  private let boundCardEntries: UnsafeMutablePointer<BoundCardEntry>
  private let codedEntries: UnsafeMutablePointer<EngineTables.CodedEntry>
  private let codedPicks: UnsafeMutablePointer<BoundPick>
  /// Each booster's outcome in the pool being drawn (for programs that count outcomes).
  private let poolOutcomes: UnsafeMutablePointer<Int>
  /// The plan's picks bound to this engine's card arrays and counters.
  private let picks: UnsafeMutablePointer<BoundPick>
  /// `siteCounts[site * cardCount + card]`: how often each card was drawn at each site since
  /// the last `clearSiteCounts()`. 32-bit: clear at least every 2³² / `boosterSize` boosters.
  let siteCounts: UnsafeMutableBufferPointer<UInt32>
  private let combinationThresholds: UnsafePointer<UInt64>
  private let positionThresholds: UnsafePointer<UInt64>
  private let poolBatches: UnsafePointer<EngineTables.PoolBatch>
  /// Whether the pool's first number gives every booster's digit (no booster's digit draws).
  private let boosterDigitsDrawNothing: Bool

  /// Whether pools whose programs all take the fast path run their batches in the loop made
  /// for them (the default) rather than booster by booster with a test for the general path,
  /// as pools with other programs do. Both draw the same cards from the same random numbers.
  let runsBatchesDirectly: Bool

  init(tables: EngineTables, runsBatchesDirectly: Bool = true) {
    self.plan = tables.plan
    self.runsBatchesDirectly = runsBatchesDirectly
    self.tables = tables
    // The sheet arrays and the picks share one block, placed by `EngineLayout`; the counters
    // start at a page boundary.
    let arrayCount = max(tables.cardArrays.count, 1)
    let picksOffset = (arrayCount * 4 + 63) / 64 * 64
    let pickStride = MemoryLayout<BoundPick>.stride
    let blockOffset = EngineLayout.blockOffset(tables: tables, picksOffset: picksOffset, pickStride: pickStride)
    block = .allocate(
      byteCount: blockOffset + picksOffset + max(tables.picks.count, 1) * pickStride, alignment: EngineLayout.pageSize)
    arrays = UnsafeMutableBufferPointer(
      start: (block + blockOffset).bindMemory(to: Int32.self, capacity: arrayCount), count: tables.cardArrays.count)
    _ = arrays.initialize(from: tables.cardArrays)
    poolPrograms = .allocate(capacity: max(tables.boostersPerPool, 1))
    poolCards = .allocate(capacity: max(tables.boostersPerPool * tables.boosterSize, 1))
    poolOutcomes = .allocate(capacity: max(tables.boostersPerPool, 1))
    poolOutcomes.initialize(repeating: 0, count: max(tables.boostersPerPool, 1))
    sheetEntries = arrays.baseAddress!
    programs = UnsafePointer(tables.programs.baseAddress!)
    let countCapacity = max(plan.sites.count * tables.cardCount, 1)
    siteCounts = UnsafeMutableBufferPointer(
      start: UnsafeMutableRawPointer.allocate(byteCount: countCapacity * 4, alignment: EngineLayout.pageSize)
        .bindMemory(to: UInt32.self, capacity: countCapacity),
      count: plan.sites.count * tables.cardCount)
    siteCounts.initialize(repeating: 0)
    picks = (block + blockOffset + picksOffset).bindMemory(to: BoundPick.self, capacity: max(tables.picks.count, 1))
    for (index, pick) in tables.picks.enumerated() {
      (picks + index).initialize(
        to: BoundPick(
          base: arrays.baseAddress! + Int(pick.offset), counts: siteCounts.baseAddress! + Int(pick.row),
          range: pick.range, position: pick.position))
    }
    precondition(Self.unrolledPicks == 12, "runBatches has straight-line kernels for 1 to 12 picks")
    boundBatches = .allocate(capacity: max(tables.batches.count, 1))
    for (index, batch) in tables.batches.enumerated() {
      let count = Int(batch.pickEnd - batch.pickStart)
      (boundBatches + index).initialize(
        to: BoundBatch(
          pickStart: UnsafePointer(picks + Int(batch.pickStart)), pickEnd: UnsafePointer(picks + Int(batch.pickEnd)),
          product: batch.product, threshold: batch.threshold, run: count <= Self.unrolledPicks ? count : 0))
    }
    // Every fast program runs as segments: one that has none gets a segment of one alternative,
    // its batches, after the plan's own.
    boundAllocations = .allocate(capacity: tables.allocations.count + tables.programs.count)
    for (index, allocation) in tables.allocations.enumerated() {
      (boundAllocations + index).initialize(
        to: BoundAllocation(
          firstBatch: UnsafePointer(boundBatches + Int(allocation.batchStart)),
          batchEnd: UnsafePointer(boundBatches + Int(allocation.batchStart + allocation.batchCount))))
    }
    boundSegments = .allocate(capacity: tables.segments.count + tables.programs.count)
    let entryCount = tables.segments.reduce(0) { $0 + Int($1.allocationCount) }
    boundAliasEntries = .allocate(capacity: entryCount + tables.programs.count)
    codedEntries = .allocate(capacity: max(tables.codedEntries.count, 1))
    _ = UnsafeMutableBufferPointer(start: codedEntries, count: tables.codedEntries.count).initialize(from: tables.codedEntries)
    codedPicks = .allocate(capacity: max(tables.codedPicks.count, 1))
    for (index, pick) in tables.codedPicks.enumerated() {
      (codedPicks + index).initialize(
        to: BoundPick(
          base: arrays.baseAddress! + Int(pick.offset), counts: siteCounts.baseAddress! + Int(pick.row),
          range: pick.range, position: pick.position))
    }
    boundCardEntries = .allocate(capacity: max(tables.cardAliasThresholds.count, 1))
    for index in tables.cardAliasThresholds.indices {
      func word(_ card: Int32, _ step: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: card)) | UInt64(UInt32(bitPattern: step)) << 32
      }
      (boundCardEntries + index).initialize(
        to: BoundCardEntry(
          threshold: tables.cardAliasThresholds[index],
          keep: word(tables.cardAliasKeep[index], tables.cardAliasKeepStep[index]),
          other: word(tables.cardAliasOther[index], tables.cardAliasOtherStep[index])))
    }
    var entry = 0
    for (index, segment) in tables.segments.enumerated() {
      if segment.picksCard {
        (boundSegments + index).initialize(
          to: BoundSegment(
            allocations: UnsafePointer(boundAllocations), count: UInt64(segment.allocationCount),
            entries: UnsafePointer(boundAliasEntries), picksCard: true,
            cards: UnsafePointer(boundCardEntries + Int(segment.aliasOffset)),
            counts: siteCounts.baseAddress! + Int(segment.row), position: Int(segment.position), coded: false,
            codedEntries: UnsafePointer(codedEntries), codedPicks: UnsafePointer(codedPicks), extras: 0))
        continue
      }
      if segment.coded {
        (boundSegments + index).initialize(
          to: BoundSegment(
            allocations: UnsafePointer(boundAllocations), count: UInt64(segment.allocationCount),
            entries: UnsafePointer(boundAliasEntries), picksCard: false, cards: UnsafePointer(boundCardEntries),
            counts: siteCounts.baseAddress!, position: Int(segment.position), coded: true,
            codedEntries: UnsafePointer(codedEntries + Int(segment.aliasOffset)),
            codedPicks: UnsafePointer(codedPicks + Int(segment.codedPickStart)), extras: Int(segment.extras)))
        continue
      }
      let first = UnsafePointer(boundAllocations + Int(segment.allocationStart))
      let count = Int(segment.allocationCount)
      for alternative in 0..<count {
        let alias = Int(segment.aliasOffset) + alternative
        (boundAliasEntries + entry + alternative).initialize(
          to: count == 1
            ? BoundAliasEntry(threshold: .max, keep: first.pointee, other: first.pointee)
            : BoundAliasEntry(
              threshold: tables.aliasThresholds[alias], keep: first[Int(tables.aliasPrimary[alias])],
              other: first[Int(tables.aliasSecondary[alias])]))
      }
      (boundSegments + index).initialize(
        to: BoundSegment(
          allocations: first, count: UInt64(count), entries: UnsafePointer(boundAliasEntries + entry), picksCard: false,
          cards: UnsafePointer(boundCardEntries), counts: siteCounts.baseAddress!, position: 0, coded: false,
          codedEntries: UnsafePointer(codedEntries), codedPicks: UnsafePointer(codedPicks), extras: 0))
      entry += count
    }
    boundPrograms = .allocate(capacity: max(tables.programs.count, 1))
    var extraSegment = tables.segments.count
    var extraAllocation = tables.allocations.count
    for (index, program) in tables.programs.enumerated() {
      let fast = program.batchStart >= 0
      let firstBatch = UnsafePointer(boundBatches + (fast ? Int(program.batchStart) : 0))
      let batchEnd = UnsafePointer(boundBatches + (fast ? Int(program.batchStart + program.batchCount) : 0))
      var segments = UnsafePointer(boundSegments + Int(program.segmentStart))
      var segmentCount = Int(program.segmentCount)
      if fast && segmentCount == 0 {
        let allocation = boundAllocations + extraAllocation
        allocation.initialize(to: BoundAllocation(firstBatch: firstBatch, batchEnd: batchEnd))
        (boundAliasEntries + entry).initialize(
          to: BoundAliasEntry(threshold: .max, keep: allocation.pointee, other: allocation.pointee))
        (boundSegments + extraSegment).initialize(
          to: BoundSegment(
            allocations: UnsafePointer(allocation), count: 1, entries: UnsafePointer(boundAliasEntries + entry),
            picksCard: false, cards: UnsafePointer(boundCardEntries), counts: siteCounts.baseAddress!, position: 0,
            coded: false, codedEntries: UnsafePointer(codedEntries), codedPicks: UnsafePointer(codedPicks), extras: 0))
        segments = UnsafePointer(boundSegments + extraSegment)
        segmentCount = 1
        entry += 1
        extraSegment += 1
        extraAllocation += 1
      }
      (boundPrograms + index).initialize(
        to: BoundProgram(
          firstBatch: firstBatch, batchEnd: batchEnd, record: UnsafePointer(tables.programs.baseAddress! + index),
          usesPicks: fast, segments: segments, segmentCount: segmentCount))
    }
    combinationThresholds = UnsafePointer(tables.combinationThresholds.baseAddress!)
    positionThresholds = UnsafePointer(tables.positionThresholds.baseAddress!)
    poolBatches = UnsafePointer(tables.poolBatches.baseAddress!)
    boosterDigitsDrawNothing = !tables.poolBatches.dropFirst().contains { $0.starts }
  }

  /// Frees the engine's buffers; call once when done.
  func release() {
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
    _ = arrays.update(fromContentsOf: tables.cardArrays)
  }

  /// Generates `pools` pools, handing every booster to `observer`.
  ///
  /// Each pool is made in passes, each a function of its own so that the compiler can keep its
  /// loop's state in registers: the pool's random choices (the mythic booster's position and
  /// every booster's variant combination, hence its program), then the boosters' cards, then
  /// the boosters whose cards the observer reads.
  @inline(__always)
  func generate<G: RandomNumberGenerator, O: PoolObserver>(
    pools: Int, using rng: inout G, observer: inout O
  ) {
    let readsCards = O.needsBoosterCards || tables.anyProgramTalliesEachBooster
    let countsOutcomes = O.countsOutcomes && tables.anyProgramCountsOutcomes
    // When every program takes the fast path, the second pass runs the boosters' batches in one
    // loop, with no test for the general path.
    let runsDirectly = runsBatchesDirectly && tables.allProgramsUsePicks
    var pool = 0
    while pool < pools {
      observer.beginPool()
      let mythicPosition = choosePrograms(using: &rng, observer: &observer)
      if runsDirectly {
        if readsCards {
          runBatchesFilling(using: &rng, for: O.self)
        } else {
          runBatchesCounting(using: &rng, for: O.self)
        }
      } else {
        runBoosters(using: &rng, for: O.self)
      }
      if readsCards { showCards(mythicPosition: mythicPosition, to: &observer) }
      if countsOutcomes { showOutcomes(mythicPosition: mythicPosition, to: &observer) }
      observer.endPool()
      pool &+= 1
    }
  }

  /// Chooses the mythic booster's position and each booster's program (into `poolPrograms`),
  /// telling the observer. Returns the position (-1 without a mythic booster).
  @inline(never)
  private func choosePrograms<G: RandomNumberGenerator, O: PoolObserver>(
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
  private func chooseEach<G: RandomNumberGenerator, O: PoolObserver>(
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
  private func showCards<O: PoolObserver>(mythicPosition: Int, to observer: inout O) {
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
  private func showOutcomes<O: PoolObserver>(mythicPosition: Int, to observer: inout O) {
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
  private static func draw<G: RandomNumberGenerator>(
    _ product: UInt64, _ threshold: UInt64, using rng: inout G
  ) -> UInt64 {
    var x = rng.next()
    while x &* product < threshold { x = rng.next() }
    return x
  }

  /// The next digit in `0..<range` of a batch's number; `low` keeps the rest.
  @inline(__always)
  private static func digit(_ low: inout UInt64, _ range: UInt64) -> UInt64 {
    let product = low.multipliedFullWidth(by: range)
    low = product.low
    return product.high
  }

  /// The number of `thresholds[0..<count]` at or below `digit`, counted without branches (the
  /// outcome is random, so a branch would be mispredicted often).
  @inline(__always)
  private static func choose(_ digit: UInt64, _ thresholds: UnsafePointer<UInt64>, _ count: Int) -> Int {
    if count == 1 { return digit >= thresholds[0] ? 1 : 0 }
    var index = 0
    var k = 0
    while k < count {
      index &+= digit >= thresholds[k] ? 1 : 0
      k &+= 1
    }
    return index
  }

  /// The cards of a pool whose programs all take the fast path: each booster's batches in turn.
  /// Every card is a uniform pick and a swap, several picks per random number; the cards fill
  /// `poolCards` when `fillingCards` is true (a constant where this is inlined, so each caller
  /// gets a loop of its own).
  @inline(__always)
  private func runBatches<G: RandomNumberGenerator, O: PoolObserver>(
    fillingCards: Bool, plain: Bool, using generator: inout G, for _: O.Type
  ) {
    // A local copy, which the optimiser keeps in registers (stores through the card pointers
    // could otherwise alias the caller's generator).
    var rng = generator
    defer { generator = rng }
    let boosters = tables.boostersPerPool
    let boosterSize = tables.boosterSize
    var index = 0
    if plain {
      // No program has segments of its own: each runs its batches.
      while index < boosters {
        let program = boundPrograms + poolPrograms[index]
        Self.runUnrolled(
          from: program.pointee.firstBatch, to: program.pointee.batchEnd, into: poolCards + index &* boosterSize,
          fillingCards: fillingCards, using: &rng, for: O.self)
        index &+= 1
      }
      return
    }
    while index < boosters {
      let booster = poolCards + index &* boosterSize
      // Every fast program has at least one segment (see `init`).
      let program = boundPrograms + poolPrograms[index]
      var segment = program.pointee.segments
      let end = segment + program.pointee.segmentCount
      var outcome = Int(truncatingIfNeeded: program.pointee.record.pointee.outcomeStart)
      repeat {
        if segment.pointee.picksCard {
          let card = Self.pickCard(segment, outcome: &outcome, using: &rng, for: O.self)
          if fillingCards { booster[segment.pointee.position] = card }
        } else if segment.pointee.coded {
          Self.runCoded(segment, into: booster, fillingCards: fillingCards, using: &rng, for: O.self)
        } else {
          let allocation = Self.chooseAllocation(segment, using: &rng)
          Self.runLooped(
            from: allocation.firstBatch, to: allocation.batchEnd, into: booster, fillingCards: fillingCards,
            using: &rng, for: O.self)
        }
        segment += 1
      } while segment < end
      poolOutcomes[index] = outcome
      index &+= 1
    }
  }

  /// The batches from `first` to `end`: each takes one random number, and runs straight through
  /// when it has up to `unrolledPicks` picks (most batches are that short), else in a loop.
  @inline(__always)
  private static func runUnrolled<G: RandomNumberGenerator, O: PoolObserver>(
    from first: UnsafePointer<BoundBatch>, to end: UnsafePointer<BoundBatch>, into booster: UnsafeMutablePointer<Int32>,
    fillingCards: Bool, using rng: inout G, for _: O.Type
  ) {
    var batch = first
    while batch < end {
      var low = Self.draw(batch.pointee.product, batch.pointee.threshold, using: &rng)
      let pick = batch.pointee.pickStart
      switch batch.pointee.run & 15 {
      case 1: Self.takeRun(1, pick, &low, booster, fillingCards, O.self)
      case 2: Self.takeRun(2, pick, &low, booster, fillingCards, O.self)
      case 3: Self.takeRun(3, pick, &low, booster, fillingCards, O.self)
      case 4: Self.takeRun(4, pick, &low, booster, fillingCards, O.self)
      case 5: Self.takeRun(5, pick, &low, booster, fillingCards, O.self)
      case 6: Self.takeRun(6, pick, &low, booster, fillingCards, O.self)
      case 7: Self.takeRun(7, pick, &low, booster, fillingCards, O.self)
      case 8: Self.takeRun(8, pick, &low, booster, fillingCards, O.self)
      case 9: Self.takeRun(9, pick, &low, booster, fillingCards, O.self)
      case 10: Self.takeRun(10, pick, &low, booster, fillingCards, O.self)
      case 11: Self.takeRun(11, pick, &low, booster, fillingCards, O.self)
      case 12: Self.takeRun(12, pick, &low, booster, fillingCards, O.self)
      // 0: a batch longer than `unrolledPicks` (13 to 15 never occur; listed so that the
      // switch needs no range check).
      case 0, 13, 14, 15:
        var next = pick
        repeat {
          let card = Self.takeAndCount(next, &low, O.self)
          if fillingCards { booster[Int(truncatingIfNeeded: next.pointee.position)] = card }
          next += 1
        } while next < batch.pointee.pickEnd
      default: break
      }
      batch += 1
    }
  }

  /// The batches from `first` to `end`, each a loop over its picks: for segments, whose loop
  /// the compiler keeps in registers only when the batch kernel is this small.
  @inline(__always)
  private static func runLooped<G: RandomNumberGenerator, O: PoolObserver>(
    from first: UnsafePointer<BoundBatch>, to end: UnsafePointer<BoundBatch>, into booster: UnsafeMutablePointer<Int32>,
    fillingCards: Bool, using rng: inout G, for _: O.Type
  ) {
    var batch = first
    while batch < end {
      var low = Self.draw(batch.pointee.product, batch.pointee.threshold, using: &rng)
      var next = batch.pointee.pickStart
      let last = batch.pointee.pickEnd
      repeat {
        let card = Self.takeAndCount(next, &low, O.self)
        if fillingCards { booster[Int(truncatingIfNeeded: next.pointee.position)] = card }
        next += 1
      } while next < last
      batch += 1
    }
  }

  /// The longest batch `runBatches` runs without a loop: its switch lists kernels for 1 to 12
  /// picks and reads `BoundBatch.run` modulo 16, so this must stay at 12 (checked in `init`).
  static let unrolledPicks = 12

  /// `count` picks from `pick` on, written out in full where `count` is a constant.
  @inline(__always)
  private static func takeRun<O: PoolObserver>(
    _ count: Int, _ pick: UnsafePointer<BoundPick>, _ low: inout UInt64, _ booster: UnsafeMutablePointer<Int32>,
    _ fillingCards: Bool, _: O.Type
  ) {
    for offset in 0..<count {
      let card = takeAndCount(pick + offset, &low, O.self)
      if fillingCards { booster[Int(truncatingIfNeeded: pick[offset].position)] = card }
    }
  }

  /// `runBatches` for observers that read no cards: nothing is written to `poolCards`. Plans
  /// whose programs have no segments of their own get a loop without them (each loop is a
  /// function of its own, so that the compiler inlines the batch kernels into it).
  private func runBatchesCounting<G: RandomNumberGenerator, O: PoolObserver>(using rng: inout G, for _: O.Type) {
    if tables.segments.isEmpty {
      runPlainBatchesCounting(using: &rng, for: O.self)
    } else {
      runSegmentsCounting(using: &rng, for: O.self)
    }
  }

  @inline(never)
  private func runPlainBatchesCounting<G: RandomNumberGenerator, O: PoolObserver>(using rng: inout G, for _: O.Type) {
    runBatches(fillingCards: false, plain: true, using: &rng, for: O.self)
  }

  @inline(never)
  private func runSegmentsCounting<G: RandomNumberGenerator, O: PoolObserver>(using rng: inout G, for _: O.Type) {
    runBatches(fillingCards: false, plain: false, using: &rng, for: O.self)
  }

  /// `runBatches` filling `poolCards`.
  private func runBatchesFilling<G: RandomNumberGenerator, O: PoolObserver>(using rng: inout G, for _: O.Type) {
    if tables.segments.isEmpty {
      runPlainBatchesFilling(using: &rng, for: O.self)
    } else {
      runSegmentsFilling(using: &rng, for: O.self)
    }
  }

  @inline(never)
  private func runPlainBatchesFilling<G: RandomNumberGenerator, O: PoolObserver>(using rng: inout G, for _: O.Type) {
    runBatches(fillingCards: true, plain: true, using: &rng, for: O.self)
  }

  @inline(never)
  private func runSegmentsFilling<G: RandomNumberGenerator, O: PoolObserver>(using rng: inout G, for _: O.Type) {
    runBatches(fillingCards: true, plain: false, using: &rng, for: O.self)
  }

  /// The cards of a pool booster by booster, when some programs take the general path.
  @inline(never)
  private func runBoosters<G: RandomNumberGenerator, O: PoolObserver>(using generator: inout G, for _: O.Type) {
    var rng = generator
    defer { generator = rng }
    for index in 0..<tables.boostersPerPool {
      let booster = poolCards + index * tables.boosterSize
      let program = poolPrograms[index]
      let bound = UnsafePointer(boundPrograms + program)
      if bound.pointee.usesPicks {
        var segment = bound.pointee.segments
        let end = segment + bound.pointee.segmentCount
        var outcome = Int(truncatingIfNeeded: bound.pointee.record.pointee.outcomeStart)
        while segment < end {
          if segment.pointee.picksCard {
            booster[segment.pointee.position] = Self.pickCard(segment, outcome: &outcome, using: &rng, for: O.self)
          } else if segment.pointee.coded {
            Self.runCoded(segment, into: booster, fillingCards: true, using: &rng, for: O.self)
          } else {
            let allocation = Self.chooseAllocation(segment, using: &rng)
            Self.runBatchList(
              from: allocation.firstBatch, to: allocation.batchEnd, into: booster, using: &rng, for: O.self)
          }
          segment += 1
        }
        poolOutcomes[index] = outcome
      } else {
        runDraws(bound.pointee.record, program: program, into: booster, using: &rng, for: O.self)
      }
    }
  }

  /// The alternative a segment takes for this booster: by its alias table when it has several
  /// (a colour-balanced draw's group counts, a one-card draw's class). One 64-bit number x
  /// gives both: the entry is the high word of x × count (exactly uniform: Lemire's method,
  /// rejecting the 2⁶⁴ mod count values of x that would bias it), and the low word, which given
  /// the entry is uniform on a grid of spacing `count`, is compared with the entry's 64-bit
  /// threshold (so each alternative's chance differs from its alias table's by under
  /// count / 2⁶⁴).
  @inline(__always)
  private static func chooseAllocation<G: RandomNumberGenerator>(
    _ segment: UnsafePointer<BoundSegment>, using rng: inout G
  ) -> BoundAllocation {
    let count = segment.pointee.count
    if count == 1 { return segment.pointee.entries.pointee.keep }
    var product = rng.next().multipliedFullWidth(by: count)
    if product.low < count {
      let threshold = (0 &- count) % count
      while product.low < threshold { product = rng.next().multipliedFullWidth(by: count) }
    }
    let entry = segment.pointee.entries + Int(truncatingIfNeeded: product.high)
    // Without a branch: the outcome is random, so a branch would often be mispredicted.
    let mask = 0 &- UInt(truncatingIfNeeded: (product.low >= entry.pointee.threshold ? 1 : 0) as Int)
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
  private static func runCoded<G: RandomNumberGenerator, O: PoolObserver>(
    _ segment: UnsafePointer<BoundSegment>, into booster: UnsafeMutablePointer<Int32>, fillingCards: Bool,
    using rng: inout G, for _: O.Type
  ) {
    let count = segment.pointee.count
    var product = rng.next().multipliedFullWidth(by: count)
    if product.low < count {
      let threshold = (0 &- count) % count
      while product.low < threshold { product = rng.next().multipliedFullWidth(by: count) }
    }
    let entry = segment.pointee.codedEntries + Int(truncatingIfNeeded: product.high)
    // Without a branch: the outcome is random, so a branch would often be mispredicted.
    let mask = 0 &- UInt64(truncatingIfNeeded: (product.low >= entry.pointee.threshold ? 1 : 0) as Int)
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

  /// The card a card-picking segment takes for this booster, counted at its site, by its alias
  /// table and one 64-bit number as in `chooseAllocation`; adds the card's step to `outcome`.
  @inline(__always)
  private static func pickCard<G: RandomNumberGenerator, O: PoolObserver>(
    _ segment: UnsafePointer<BoundSegment>, outcome: inout Int, using rng: inout G, for _: O.Type
  ) -> Int32 {
    let count = segment.pointee.count
    var product = rng.next().multipliedFullWidth(by: count)
    if product.low < count {
      let threshold = (0 &- count) % count
      while product.low < threshold { product = rng.next().multipliedFullWidth(by: count) }
    }
    let entry = segment.pointee.cards + Int(truncatingIfNeeded: product.high)
    let keep = entry.pointee.keep
    let mask = 0 &- UInt64(truncatingIfNeeded: (product.low >= entry.pointee.threshold ? 1 : 0) as Int)
    let word = keep ^ ((keep ^ entry.pointee.other) & mask)
    let card = Int32(truncatingIfNeeded: word)
    outcome &+= Int(truncatingIfNeeded: Int32(truncatingIfNeeded: word &>> 32))
    if O.countsCards { segment.pointee.counts[Int(truncatingIfNeeded: card)] &+= 1 }
    return card
  }

  /// Runs the batches from `first` to `end`, writing each card at its position in `booster`.
  @inline(__always)
  private static func runBatchList<G: RandomNumberGenerator, O: PoolObserver>(
    from first: UnsafePointer<BoundBatch>, to end: UnsafePointer<BoundBatch>, into booster: UnsafeMutablePointer<Int32>,
    using rng: inout G, for _: O.Type
  ) {
    var batch = first
    while batch < end {
      var low = draw(batch.pointee.product, batch.pointee.threshold, using: &rng)
      var pick = batch.pointee.pickStart
      // Batches are never empty.
      repeat {
        booster[Int(truncatingIfNeeded: pick.pointee.position)] = takeAndCount(pick, &low, O.self)
        pick += 1
      } while pick < batch.pointee.pickEnd
      batch += 1
    }
  }

  /// One pick: the next digit of `low` chooses an entry, which is swapped to the front of the
  /// pick's range and drawn, and counted at the pick's site when the observer asks for it.
  @inline(__always)
  private static func takeAndCount<O: PoolObserver>(
    _ pick: UnsafePointer<BoundPick>, _ low: inout UInt64, _: O.Type
  ) -> Int32 {
    let product = low.multipliedFullWidth(by: UInt64(truncatingIfNeeded: pick.pointee.range))
    low = product.low
    let base = pick.pointee.base
    let j = Int(truncatingIfNeeded: product.high)
    let card = base[j]
    base[j] = base[0]
    base[0] = card
    if O.countsCards { pick.pointee.counts[Int(truncatingIfNeeded: card)] &+= 1 }
    return card
  }
}
