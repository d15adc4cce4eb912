import SealedSupport
import SealedRules

/// The picks of programs: fast programs as batches of picks and segments, the others as draws
/// of the general path.
extension EngineTables.Builder {
  typealias Pick = EngineTables.Pick
  typealias Segment = EngineTables.Segment
  typealias Allocation = EngineTables.Allocation

  /// Whether a draw is plain fixed picks: a sheet not colour-balanced, stored uniform, or as a
  /// table when the draw needs no rejection.
  func picksFast(_ draw: PlanDraw) -> Bool {
    sheets[draw.sheet].balance == nil
      && (layouts[draw.sheet] == .uniform || (layouts[draw.sheet] == .table && !(draw.distinct && draw.count > 1)))
  }

  /// Whether a draw is of several cards of a weighted sheet (not colour-balanced) that the
  /// batches cannot take: distinct cards of a sheet stored as a weight table, or any cards of a
  /// sheet stored as an alias table. Such a draw is a segment of its own (`Segment.several`).
  func drawsSeveral(_ draw: PlanDraw) -> Bool {
    guard sheets[draw.sheet].balance == nil, draw.count > 1 else { return false }
    return (layouts[draw.sheet] == .table && draw.distinct) || layouts[draw.sheet] == .alias
  }

  /// Whether a draw is one card picked by an alias table over the sheet's cards.
  func choosesClass(_ draw: PlanDraw) -> Bool { draw.count == 1 && picksByAlias[draw.sheet] }

  /// Draws that need a choice per booster keep the fast path as segments: a colour-balanced
  /// draw as alternatives (its group counts), one card from a weighted sheet or a sheet
  /// partly inside some lane as a pick from an alias table over its cards. These are the
  /// alternatives of a draw from a uniform colour-balanced sheet (nil for any other draw).
  func choices(_ draw: PlanDraw) -> [(weight: Double, picks: [Pick])]? {
    let row = Int32(draw.site * cards.count)
    if let balance = sheets[draw.sheet].balance, balance.weights == nil {
      // The card of each colour is a fixed pick (`colourPicks`); the alternatives are the
      // counts of the other cards, which come after it in their groups.
      let outcomes = BalancedDraws.groupCounts(balance, count: draw.count)
      let (offset, _) = storage[draw.sheet]
      return outcomes.keys.sorted { $0.lexicographicallyPrecedes($1) }.filter { outcomes[$0]! > 0 }.map { counts in
        var picks: [Pick] = []
        for group in 0..<6 {
          let start = offset + balance.groupStarts[group]
          let size = balance.size(ofGroup: group)
          for t in (group < 5 ? 1 : 0)..<counts[group] {
            picks.append(
              Pick(
                offset: Int32(start + t), range: UInt32(size - t), row: row,
                position: Int32(draw.firstPosition + 5 + picks.count)))
          }
        }
        return (outcomes[counts]!, picks)
      }
    }
    return nil
  }

  /// The first card of each colour group 0-4 of a colour-balanced draw.
  func colourPicks(_ draw: PlanDraw, _ balance: ColorBalance) -> [Pick] {
    let (offset, _) = storage[draw.sheet]
    return (0..<5).map { group in
      Pick(
        offset: Int32(offset + balance.groupStarts[group]), range: UInt32(balance.size(ofGroup: group)),
        row: Int32(draw.site * cards.count), position: Int32(draw.firstPosition + group))
    }
  }

  /// Appends batches for picks and returns their range.
  mutating func appendBatches(_ list: [Pick]) -> Allocation {
    let first = Int32(batches.count)
    for bounds in EngineTables.batchBounds(list.map { UInt64($0.range) }) {
      batches.append(
        EngineTables.Batch(
          pickStart: Int32(picks.count + bounds.start), pickEnd: Int32(picks.count + bounds.end),
          product: bounds.product, threshold: bounds.threshold))
    }
    picks += list
    return Allocation(batchStart: first, batchCount: Int32(batches.count) - first)
  }

  /// A fast program: its fixed picks in batches, run straight through, or, when some draw
  /// needs a choice per booster, segments (the fixed picks first, then one per such draw).
  /// Cost: O(picks), plus each new coded table's alternatives.
  mutating func appendFastProgram(
    _ program: [PlanDraw], settled: [Bool], countsOutcomes: Bool, record: inout EngineTables.Program
  ) {
    let (fixed, segmentDraws) = fixedPicks(program)
    var programSegments: [Segment] = []
    if !segmentDraws.isEmpty && !fixed.isEmpty {
      programSegments.append(Segment(allocationStart: Int32(allocations.count), allocationCount: 1, aliasOffset: 0))
      let allocation = appendBatches(fixed)
      allocations.append(allocation)
    }
    var outcomeStride = 1
    for index in segmentDraws {
      let draw = program[index]
      if drawsSeveral(draw) {
        programSegments.append(appendSeveralSegment(draw))
      } else if choosesClass(draw) {
        let stride = countsOutcomes && settled[index] ? outcomeStride : 0
        programSegments.append(appendCardSegment(draw, stride: stride))
        if stride > 0 { outcomeStride *= laneClasses[draw.sheet].count }
      } else if let balance = sheets[draw.sheet].balance, let table = codedTable(balance, draw: draw) {
        programSegments.append(appendCodedSegment(draw, balance, table: table))
      } else if let alternatives = choices(draw) {
        programSegments.append(appendAlternativesSegment(alternatives))
      }
    }
    if programSegments.isEmpty {
      // Fixed picks only: the program's batches, run straight through.
      record.batchStart = Int32(batches.count)
      let range = appendBatches(fixed)
      record.batchCount = range.batchCount
    } else {
      record.batchStart = Int32(batches.count)
      record.batchCount = 0
      record.segmentStart = Int32(segments.count)
      record.segmentCount = Int32(programSegments.count)
      segments += programSegments
    }
  }

  /// First every fixed pick, the first card of each colour of balanced draws among them
  /// (each before the other cards of its group, as a partial Fisher-Yates shuffle needs),
  /// so that they share random numbers; then the draws that become segments, in position order.
  func fixedPicks(_ program: [PlanDraw]) -> (fixed: [Pick], segmentDraws: [Int]) {
    var position = 0
    var fixed: [Pick] = []
    var segmentDraws: [Int] = []
    for (index, draw) in program.enumerated() {
      precondition(draw.firstPosition == position, "draws must fill the booster in order")
      position += draw.count
      if choosesClass(draw) || drawsSeveral(draw) {
        segmentDraws.append(index)
        continue
      }
      if let balance = sheets[draw.sheet].balance {
        fixed += colourPicks(draw, balance)
        if draw.count > 5 { segmentDraws.append(index) }
        continue
      }
      let (offset, size) = storage[draw.sheet]
      let swaps = layouts[draw.sheet] == .uniform && draw.distinct && draw.count > 1
      for t in 0..<draw.count {
        fixed.append(
          Pick(
            offset: Int32(offset + (swaps ? t : 0)), range: UInt32(swaps ? size - t : size),
            row: Int32(draw.site * cards.count), position: Int32(draw.firstPosition + t)))
      }
    }
    return (fixed, segmentDraws)
  }

  /// A segment that picks one card by an alias table over the sheet's cards, whose entries
  /// also step the booster's outcome by `stride` times the card's lane class (0: no outcome).
  mutating func appendCardSegment(_ draw: PlanDraw, stride: Int) -> Segment {
    let sheet = sheets[draw.sheet]
    let alias = AliasTable(weights: sheet.weights)
    let classes = laneClasses[draw.sheet]
    let steps = sheet.cards.map { Int32(classes.firstIndex(of: laneMask($0))! * stride) }
    let segment = Segment(
      allocationStart: 0, allocationCount: Int32(sheet.cards.count), aliasOffset: Int32(cardAliasThresholds.count),
      picksCard: true, row: Int32(draw.site * cards.count), position: Int32(draw.firstPosition))
    cardAliasThresholds += alias.thresholds
    cardAliasKeep += sheet.cards.map { Int32($0) }
    cardAliasOther += alias.alias.map { Int32(sheet.cards[$0]) }
    cardAliasKeepStep += steps
    cardAliasOtherStep += alias.alias.map { steps[$0] }
    return segment
  }

  /// The coded alias table of a balanced draw's other cards (see `Segment.coded`): one for
  /// every program that makes the same draw, made on first use; nil when they do not fit.
  mutating func codedTable(_ balance: ColorBalance, draw: PlanDraw) -> (start: Int, count: Int)? {
    if let table = codedTables[[draw.sheet, draw.count]] { return table }
    guard let coded = EngineTables.codedAlternatives(balance, count: draw.count) else { return nil }
    let alias = AliasTable(weights: coded.map(\.weight))
    let start = codedEntries.count
    for entry in coded.indices {
      codedEntries.append(
        EngineTables.CodedEntry(
          threshold: alias.thresholds[entry], keep: coded[entry].alternative,
          other: coded[alias.alias[entry]].alternative))
    }
    codedTables[[draw.sheet, draw.count]] = (start, coded.count)
    return (start, coded.count)
  }

  /// A coded segment for a balanced draw's cards after its first of each colour, with its 96
  /// picks (group g, t-th card: 16 g + t).
  mutating func appendCodedSegment(
    _ draw: PlanDraw, _ balance: ColorBalance, table: (start: Int, count: Int)
  ) -> Segment {
    let segment = Segment(
      allocationStart: 0, allocationCount: Int32(table.count), aliasOffset: Int32(table.start),
      position: Int32(draw.firstPosition + 5), coded: true, codedPickStart: Int32(codedPicks.count),
      extras: Int32(draw.count - 5))
    let (offset, _) = storage[draw.sheet]
    for group in 0..<6 {
      for t in 0..<16 {
        let size = balance.size(ofGroup: group)
        codedPicks.append(
          Pick(
            offset: Int32(offset + balance.groupStarts[group] + min(t, max(size - 1, 0))),
            range: UInt32(max(size - t, 1)), row: Int32(draw.site * cards.count), position: 0))
      }
    }
    return segment
  }

  /// A segment of several cards (`Segment.several`): from a weight table, with its one pick
  /// (the whole table); from an alias table, with the alias table over the sheet's cards that
  /// a card-picking segment has (its entries adding nothing to an outcome).
  mutating func appendSeveralSegment(_ draw: PlanDraw) -> Segment {
    var segment: Segment
    if layouts[draw.sheet] == .alias {
      segment = appendCardSegment(draw, stride: 0)
      segment.picksCard = false
      segment.byAlias = true
    } else {
      let (offset, size) = storage[draw.sheet]
      segment = Segment(
        allocationStart: 0, allocationCount: 1, aliasOffset: 0, row: Int32(draw.site * cards.count),
        position: Int32(draw.firstPosition), codedPickStart: Int32(codedPicks.count))
      codedPicks.append(
        Pick(offset: Int32(offset), range: UInt32(size), row: segment.row, position: Int32(draw.firstPosition)))
    }
    segment.several = true
    segment.distinct = draw.distinct
    segment.extras = Int32(draw.count)
    return segment
  }

  /// A segment of alternatives (each a fixed list of picks) chosen by an alias table.
  mutating func appendAlternativesSegment(_ alternatives: [(weight: Double, picks: [Pick])]) -> Segment {
    let alias = AliasTable(weights: alternatives.map(\.weight))
    let segment = Segment(
      allocationStart: Int32(allocations.count), allocationCount: Int32(alternatives.count),
      aliasOffset: Int32(aliasThresholds.count))
    aliasThresholds += alias.thresholds
    aliasPrimary += alternatives.indices.map { Int32($0) }
    aliasSecondary += alias.alias.map { Int32($0) }
    for alternative in alternatives {
      let allocation = appendBatches(alternative.picks)
      allocations.append(allocation)
    }
    return segment
  }

  /// A program of the general path: one draw record per draw. Cost: O(draws).
  mutating func appendGeneralProgram(_ program: [PlanDraw], record: inout EngineTables.Program) {
    for draw in program {
      let drawRecord = generalDraw(draw)
      draws.append(drawRecord)
    }
    record.drawCount = Int32(program.count)
  }

  /// A draw of the general path: its mode by the sheet's layout and distinctness, and for a
  /// colour-balanced sheet its group bounds and group weights (or group choice table).
  mutating func generalDraw(_ draw: PlanDraw) -> EngineTables.Draw {
    let (offset, size) = storage[draw.sheet]
    let distinct = draw.distinct && draw.count > 1
    let mode: EngineTables.Mode
    switch (layouts[draw.sheet], distinct) {
    case (.uniform, true): mode = .uniformDistinct
    case (.uniform, false), (.table, false): mode = .pick
    case (.table, true): mode = .pickDistinct
    case (.alias, false): mode = .alias
    case (.alias, true): mode = .aliasDistinct
    case (.balancedAlias, _): mode = .balancedWeighted
    }
    var record = EngineTables.Draw(
      mode: mode, count: Int32(draw.count), size: Int32(size), offset: Int32(offset),
      firstPosition: Int32(draw.firstPosition))
    if let balance = sheets[draw.sheet].balance, balance.weights != nil {
      // A weighted balanced draw: its sheet's group tables, then a table over the
      // groups with this draw's mixed weights, at `groupTable`.
      record.balance = Int32(balanceCumulative.count / 6)
      balanceStarts += balance.groupStarts.map { Int32($0) }
      balanceCumulative += [UInt64](repeating: 0, count: 6)
      record.groupTable = Int32(aliasThresholds.count)
      let groups = EngineTables.groupChoiceTable(balance, count: draw.count)
      aliasThresholds += groups.thresholds
      aliasPrimary += groups.primary
      aliasSecondary += groups.secondary
    } else if let balance = sheets[draw.sheet].balance {
      precondition(layouts[draw.sheet] == .uniform, "balanced sheets are uniform or weighted")
      record.mode = .balanced
      record.balance = Int32(balanceCumulative.count / 6)
      balanceStarts += balance.groupStarts.map { Int32($0) }
      var total: UInt64 = 0
      for weight in balance.pickWeights(count: draw.count) {
        total += UInt64(weight)
        balanceCumulative.append(total)
      }
    }
    return record
  }
}
