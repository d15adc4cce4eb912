/// Generates pools from a `BoosterPlan` with no allocation per booster.
///
/// One engine belongs to one thread. It owns a copy of the sheets' card arrays in which every
/// uniform sheet is a persistent permutation: a distinct draw of k cards is a partial
/// Fisher–Yates shuffle of its first k entries, which leaves a permutation behind for the next
/// booster, so nothing is copied or reset per booster. The engine counts every card drawn
/// for its draw (site) itself, in `siteCounts`, when the observer asks for it; each booster
/// is handed to the observer in one call.
struct PoolEngine {
  let plan: BoosterPlan
  private let tables: EngineTables
  /// This engine's copy of `tables.cardArrays`; its permutations get shuffled.
  private let arrays: UnsafeMutableBufferPointer<Int32>
  /// The booster being drawn, by position.
  private let booster: UnsafeMutablePointer<Int32>
  // Raw base pointers of the tables, so the loops load them once.
  private let cards: UnsafeMutablePointer<Int32>
  private let programs: UnsafePointer<EngineTables.Program>
  /// The plan's programs and batches bound to this engine's picks.
  private let boundPrograms: UnsafeMutablePointer<BoundProgram>
  private let boundBatches: UnsafeMutablePointer<BoundBatch>
  /// The plan's picks bound to this engine's card arrays and counters.
  private let picks: UnsafeMutablePointer<BoundPick>
  /// `siteCounts[site * cardCount + card]`: how often each card was drawn at each site since
  /// the last `clearSiteCounts()`. 32-bit: clear at least every 2³² / sites boosters.
  let siteCounts: UnsafeMutableBufferPointer<UInt32>
  private let combinationThresholds: UnsafePointer<UInt64>
  private let positionThresholds: UnsafePointer<UInt64>
  private let poolBatches: UnsafePointer<EngineTables.PoolBatch>

  init(plan: BoosterPlan) {
    self.plan = plan
    tables = plan.engine
    arrays = .allocate(capacity: max(tables.cardArrays.count, 1))
    _ = arrays.initialize(from: tables.cardArrays)
    booster = .allocate(capacity: max(tables.boosterSize, 1))
    cards = arrays.baseAddress!
    programs = UnsafePointer(tables.programs.baseAddress!)
    siteCounts = .allocate(capacity: max(plan.sites.count * tables.cardCount, 1))
    siteCounts.initialize(repeating: 0)
    picks = .allocate(capacity: max(tables.picks.count, 1))
    for (index, pick) in tables.picks.enumerated() {
      (picks + index).initialize(
        to: BoundPick(
          base: arrays.baseAddress! + Int(pick.offset), counts: siteCounts.baseAddress! + Int(pick.row),
          range: UInt64(pick.range)))
    }
    boundBatches = .allocate(capacity: max(tables.batches.count, 1))
    for (index, batch) in tables.batches.enumerated() {
      (boundBatches + index).initialize(
        to: BoundBatch(
          pickEnd: UnsafePointer(picks + Int(batch.pickEnd)), product: batch.product, threshold: batch.threshold))
    }
    boundPrograms = .allocate(capacity: max(tables.programs.count, 1))
    for (index, program) in tables.programs.enumerated() {
      let fast = program.batchStart >= 0
      (boundPrograms + index).initialize(
        to: BoundProgram(
          firstPick: UnsafePointer(picks + Int(program.pickStart)),
          firstBatch: UnsafePointer(boundBatches + (fast ? Int(program.batchStart) : 0)),
          batchEnd: UnsafePointer(boundBatches + (fast ? Int(program.batchStart + program.batchCount) : 0)),
          record: UnsafePointer(tables.programs.baseAddress! + index),
          usesPicks: fast, fillsBooster: program.tallyEachBooster))
    }
    combinationThresholds = UnsafePointer(tables.combinationThresholds.baseAddress!)
    positionThresholds = UnsafePointer(tables.positionThresholds.baseAddress!)
    poolBatches = UnsafePointer(tables.poolBatches.baseAddress!)
  }

  /// Frees the engine's buffers; call once when done.
  func release() {
    arrays.deallocate()
    booster.deallocate()
    picks.deallocate()
    boundBatches.deallocate()
    boundPrograms.deallocate()
    siteCounts.deallocate()
  }

  /// Zeroes `siteCounts`.
  func clearSiteCounts() {
    siteCounts.update(repeating: 0)
  }

  /// Puts every sheet and table back in its original order, as at the start of a chunk.
  func resetPermutations() {
    _ = arrays.update(fromContentsOf: tables.cardArrays)
  }

  /// Generates `pools` pools, handing every booster to `observer`.
  @inline(__always)
  func generate<G: RandomNumberGenerator, O: PoolObserver>(
    pools: Int, using rng: inout G, observer: inout O
  ) {
    let boosters = tables.boostersPerPool
    let combinations = tables.combinationCount
    let combinationRange = tables.combinationRange
    let positions = tables.hasMythicPosition ? boosters : 0
    // Without a mythic booster every booster is of kind 0; with one, the others are kind 1.
    let otherKind = tables.hasMythicPosition ? 1 : 0
    var pool = 0
    while pool < pools {
      observer.beginPool()
      var low = Self.draw(poolBatches.pointee.product, poolBatches.pointee.threshold, using: &rng)
      var mythicPosition = -1
      if positions > 0 {
        mythicPosition = Self.choose(Self.digit(&low, tables.positionRange), positionThresholds, positions &- 1)
      }
      var index = 0
      while index < boosters {
        let digitBatch = poolBatches + (index &+ 1)
        if digitBatch.pointee.starts {
          low = Self.draw(digitBatch.pointee.product, digitBatch.pointee.threshold, using: &rng)
        }
        let kind = index == mythicPosition ? 0 : otherKind
        let combination = Self.choose(
          Self.digit(&low, combinationRange), combinationThresholds + kind &* combinations, combinations &- 1)
        let program = kind &* combinations &+ combination
        let bound = UnsafePointer(boundPrograms + program)
        if bound.pointee.usesPicks {
          runPicks(bound, using: &rng, observer: observer)
        } else {
          runDraws(bound.pointee.record, program: program, using: &rng, observer: observer)
        }
        observer.endBooster(
          index: index, kind: kind, combination: combination, program: program, record: bound.pointee.record,
          cards: booster)
        index &+= 1
      }
      observer.endPool()
      pool &+= 1
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

  /// The fast path: every card a uniform pick and a swap, several picks per random number.
  /// The booster buffer is filled only when the observer or the program needs it.
  @inline(__always)
  private func runPicks<G: RandomNumberGenerator, O: PoolObserver>(
    _ program: UnsafePointer<BoundProgram>, using rng: inout G, observer: O
  ) {
    var pick = program.pointee.firstPick
    var batch = program.pointee.firstBatch
    let batchEnd = program.pointee.batchEnd
    if O.needsBoosterCards || program.pointee.fillsBooster {
      var out = booster
      repeat {
        var low = Self.draw(batch.pointee.product, batch.pointee.threshold, using: &rng)
        let end = batch.pointee.pickEnd
        // Batches are never empty.
        repeat {
          let card = Self.take(pick, &low)
          if O.countsCards { pick.pointee.counts[Int(truncatingIfNeeded: card)] &+= 1 }
          out.pointee = card
          out += 1
          pick += 1
        } while pick < end
        batch += 1
      } while batch < batchEnd
    } else {
      repeat {
        var low = Self.draw(batch.pointee.product, batch.pointee.threshold, using: &rng)
        let end = batch.pointee.pickEnd
        repeat {
          let card = Self.take(pick, &low)
          if O.countsCards { pick.pointee.counts[Int(truncatingIfNeeded: card)] &+= 1 }
          pick += 1
        } while pick < end
        batch += 1
      } while batch < batchEnd
    }
  }

  /// One pick: the next digit of `low` chooses an entry, which is swapped to the front of the
  /// pick's range and drawn.
  @inline(__always)
  private static func take(_ pick: UnsafePointer<BoundPick>, _ low: inout UInt64) -> Int32 {
    let product = low.multipliedFullWidth(by: pick.pointee.range)
    low = product.low
    let base = pick.pointee.base
    let j = Int(truncatingIfNeeded: product.high)
    let card = base[j]
    base[j] = base[0]
    base[0] = card
    return card
  }

  /// The general path, draw by draw, for alias sheets and distinct weighted draws.
  private func runDraws<G: RandomNumberGenerator, O: PoolObserver>(
    _ record: UnsafePointer<EngineTables.Program>, program: Int, using rng: inout G, observer: O
  ) {
    drawAll(record, using: &rng)
    guard O.countsCards else { return }
    let size = tables.boosterSize
    let rows = tables.positionRows.baseAddress! + program * size
    let counts = siteCounts.baseAddress!
    for position in 0..<size {
      counts[Int(rows[position]) + Int(booster[position])] &+= 1
    }
  }

  private func drawAll<G: RandomNumberGenerator>(_ program: UnsafePointer<EngineTables.Program>, using rng: inout G) {
    let start = Int(program.pointee.drawStart)
    for index in start..<(start + Int(program.pointee.drawCount)) {
      let draw = tables.draws[index]
      let count = Int(draw.count)
      let size = UInt64(draw.size)
      let offset = Int(draw.offset)
      let out = booster + Int(draw.firstPosition)
      let sheet = cards + offset
      switch draw.mode {
      case .uniformDistinct:
        for i in 0..<count {
          let j = i + Int(rng.bounded(size - UInt64(i)))
          let card = sheet[j]
          sheet[j] = sheet[i]
          sheet[i] = card
          out[i] = card
        }
      case .pick:
        for p in 0..<count { out[p] = sheet[Int(rng.bounded(size))] }
      case .pickDistinct:
        for p in 0..<count {
          var card: Int32
          repeat {
            card = sheet[Int(rng.bounded(size))]
          } while Self.contains(card, out, p)
          out[p] = card
        }
      case .alias:
        for p in 0..<count { out[p] = aliasPick(offset: offset, size: size, using: &rng) }
      case .aliasDistinct:
        for p in 0..<count {
          var card: Int32
          repeat {
            card = aliasPick(offset: offset, size: size, using: &rng)
          } while Self.contains(card, out, p)
          out[p] = card
        }
      }
    }
  }

  /// Whether `card` is among the first `count` cards at `cards`.
  private static func contains(_ card: Int32, _ cards: UnsafeMutablePointer<Int32>, _ count: Int) -> Bool {
    for p in 0..<count where cards[p] == card { return true }
    return false
  }

  private func aliasPick<G: RandomNumberGenerator>(offset: Int, size: UInt64, using rng: inout G) -> Int32 {
    let entry = offset + Int(rng.bounded(size))
    return rng.next() < tables.aliasThresholds[entry]
      ? tables.aliasPrimary[entry] : tables.aliasSecondary[entry]
  }
}

/// A program of the plan bound to one engine.
struct BoundProgram {
  var firstPick: UnsafePointer<BoundPick>
  var firstBatch: UnsafePointer<BoundBatch>
  var batchEnd: UnsafePointer<BoundBatch>
  var record: UnsafePointer<EngineTables.Program>
  /// Whether the program takes the fast path (otherwise it has draws).
  var usesPicks: Bool
  /// Whether the fast path must fill the booster buffer (`EngineTables.Program.tallyEachBooster`).
  var fillsBooster: Bool
}

/// A batch of the plan bound to one engine: `pickEnd` points into its picks.
struct BoundBatch {
  var pickEnd: UnsafePointer<BoundPick>
  var product: UInt64
  var threshold: UInt64
}

/// A pick of the plan bound to one engine: `base` points into that engine's card arrays and
/// `counts` to the pick's site in its counters, so the loop needs no address arithmetic per
/// pick. 24 bytes.
struct BoundPick {
  var base: UnsafeMutablePointer<Int32>
  var counts: UnsafeMutablePointer<UInt32>
  var range: UInt64
}
