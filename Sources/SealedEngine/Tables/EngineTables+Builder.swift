import SealedSupport
import SealedCards
import SealedRules

/// The construction of `EngineTables`, in phases: the sheets' storage, their lane classes, then
/// each program's records (positions, lane counts, and its fast picks or general draws), then
/// each card's lanes. Built once per plan; nothing here runs per booster.
extension EngineTables {
  /// The growing tables, filled phase by phase and copied into `EngineTables`' buffers.
  struct Builder {
    let cards: [Card]
    let sheets: [PlanSheet]
    let boosterSize: Int
    /// Each lane's cards: 0 counts mythics, lane i + 1 event i.
    let members: [Set<Int>]
    let layouts: [SheetLayout]

    // Sheet storage: permutations first (copied per engine), then tables, then alias arrays.
    var arrays: [Int32] = []
    var aliasThresholds: [UInt64] = []
    var aliasPrimary: [Int32] = []
    var aliasSecondary: [Int32] = []
    var storage: [(offset: Int, size: Int)]
    /// Per sheet not colour-balanced: its cards' distinct lane masks, in order, and whether a
    /// one-card draw from it picks its card by an alias table.
    var laneClasses: [[UInt64]]
    var picksByAlias: [Bool]

    var programRecords: [Program] = []
    var picks: [Pick] = []
    var batches: [Batch] = []
    var draws: [Draw] = []
    var allocations: [Allocation] = []
    var segments: [Segment] = []
    var balanceStarts: [Int32] = []
    var balanceCumulative: [UInt64] = []
    var positionRows: [Int32] = []
    var positionSlots: [Int32] = []
    var positionNeedsLanes: [Bool] = []
    var programLaneCounts: [Int] = []
    var outcomeLaneCounts: [Int] = []
    var outcomePrograms: [Int] = []
    var cardAliasThresholds: [UInt64] = []
    var codedEntries: [CodedEntry] = []
    var codedTables: [[Int]: (start: Int, count: Int)] = [:]
    var codedPicks: [Pick] = []
    var cardAliasKeep: [Int32] = []
    var cardAliasOther: [Int32] = []
    var cardAliasKeepStep: [Int32] = []
    var cardAliasOtherStep: [Int32] = []

    init(cards: [Card], sheets: [PlanSheet], events: [PlanEvent], boosterSize: Int) {
      self.cards = cards
      self.sheets = sheets
      self.boosterSize = boosterSize
      members = [Set(cards.indices.filter { cards[$0].rarity == .mythic })] + events.map(\.cards)
      layouts = sheets.map(SheetLayout.choose)
      storage = [(offset: Int, size: Int)](repeating: (0, 0), count: sheets.count)
      laneClasses = [[UInt64]](repeating: [], count: sheets.count)
      picksByAlias = [Bool](repeating: false, count: sheets.count)
    }

    var lanes: Int { members.count }

    /// The lanes a card is in, as bits.
    func laneMask(_ card: Int) -> UInt64 {
      members.indices.reduce(0) { $0 | (members[$1].contains(card) ? 1 << UInt64($1) : 0) }
    }

    /// Phase 1: every sheet's place in `arrays` (uniform sheets' permutations first, then
    /// expanded weight tables) or in the alias arrays. Cost: O(sheet entries + table entries).
    mutating func storeSheets() {
      for (index, sheet) in sheets.enumerated() where layouts[index] == .uniform {
        storage[index] = (arrays.count, sheet.cards.count)
        arrays += sheet.cards.map { Int32($0) }
      }
      for (index, sheet) in sheets.enumerated() {
        switch layouts[index] {
        case .uniform:
          break
        case .table:
          storage[index] = (arrays.count, Int(sheet.totalWeight))
          for (card, weight) in zip(sheet.cards, sheet.weights) {
            arrays += repeatElement(Int32(card), count: Int(weight))
          }
        case .alias:
          let alias = AliasTable(weights: sheet.weights)
          storage[index] = (aliasThresholds.count, sheet.cards.count)
          aliasThresholds += alias.thresholds
          aliasPrimary += sheet.cards.map { Int32($0) }
          aliasSecondary += alias.alias.map { Int32(sheet.cards[$0]) }
        case .balancedAlias:
          storage[index] = (aliasThresholds.count, sheet.cards.count)
          let tables = EngineTables.groupAliasTables(sheet)
          aliasThresholds += tables.thresholds
          aliasPrimary += tables.primary
          aliasSecondary += tables.secondary
        }
      }
    }

    /// Phase 2: a one-card draw from a weighted sheet, or from a sheet partly inside some lane,
    /// picks its card by an alias table over the sheet's cards that also gives the card's lanes
    /// (`laneClasses`: the sheet's distinct lane masks, in order).
    /// Cost: O(sheet entries × lanes).
    mutating func classifySheetLanes() {
      for (index, sheet) in sheets.enumerated() where sheet.balance == nil {
        laneClasses[index] = Set(sheet.cards.map(laneMask)).sorted()
        picksByAlias[index] = layouts[index] == .alias || laneClasses[index].count > 1
      }
    }

    /// Phase 3, once per program in (kind, combination) order: its positions' rows and slots,
    /// its lane counts (fixed, per outcome, or per card), and its record with its fast picks and
    /// segments or its general draws. Cost: O(program draws × sheet cards × lanes).
    mutating func addProgram(_ program: [PlanDraw]) {
      appendPositions(program)
      let (partial, constant) = fixedLaneCounts(program)
      let fast = program.allSatisfy {
        picksFast($0) || choices($0) != nil || choosesClass($0) || drawsSeveral($0)
      }
      let mayRepeat = EngineTables.mayRepeat(program, sheets: sheets)
      // A fast program whose only partly-inside draws choose a class has its lane counts
      // settled by the classes chosen: its boosters are counted by outcome, not card by card
      // (unless it has too many outcomes, or duplicates to look for).
      let settled = program.indices.map { partial[$0] && fast && choosesClass(program[$0]) }
      let outcomeCount = program.indices.filter { settled[$0] }.reduce(1) {
        min($0 * laneClasses[program[$1].sheet].count, EngineTables.maxOutcomesPerProgram + 1)
      }
      let countsOutcomes =
        !mayRepeat && settled.contains(true) && !program.indices.contains { partial[$0] && !settled[$0] }
        && outcomeCount <= EngineTables.maxOutcomesPerProgram
      var needsLanes = [Bool](repeating: false, count: boosterSize)
      for (index, draw) in program.enumerated() where partial[index] && !countsOutcomes {
        for position in draw.firstPosition..<(draw.firstPosition + draw.count) { needsLanes[position] = true }
      }
      positionNeedsLanes += needsLanes
      programLaneCounts += constant
      var record = programRecord(
        program, constant: constant, mayRepeat: mayRepeat,
        tallyEachBooster: mayRepeat || (partial.contains(true) && !countsOutcomes))
      if countsOutcomes {
        appendOutcomes(program, settled: settled, constant: constant, outcomeCount: outcomeCount, record: &record)
      }
      if fast {
        appendFastProgram(program, settled: settled, countsOutcomes: countsOutcomes, record: &record)
      } else {
        appendGeneralProgram(program, record: &record)
      }
      programRecords.append(record)
    }

    /// Where each position of a program is tallied (`site * cardCount`) and its slot.
    mutating func appendPositions(_ program: [PlanDraw]) {
      var rows = [Int32](repeating: 0, count: boosterSize)
      var slots = [Int32](repeating: 0, count: boosterSize)
      for draw in program {
        for position in draw.firstPosition..<(draw.firstPosition + draw.count) {
          rows[position] = Int32(draw.site * cards.count)
          slots[position] = Int32(draw.slot)
        }
      }
      positionRows += rows
      positionSlots += slots
    }

    /// Lanes: a draw whose sheet lies wholly inside or outside every lane adds a fixed count;
    /// a draw with a sheet partly inside some lane (`partial`) adds each card's lane mask, unless
    /// its class choice settles its lanes (see `addProgram`).
    func fixedLaneCounts(_ program: [PlanDraw]) -> (partial: [Bool], constant: [Int]) {
      var partial = [Bool](repeating: false, count: program.count)
      var constant = [Int](repeating: 0, count: lanes)
      for (index, draw) in program.enumerated() {
        let sheetCards = sheets[draw.sheet].cards
        let inside = members.map { lane in sheetCards.filter(lane.contains).count }
        if inside.contains(where: { $0 != 0 && $0 != sheetCards.count }) {
          partial[index] = true
        } else {
          for lane in 0..<lanes where inside[lane] == sheetCards.count { constant[lane] += draw.count }
        }
      }
      return (partial, constant)
    }

    /// A program's record before its picks or draws are placed, with its fixed lane counts
    /// packed (4-bit lanes when boosters hold at most 15 cards; 8-bit lanes in two words).
    func programRecord(_ program: [PlanDraw], constant: [Int], mayRepeat: Bool, tallyEachBooster: Bool) -> Program {
      var packed: UInt64 = 0
      var low: UInt64 = 0
      var high: UInt64 = 0
      for (lane, count) in constant.enumerated() {
        if boosterSize <= 15 { packed &+= UInt64(count) << UInt64(4 * lane) }
        if lane < 8 { low &+= UInt64(count) << UInt64(8 * lane) } else { high &+= UInt64(count) << UInt64(8 * (lane - 8)) }
      }
      return Program(
        batchStart: -1, batchCount: 0, drawStart: Int32(draws.count), drawCount: 0,
        mayRepeat: mayRepeat, tallyEachBooster: tallyEachBooster,
        size: Int32(program.reduce(0) { $0 + $1.count }), constantPacked: packed, constantLow: low, constantHigh: high)
    }

    /// The lane counts of each outcome of a program counted by outcome.
    mutating func appendOutcomes(
      _ program: [PlanDraw], settled: [Bool], constant: [Int], outcomeCount: Int, record: inout Program
    ) {
      record.countsOutcomes = true
      record.outcomeStart = Int32(outcomePrograms.count)
      // Outcome o's digit for the s-th settled draw is (o / (product of the earlier
      // settled draws' class counts)) % its class count.
      let classLanes = program.indices.filter { settled[$0] }.map { laneClasses[program[$0].sheet] }
      for outcome in 0..<outcomeCount {
        var counts = constant
        var rest = outcome
        for lanesOfClasses in classLanes {
          let mask = lanesOfClasses[rest % lanesOfClasses.count]
          rest /= lanesOfClasses.count
          for lane in 0..<lanes where mask & (1 << UInt64(lane)) != 0 { counts[lane] += 1 }
        }
        outcomeLaneCounts += counts
        outcomePrograms.append(programRecords.count)
      }
    }
  }
}

extension EngineTables.Builder {
  /// Phase 4: per card, its lanes as bits: byte lanes 0-7 (`low`) and 8-15 (`high`), and 4-bit
  /// lanes of one word (`packed`). Cost: O(cards + lane members).
  func cardLanes() -> (low: [UInt64], high: [UInt64], packed: [UInt64]) {
    var lanesLow = [UInt64](repeating: 0, count: cards.count)
    var lanesHigh = [UInt64](repeating: 0, count: cards.count)
    var lanesPacked = [UInt64](repeating: 0, count: cards.count)
    for (lane, ordinals) in members.enumerated() {
      for ordinal in ordinals {
        lanesPacked[ordinal] |= 1 << UInt64(4 * lane)
        if lane < 8 {
          lanesLow[ordinal] |= 1 << UInt64(8 * lane)
        } else {
          lanesHigh[ordinal] |= 1 << UInt64(8 * (lane - 8))
        }
      }
    }
    return (lanesLow, lanesHigh, lanesPacked)
  }
}

/// How a sheet is stored for drawing.
enum SheetLayout {
  case uniform
  case table
  case alias
  case balancedAlias

  /// Uniform sheets need no table; integer weights up to a modest total expand into a table
  /// (one bounded pick per card); anything else uses an alias table. A weighted colour-balanced
  /// sheet has an alias table per colour group.
  static func choose(for sheet: PlanSheet) -> SheetLayout {
    if sheet.balance?.weights != nil { return .balancedAlias }
    if sheet.isUniform { return .uniform }
    let integral = sheet.weights.allSatisfy { $0 == $0.rounded() }
    return integral && sheet.totalWeight <= 65_536 ? .table : .alias
  }
}
