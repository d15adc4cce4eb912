/// Generates pools from a `BoosterPlan` with no allocation per booster.
///
/// One engine belongs to one thread. It owns the persistent permutation of every uniform sheet:
/// a distinct draw of k cards is a partial Fisher–Yates shuffle of the first k entries, which
/// leaves a permutation behind for the next booster, so nothing is copied or reset per booster.
/// Each pick costs one bounded random integer (Lemire's method) and a swap.
struct PoolEngine {
  let plan: BoosterPlan
  private let tables: EngineTables
  private let permutations: UnsafeMutableBufferPointer<Int32>
  /// Scratch for rejection sampling of distinct weighted draws.
  private let picked: UnsafeMutablePointer<Int32>

  init(plan: BoosterPlan) {
    self.plan = plan
    tables = plan.engine
    permutations = .allocate(capacity: max(tables.initialPermutations.count, 1))
    picked = .allocate(capacity: 256)
    resetPermutations()
  }

  /// Frees the engine's buffers; call once when done.
  func release() {
    permutations.deallocate()
    picked.deallocate()
  }

  /// Puts every sheet back in collector-number order, as at the start of a chunk.
  func resetPermutations() {
    guard tables.initialPermutations.count > 0 else { return }
    _ = UnsafeMutableBufferPointer(rebasing: permutations[0..<tables.initialPermutations.count])
      .initialize(from: tables.initialPermutations)
  }

  /// Generates `pools` pools, reporting every card to `observer`.
  @inline(__always)
  func generate<G: RandomNumberGenerator, O: PoolObserver>(
    pools: Int, using rng: inout G, observer: inout O
  ) {
    let t = tables
    let boosters = t.boostersPerPool
    let combinations = t.combinationCount
    let hasPositions = t.positionThresholds.count > 0
    for _ in 0..<pools {
      observer.beginPool()
      var mythicPosition = -1
      if hasPositions {
        mythicPosition = Self.pick(rng.next(), thresholds: t.positionThresholds.baseAddress!, count: boosters)
      }
      for index in 0..<boosters {
        let kind = hasPositions ? (index == mythicPosition ? 0 : 1) : 0
        let thresholds = t.combinationThresholds.baseAddress! + kind * combinations
        let combination = combinations == 1 ? 0 : Self.pick(rng.next(), thresholds: thresholds, count: combinations)
        observer.beginBooster(index: index, kind: kind, combination: combination)
        let program = kind * combinations + combination
        let start = Int(t.programStarts[program])
        let end = Int(t.programStarts[program + 1])
        for drawIndex in start..<end {
          drawCards(t.draws.baseAddress! + drawIndex, using: &rng, observer: &observer)
        }
        observer.endBooster(index: index, kind: kind, combination: combination)
      }
      observer.endPool()
    }
  }

  /// The first index whose cumulative threshold lies above `random`.
  @inline(__always)
  private static func pick(_ random: UInt64, thresholds: UnsafePointer<UInt64>, count: Int) -> Int {
    var index = 0
    while index < count - 1 && random >= thresholds[index] { index += 1 }
    return index
  }

  @inline(__always)
  private func drawCards<G: RandomNumberGenerator, O: PoolObserver>(
    _ draw: UnsafePointer<EngineTables.Draw>, using rng: inout G, observer: inout O
  ) {
    let count = Int(draw.pointee.count)
    let size = UInt64(draw.pointee.size)
    let offset = Int(draw.pointee.offset)
    switch draw.pointee.mode {
    case .uniformDistinct:
      let sheet = permutations.baseAddress! + offset
      for i in 0..<count {
        let j = i + Int(rng.bounded(size &- UInt64(i)))
        let card = sheet[j]
        sheet[j] = sheet[i]
        sheet[i] = card
        observer.card(card, draw: draw)
      }
    case .uniform:
      let sheet = permutations.baseAddress! + offset
      for _ in 0..<count {
        observer.card(sheet[Int(rng.bounded(size))], draw: draw)
      }
    case .table:
      let table = tables.tables.baseAddress! + offset
      for _ in 0..<count {
        observer.card(table[Int(rng.bounded(size))], draw: draw)
      }
    case .tableDistinct:
      let table = tables.tables.baseAddress! + offset
      for i in 0..<count {
        var card: Int32
        repeat {
          card = table[Int(rng.bounded(size))]
        } while alreadyPicked(card, among: i)
        picked[i] = card
        observer.card(card, draw: draw)
      }
    case .alias:
      for _ in 0..<count {
        observer.card(aliasPick(offset: offset, size: size, using: &rng), draw: draw)
      }
    case .aliasDistinct:
      for i in 0..<count {
        var card: Int32
        repeat {
          card = aliasPick(offset: offset, size: size, using: &rng)
        } while alreadyPicked(card, among: i)
        picked[i] = card
        observer.card(card, draw: draw)
      }
    }
  }

  @inline(__always)
  private func alreadyPicked(_ card: Int32, among count: Int) -> Bool {
    for i in 0..<count where picked[i] == card { return true }
    return false
  }

  @inline(__always)
  private func aliasPick<G: RandomNumberGenerator>(offset: Int, size: UInt64, using rng: inout G) -> Int32 {
    let entry = offset + Int(rng.bounded(size))
    return rng.next() < tables.aliasThresholds[entry]
      ? tables.aliasPrimary[entry] : tables.aliasSecondary[entry]
  }
}
