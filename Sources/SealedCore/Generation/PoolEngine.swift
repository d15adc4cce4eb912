/// Generates pools from a `BoosterPlan` with no allocation per booster.
///
/// One engine belongs to one thread. It owns a copy of the sheets' card arrays in which every
/// uniform sheet is a persistent permutation: a distinct draw of k cards is a partial
/// Fisher–Yates shuffle of its first k entries, which leaves a permutation behind for the next
/// booster, so nothing is copied or reset per booster. Each booster is drawn into a small
/// buffer and then handed to the observer in one call.
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
  private let batches: UnsafePointer<EngineTables.Batch>
  /// The plan's segments bound to this engine's buffers.
  private let segments: UnsafeMutablePointer<BoundSegment>
  private let combinationThresholds: UnsafePointer<UInt64>
  private let positionThresholds: UnsafePointer<UInt64>

  init(plan: BoosterPlan) {
    self.plan = plan
    tables = plan.engine
    arrays = .allocate(capacity: max(tables.cardArrays.count, 1))
    _ = arrays.initialize(from: tables.cardArrays)
    booster = .allocate(capacity: max(tables.boosterSize, 1))
    cards = arrays.baseAddress!
    programs = UnsafePointer(tables.programs.baseAddress!)
    batches = UnsafePointer(tables.batches.baseAddress!)
    segments = .allocate(capacity: max(tables.segments.count, 1))
    for (index, segment) in tables.segments.enumerated() {
      (segments + index).initialize(
        to: BoundSegment(
          base: arrays.baseAddress! + Int(segment.offset),
          out: booster + Int(segment.position) - Int(segment.first),
          row: segment.row, size: segment.swaps ? segment.range + UInt32(segment.first) : segment.range,
          first: UInt8(segment.first), end: UInt8(Int(segment.first) + Int(segment.count)),
          swaps: segment.swaps, needsLanes: segment.needsLanes))
    }
    combinationThresholds = UnsafePointer(tables.combinationThresholds.baseAddress!)
    positionThresholds = UnsafePointer(tables.positionThresholds.baseAddress!)
  }

  /// Frees the engine's buffers; call once when done.
  func release() {
    arrays.deallocate()
    booster.deallocate()
    segments.deallocate()
  }

  /// Puts every sheet back in collector-number order, as at the start of a chunk.
  func resetPermutations() {
    let count = tables.permutationCount
    guard count > 0 else { return }
    _ = UnsafeMutableBufferPointer(rebasing: arrays[0..<count])
      .update(fromContentsOf: UnsafeBufferPointer(rebasing: tables.cardArrays[0..<count]))
  }

  /// Generates `pools` pools, handing every booster to `observer`.
  @inline(__always)
  func generate<G: RandomNumberGenerator, O: PoolObserver>(
    pools: Int, using rng: inout G, observer: inout O
  ) {
    let boosters = tables.boostersPerPool
    let combinations = tables.combinationCount
    let hasPositions = tables.positionThresholds.count > 0
    var pool = 0
    while pool < pools {
      observer.beginPool()
      var mythicPosition = -1
      if hasPositions {
        mythicPosition = Self.pick(rng.next(), thresholds: positionThresholds, count: boosters)
      }
      var index = 0
      while index < boosters {
        let kind = hasPositions ? (index == mythicPosition ? 0 : 1) : 0
        var combination = 0
        if combinations > 1 {
          combination = Self.pick(rng.next(), thresholds: combinationThresholds + kind &* combinations, count: combinations)
        }
        let program = kind &* combinations &+ combination
        let record = programs + program
        observer.beginBooster(record)
        if record.pointee.batchStart >= 0 {
          runSteps(record, using: &rng, observer: &observer)
        } else {
          runDraws(record, program: program, using: &rng, observer: &observer)
        }
        observer.endBooster(
          index: index, kind: kind, combination: combination, program: program, record: record,
          cards: booster)
        index &+= 1
      }
      observer.endPool()
      pool &+= 1
    }
  }

  /// The first index whose cumulative threshold lies above `random`: the number of thresholds
  /// at or below it, counted without branches (the outcome is random, so a branch would be
  /// mispredicted often).
  @inline(__always)
  private static func pick(_ random: UInt64, thresholds: UnsafePointer<UInt64>, count: Int) -> Int {
    var index = 0
    var k = 0
    while k < count &- 1 {
      index &+= random >= thresholds[k] ? 1 : 0
      k &+= 1
    }
    return index
  }

  /// The fast path: every card a uniform pick, several picks per random number.
  @inline(__always)
  private func runSteps<G: RandomNumberGenerator, O: PoolObserver>(
    _ program: UnsafePointer<EngineTables.Program>, using rng: inout G, observer: inout O
  ) {
    var batch = batches + Int(truncatingIfNeeded: program.pointee.batchStart)
    let batchEnd = batch + Int(truncatingIfNeeded: program.pointee.batchCount)
    while batch < batchEnd {
      let first = UnsafePointer(segments) + Int(truncatingIfNeeded: batch.pointee.segmentStart)
      let last = first + Int(truncatingIfNeeded: batch.pointee.segmentCount)
      while true {
        var low = rng.next()
        var segment = first
        while segment < last {
          let base = segment.pointee.base
          let out = segment.pointee.out
          let row = segment.pointee.row
          let size = UInt64(truncatingIfNeeded: segment.pointee.size)
          var i = Int(truncatingIfNeeded: segment.pointee.first)
          let end = Int(truncatingIfNeeded: segment.pointee.end)
          // Four copies of the loop, so that neither test is repeated per card.
          if segment.pointee.swaps {
            if segment.pointee.needsLanes {
              while i < end {
                let product = low.multipliedFullWidth(by: size &- UInt64(truncatingIfNeeded: i))
                low = product.low
                let j = i &+ Int(truncatingIfNeeded: product.high)
                let card = base[j]
                base[j] = base[i]
                base[i] = card
                out[i] = card
                observer.card(card, row: row, needsLanes: true)
                i &+= 1
              }
            } else {
              while i < end {
                let product = low.multipliedFullWidth(by: size &- UInt64(truncatingIfNeeded: i))
                low = product.low
                let j = i &+ Int(truncatingIfNeeded: product.high)
                let card = base[j]
                base[j] = base[i]
                base[i] = card
                out[i] = card
                observer.card(card, row: row, needsLanes: false)
                i &+= 1
              }
            }
          } else if segment.pointee.needsLanes {
            while i < end {
              let product = low.multipliedFullWidth(by: size)
              low = product.low
              let card = base[Int(truncatingIfNeeded: product.high)]
              out[i] = card
              observer.card(card, row: row, needsLanes: true)
              i &+= 1
            }
          } else {
            while i < end {
              let product = low.multipliedFullWidth(by: size)
              low = product.low
              let card = base[Int(truncatingIfNeeded: product.high)]
              out[i] = card
              observer.card(card, row: row, needsLanes: false)
              i &+= 1
            }
          }
          segment += 1
        }
        if low >= batch.pointee.threshold { break }
        // Rejected: take the batch's cards back and draw it again.
        segment = first
        while segment < last {
          var i = Int(truncatingIfNeeded: segment.pointee.first)
          while i < Int(truncatingIfNeeded: segment.pointee.end) {
            observer.retract(segment.pointee.out[i], row: segment.pointee.row, needsLanes: segment.pointee.needsLanes)
            i &+= 1
          }
          segment += 1
        }
      }
      batch += 1
    }
  }

  /// The general path, draw by draw, for alias sheets and distinct weighted draws.
  private func runDraws<G: RandomNumberGenerator, O: PoolObserver>(
    _ record: UnsafePointer<EngineTables.Program>, program: Int, using rng: inout G, observer: inout O
  ) {
    drawAll(record, using: &rng)
    let size = tables.boosterSize
    let rows = tables.positionRows.baseAddress! + program * size
    let lanes = tables.positionNeedsLanes.baseAddress! + program * size
    for position in 0..<size {
      observer.card(booster[position], row: rows[position], needsLanes: lanes[position])
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

/// A segment of the plan bound to one engine: pointers into that engine's card arrays and
/// booster buffer, so the loop needs no address arithmetic per segment. 32 bytes.
struct BoundSegment {
  /// The sheet's entries in the engine's arrays.
  var base: UnsafeMutablePointer<Int32>
  /// The booster buffer, offset so that `out[i]` is the position of pick `i`.
  var out: UnsafeMutablePointer<Int32>
  var row: Int32
  /// Swaps: the sheet's size (pick i ranges over `size - i`). Picks: the range.
  var size: UInt32
  /// Picks `first..<end` of the draw (for swaps, the Fisher–Yates positions).
  var first: UInt8
  var end: UInt8
  var swaps: Bool
  var needsLanes: Bool
}
