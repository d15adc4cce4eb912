import SealedSupport

/// The general path of `PoolEngine`, draw by draw, for programs that the fast path cannot
/// express: since generator version 5, those with a colour-balanced draw from a weighted sheet,
/// whose other draws it draws too.
extension PoolEngine {
  /// Draws a booster of a general-path program into `booster`, counting its cards when the
  /// observer asks for it.
  @inline(__always)
  func runDraws<G: RandomNumberGenerator, O: PoolObserver & ~Copyable>(
    _ record: UnsafePointer<EngineTables.Program>, program: Int, into booster: UnsafeMutablePointer<Int32>,
    using rng: inout G, for _: O.Type
  ) {
    drawAll(record, into: booster, using: &rng)
    guard O.countsCards else { return }
    let rows = tables.positionRows.baseAddress + program * tables.boosterSize
    let counts = siteCounts.baseAddress!
    for position in 0..<Int(record.pointee.size) {
      counts[Int(rows[position]) + Int(booster[position])] &+= 1
    }
  }

  @inline(__always)
  private func drawAll<G: RandomNumberGenerator>(
    _ program: UnsafePointer<EngineTables.Program>, into booster: UnsafeMutablePointer<Int32>, using rng: inout G
  ) {
    let start = Int(program.pointee.drawStart)
    for index in start..<(start + Int(program.pointee.drawCount)) {
      let draw = tables.draws[index]
      let count = Int(draw.count)
      let size = UInt64(draw.size)
      let offset = Int(draw.offset)
      let out = booster + Int(draw.firstPosition)
      let sheet = sheetEntries + offset
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
      case .balanced:
        drawBalanced(draw, sheet: sheet, into: out, using: &rng)
      case .balancedWeighted:
        drawWeightedBalanced(draw, into: out, using: &rng)
      }
    }
  }

  /// A colour-balanced draw (see `ColorBalance`): one card of each colour group 0-4, then
  /// `count - 5` cards from groups chosen by integer weight; a group that has run out is chosen
  /// again. Within a group, cards come from a partial Fisher–Yates shuffle of its part of the
  /// sheet's permutation, so they are distinct.
  private func drawBalanced<G: RandomNumberGenerator>(
    _ draw: EngineTables.Draw, sheet: UnsafeMutablePointer<Int32>, into out: UnsafeMutablePointer<Int32>,
    using rng: inout G
  ) {
    let starts = tables.balanceStarts.baseAddress + 7 * Int(draw.balance)
    let cumulative = tables.balanceCumulative.baseAddress + 6 * Int(draw.balance)
    func drawFrom(_ group: Int, _ already: Int, _ position: Int, using rng: inout G) {
      let base = sheet + Int(starts[group])
      let size = Int(starts[group + 1] - starts[group])
      let j = already + Int(rng.bounded(UInt64(size - already)))
      let card = base[j]
      base[j] = base[already]
      base[already] = card
      out[position] = card
    }
    for group in 0..<5 { drawFrom(group, 0, group, using: &rng) }
    let total = cumulative[5]
    // Cards taken from each group so far, on the stack.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 6) { taken in
      for group in 0..<5 { taken[group] = 1 }
      taken[5] = 0
      for position in 5..<Int(draw.count) {
        while true {
          let r = rng.bounded(total)
          var group = 0
          while cumulative[group] <= r { group += 1 }
          let already = taken[group]
          guard already < Int(starts[group + 1] - starts[group]) else { continue }
          drawFrom(group, already, position, using: &rng)
          taken[group] = already + 1
          break
        }
      }
    }
  }

  /// A colour-balanced draw from a weighted sheet (see `ColorBalance`): one card of each colour
  /// group 0-4 by its group's alias table, then `count - 5` cards from groups chosen by the
  /// draw's alias table over the groups (a group that has run out is chosen again), each card
  /// by its group's table and drawn again when the draw already holds it.
  private func drawWeightedBalanced<G: RandomNumberGenerator>(
    _ draw: EngineTables.Draw, into out: UnsafeMutablePointer<Int32>, using rng: inout G
  ) {
    let starts = tables.balanceStarts.baseAddress + 7 * Int(draw.balance)
    let tablesStart = Int(draw.offset)
    func size(_ group: Int) -> Int { Int(starts[group + 1] - starts[group]) }
    func pick(_ group: Int, using rng: inout G) -> Int32 {
      aliasPick(offset: tablesStart + Int(starts[group]), size: UInt64(size(group)), using: &rng)
    }
    for group in 0..<5 { out[group] = pick(group, using: &rng) }
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 6) { taken in
      for group in 0..<5 { taken[group] = 1 }
      taken[5] = 0
      for position in 5..<Int(draw.count) {
        while true {
          let group = Int(aliasPick(offset: Int(draw.groupTable), size: 6, using: &rng))
          guard taken[group] < size(group) else { continue }
          var card: Int32
          repeat {
            card = pick(group, using: &rng)
          } while Self.contains(card, out, position)
          out[position] = card
          taken[group] += 1
          break
        }
      }
    }
  }

  /// One entry of the alias table of `size` entries at `offset` in the alias arrays (Walker's
  /// method: a uniform entry, kept or swapped for its alias by a 64-bit draw).
  @inline(__always)
  func aliasPick<G: RandomNumberGenerator>(offset: Int, size: UInt64, using rng: inout G) -> Int32 {
    let entry = offset + Int(rng.bounded(size))
    return rng.next() < tables.aliasThresholds[entry]
      ? tables.aliasPrimary[entry] : tables.aliasSecondary[entry]
  }
}
