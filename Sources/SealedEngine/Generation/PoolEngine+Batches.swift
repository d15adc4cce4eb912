/// The engine's batch loops: the straight-line kernels for runs of 1 to 12 picks, the looped
/// runs, the segments' loop, and booster-by-booster drawing (see `PoolEngine`; the segments'
/// kernels are in PoolEngine+Segments.swift).
extension PoolEngine {
  /// The cards of a pool whose programs all take the fast path: each booster's batches in turn.
  /// Every card is a uniform pick and a swap, several picks per random number; the cards fill
  /// `poolCards` when `fillingCards` is true (a constant where this is inlined, so each caller
  /// gets a loop of its own).
  @inline(__always)
  func runBatches<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
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
        } else if segment.pointee.several {
          Self.runSeveral(segment, into: booster, using: &rng, for: O.self)
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
  static func runUnrolled<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    from first: UnsafePointer<BoundBatch>, to end: UnsafePointer<BoundBatch>, into booster: UnsafeMutablePointer<Int32>,
    fillingCards: Bool, using rng: inout G, for _: O.Type
  ) {
    var batch = first
    while batch < end {
      var low = Self.draw(batch.pointee.product, batch.pointee.threshold, using: &rng)
      let pick = batch.pointee.pickStart
      switch batch.pointee.run & 31 {
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
      // Repeated picks from one sheet (`repeatRunFlag` + 2 to 12).
      case 18: Self.takeRepeats(2, pick, &low, booster, fillingCards, O.self)
      case 19: Self.takeRepeats(3, pick, &low, booster, fillingCards, O.self)
      case 20: Self.takeRepeats(4, pick, &low, booster, fillingCards, O.self)
      case 21: Self.takeRepeats(5, pick, &low, booster, fillingCards, O.self)
      case 22: Self.takeRepeats(6, pick, &low, booster, fillingCards, O.self)
      case 23: Self.takeRepeats(7, pick, &low, booster, fillingCards, O.self)
      case 24: Self.takeRepeats(8, pick, &low, booster, fillingCards, O.self)
      case 25: Self.takeRepeats(9, pick, &low, booster, fillingCards, O.self)
      case 26: Self.takeRepeats(10, pick, &low, booster, fillingCards, O.self)
      case 27: Self.takeRepeats(11, pick, &low, booster, fillingCards, O.self)
      case 28: Self.takeRepeats(12, pick, &low, booster, fillingCards, O.self)
      // 0: a batch longer than `unrolledPicks` (the other values never occur; listed so that
      // the switch needs no range check).
      case 0, 13, 14, 15, 16, 17, 29, 30, 31:
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
  static func runLooped<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    from first: UnsafePointer<BoundBatch>, to end: UnsafePointer<BoundBatch>, into booster: UnsafeMutablePointer<Int32>,
    fillingCards: Bool, using rng: inout G, for _: O.Type
  ) {
    var batch = first
    while batch < end {
      var low = Self.draw(batch.pointee.product, batch.pointee.threshold, using: &rng)
      var next = batch.pointee.pickStart
      let last = batch.pointee.pickEnd
      if batch.pointee.run & repeatRunFlag != 0 {
        takeRepeats(last - next, next, &low, booster, fillingCards, O.self)
      } else {
        repeat {
          let card = Self.takeAndCount(next, &low, O.self)
          if fillingCards { booster[Int(truncatingIfNeeded: next.pointee.position)] = card }
          next += 1
        } while next < last
      }
      batch += 1
    }
  }

  /// The longest batch `runBatches` runs without a loop: its switch lists kernels for 1 to 12
  /// picks (and repeated picks, `repeatRunFlag`, of 2 to 12) and reads `BoundBatch.run` modulo
  /// 32, so this must stay at 12 (checked in `init`).
  static let unrolledPicks = 12

  /// Added to `BoundBatch.run` when the batch's picks are repeated picks from one sheet
  /// (`isRepeatRun`).
  static let repeatRunFlag = 16

  /// `count` repeated picks from one sheet from `first` on (`isRepeatRun`), written out in full
  /// where `count` is a constant. Each is `takeAndCount`'s swap of the chosen entry with the
  /// sheet's first, but the first entry is kept in a register from pick to pick and stored once
  /// at the end: picks in a row no longer wait for each other's store of the first entry (a
  /// theme booster's 24 commons took most of its time doing so), and the sheet ends in the
  /// same order.
  @inline(__always)
  static func takeRepeats<O: PoolObserver & ~Copyable>(
    _ count: Int, _ first: UnsafePointer<BoundPick>, _ low: inout UInt64, _ booster: UnsafeMutablePointer<Int32>,
    _ fillingCards: Bool, _: O.Type
  ) {
    let entries = first.pointee.base
    let counts = first.pointee.counts
    let range = UInt64(truncatingIfNeeded: first.pointee.range)
    let position = Int(truncatingIfNeeded: first.pointee.position)
    var front = entries[0]
    for t in 0..<count {
      let product = low.multipliedFullWidth(by: range)
      low = product.low
      let j = Int(truncatingIfNeeded: product.high)
      // Entry 0 is `front` (its stored copy is stale until the end): a pick of entry 0 takes
      // `front` and leaves the sheet as it was, as `takeAndCount`'s swap with itself does.
      let loaded = entries[j]
      let card = j == 0 ? front : loaded
      entries[j] = front
      front = card
      if O.countsCards { counts[Int(truncatingIfNeeded: card)] &+= 1 }
      if fillingCards { booster[position &+ t] = card }
    }
    entries[0] = front
  }

  /// `count` picks from `pick` on, written out in full where `count` is a constant.
  @inline(__always)
  static func takeRun<O: PoolObserver & ~Copyable>(
    _ count: Int, _ pick: UnsafePointer<BoundPick>, _ low: inout UInt64, _ booster: UnsafeMutablePointer<Int32>,
    _ fillingCards: Bool, _: O.Type
  ) {
    for offset in 0..<count {
      let card = takeAndCount(pick + offset, &low, O.self)
      if fillingCards { booster[Int(truncatingIfNeeded: pick[offset].position)] = card }
    }
  }

  /// `runBatches` filling `poolCards`. Plans whose programs have no segments of their own get a
  /// loop without them (each loop is a function of its own, so that the compiler inlines the
  /// batch kernels into it; observers that read no cards get theirs in `generateCounting`).
  func runBatchesFilling<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(using rng: inout G, for _: O.Type) {
    if tables.segments.isEmpty {
      runPlainBatchesFilling(using: &rng, for: O.self)
    } else {
      runSegmentsFilling(using: &rng, for: O.self)
    }
  }

  @inline(never)
  func runPlainBatchesFilling<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(using rng: inout G, for _: O.Type) {
    runBatches(fillingCards: true, plain: true, using: &rng, for: O.self)
  }

  @inline(never)
  func runSegmentsFilling<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(using rng: inout G, for _: O.Type) {
    runBatches(fillingCards: true, plain: false, using: &rng, for: O.self)
  }

  /// The cards of a pool booster by booster, when some programs take the general path.
  @inline(never)
  func runBoosters<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(using generator: inout G, for _: O.Type) {
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
          } else if segment.pointee.several {
            Self.runSeveral(segment, into: booster, using: &rng, for: O.self)
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

  /// Runs the batches from `first` to `end`, writing each card at its position in `booster`.
  @inline(__always)
  static func runBatchList<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    from first: UnsafePointer<BoundBatch>, to end: UnsafePointer<BoundBatch>, into booster: UnsafeMutablePointer<Int32>,
    using rng: inout G, for _: O.Type
  ) {
    var batch = first
    while batch < end {
      var low = draw(batch.pointee.product, batch.pointee.threshold, using: &rng)
      var pick = batch.pointee.pickStart
      if batch.pointee.run & repeatRunFlag != 0 {
        takeRepeats(batch.pointee.pickEnd - pick, pick, &low, booster, true, O.self)
      } else {
        // Batches are never empty.
        repeat {
          booster[Int(truncatingIfNeeded: pick.pointee.position)] = takeAndCount(pick, &low, O.self)
          pick += 1
        } while pick < batch.pointee.pickEnd
      }
      batch += 1
    }
  }

  /// One pick: the next digit of `low` chooses an entry, which is swapped to the front of the
  /// pick's range and drawn, and counted at the pick's site when the observer asks for it.
  @inline(__always)
  static func takeAndCount<O: PoolObserver & ~Copyable>(
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
