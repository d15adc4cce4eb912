/// The plan flattened for the generator's inner loop: fixed-size records and raw buffers that
/// are allocated once when the plan is built and never change afterwards, so every thread
/// reads them without locks, bounds checks or reference counting.
///
/// Most programs (the draws of one booster kind and variant combination) compile to *picks*,
/// one per card, each a uniform index in a range followed by a swap in the engine's copy of a
/// sheet or an expanded weight table. Consecutive picks are grouped into batches that take all
/// their indices from one 64-bit random number. A colour-balanced draw, which needs a choice
/// per booster (its group counts), becomes fixed picks (its first card of each colour) and a
/// segment of alternatives for the other cards, chosen by an alias table: coded alternatives (a
/// byte per pick into a small table of the draw's picks, one alias table for every program that
/// makes the same draw) when they fit, else each a fixed list of picks; one card of a weighted sheet, or of a sheet partly inside
/// some lane, becomes a segment that picks it by an alias table over the sheet's cards, which
/// also gives the card's lanes (so the booster's lane counts need no look at its cards). Programs with
/// several cards of an alias sheet or distinct draws from weighted sheets (which need rejection)
/// take the general per-draw path instead.
final class EngineTables: @unchecked Sendable {
  /// How a draw of the general path picks its cards.
  enum Mode: Int32 {
    /// Distinct cards from a uniform sheet: partial Fisher–Yates over the sheet's persistent
    /// permutation.
    case uniformDistinct
    /// Independent uniform picks from a sheet or an expanded table (where a card of integer
    /// weight w appears w times).
    case pick
    /// As `pick` from a table, redrawing a card already drawn by this draw.
    case pickDistinct
    /// Picks by Walker's alias method (any real weights).
    case alias
    /// As `alias`, redrawing a card already drawn by this draw.
    case aliasDistinct
    /// A colour-balanced draw from a uniform sheet stored in colour groups (see
    /// `ColorBalance`): a card of each colour, then the rest from groups chosen by weight, each
    /// group a partial Fisher–Yates shuffle of its part of the sheet's permutation.
    case balanced
    /// A colour-balanced draw from a weighted sheet: as `balanced`, with the group chosen by an
    /// alias table and each card by its group's alias table, drawn again on a repeat.
    case balancedWeighted
  }

  /// One draw of the general path.
  struct Draw {
    var mode: Mode
    var count: Int32
    /// Cards (or table entries) the draw chooses among.
    var size: Int32
    /// Where the draw's sheet or table starts in `cardArrays` or the alias arrays.
    var offset: Int32
    /// Where the draw's cards go in the booster.
    var firstPosition: Int32
    /// For `balanced`: where the draw's group bounds (7) and cumulative group weights (6)
    /// start in `balanceStarts` and `balanceCumulative`, divided by 7 and 6.
    var balance: Int32 = -1
    /// For `balancedWeighted`: where its alias table over the six groups starts in the alias
    /// arrays (`offset` is where the groups' own tables start: group g's at `offset` plus its
    /// first card's index in the sheet).
    var groupTable: Int32 = -1
  }

  /// One card of the fast path: a uniform index r in `0..<range`, then a swap of entries
  /// `offset` and `offset + r` of the card arrays, and the card now at `offset` is drawn.
  /// The t-th card of a distinct draw from a uniform sheet has `offset` = sheet start + t and
  /// `range` = sheet size - t (a partial Fisher–Yates shuffle of the sheet's persistent
  /// permutation); any other card has `offset` = sheet start and `range` = sheet size (a
  /// uniform pick that leaves the sheet or table a permutation of itself). A program's fixed
  /// picks come first (in position order), then its segments'; each pick names its position.
  struct Pick {
    var offset: Int32
    var range: UInt32
    /// Where the card is tallied: `site * cardCount`.
    var row: Int32
    /// The card's position in the booster.
    var position: Int32
  }

  /// Consecutive picks whose indices come from one 64-bit random number x: they are the
  /// mixed-radix digits of Lemire's method applied to the product of their ranges
  /// (Brackett-Rozinsky and Lemire, "Batched ranged random integer generation", 2024), which is
  /// exactly uniform when the final low word, x × product mod 2⁶⁴, is at least `threshold` =
  /// 2⁶⁴ mod product. That word is known before any digit is taken, so a rejected x is
  /// replaced before it touches anything.
  struct Batch {
    /// The batch's picks (into `picks`).
    var pickStart: Int32
    var pickEnd: Int32
    var product: UInt64
    var threshold: UInt64
  }

  /// A random number that gives several of a pool's choices (the mythic booster's position,
  /// the boosters' variant combinations) as uniform digits, taken as in `Batch`.
  struct PoolBatch {
    var product: UInt64
    var threshold: UInt64
    /// Whether a new number is drawn before this digit.
    var starts: Bool
  }

  /// Where a program's work is.
  struct Program {
    /// Fast path: batches (into `batches`), or -1 for the general path.
    var batchStart: Int32
    var batchCount: Int32
    /// General path: draws (into `draws`).
    var drawStart: Int32
    var drawCount: Int32
    /// Whether a card can appear twice in the booster (so duplicates must be looked for).
    var mayRepeat: Bool
    /// Whether the booster must be tallied on its own (duplicates to look for, or lane counts
    /// that depend on the cards); otherwise counting the program is enough, because every lane
    /// count is fixed by which sheets the program draws from.
    var tallyEachBooster: Bool
    /// The cards of its boosters (every program's when no variant sets a slot's count).
    var size: Int32 = 0
    /// The lane counts every booster of the program has from draws whose sheets lie wholly
    /// inside or outside each lane (packed 4-bit lanes; 8-bit lanes in two words).
    var constantPacked: UInt64
    var constantLow: UInt64
    var constantHigh: UInt64
    /// A fast program with a choice made per booster (a colour-balanced draw's group counts, a
    /// card picked by an alias table): `segmentCount` segments from `segmentStart`, run instead
    /// of the batches (its fixed picks first, then the others). 0 for programs of fixed picks
    /// only.
    var segmentStart: Int32 = 0
    var segmentCount: Int32 = 0
    /// Whether the booster's lane counts follow from the cards its card-picking segments chose
    /// (one-card draws from sheets partly inside some lane, by alias tables that also give each
    /// card's lanes): its outcome is `outcomeStart` plus the steps of the entries chosen, and
    /// `outcomeLaneCounts` holds each outcome's lane counts. Such boosters are counted by
    /// outcome, with no look at their cards.
    var countsOutcomes: Bool = false
    var outcomeStart: Int32 = 0
  }

  /// A run of a fast program's positions: one of `allocationCount` alternatives (entries of
  /// `allocations` from `allocationStart`), chosen by the alias table at `aliasOffset` in the
  /// alias arrays when there are several.
  struct Segment {
    var allocationStart: Int32
    var allocationCount: Int32
    var aliasOffset: Int32
    /// A segment of one card picked by an alias table over a sheet's cards: `allocationCount`
    /// entries from `aliasOffset` in the `cardAlias` arrays, counted at `row`.
    var picksCard: Bool = false
    var row: Int32 = 0
    /// The position of the card a card-picking segment picks, or of a coded segment's first.
    var position: Int32 = 0
    /// A coded segment: the other cards of a colour-balanced draw (after its first of each
    /// colour), `extras` of them, whose `allocationCount` alternatives are entries of
    /// `codedEntries` from `aliasOffset` (an alias table whose choices are coded
    /// alternatives), each pick one of the 96 of `codedPicks` from `codedPickStart`
    /// (group g, t-th card: 16 g + t).
    var coded: Bool = false
    var codedPickStart: Int32 = 0
    var extras: Int32 = 0
  }

  /// One alternative of a coded segment: its batch's product and threshold (one random
  /// number), and its picks as bytes of `codes` (16 × group + t), lowest first.
  struct CodedAlternative {
    var product: UInt64
    var threshold: UInt64
    var codes: UInt64
  }

  /// An entry of a coded segment's alias table.
  struct CodedEntry {
    var threshold: UInt64
    var keep: CodedAlternative
    var other: CodedAlternative
  }

  /// The batches of one alternative of a segment (into `batches`).
  struct Allocation {
    var batchStart: Int32
    var batchCount: Int32
  }

  let cardCount: Int
  let kindCount: Int
  let combinationCount: Int
  let boostersPerPool: Int
  let laneCount: Int
  /// The largest booster's cards: the room each booster of a pool has in the engine's buffers.
  /// Boosters are of one size unless variants set slot counts; `Program.size` is each one's.
  let boosterSize: Int

  let programs: UnsafeMutableBufferPointer<Program>
  /// Whether any program has `tallyEachBooster`.
  let anyProgramTalliesEachBooster: Bool
  /// Whether any program has `countsOutcomes`.
  let anyProgramCountsOutcomes: Bool
  /// `outcomeLaneCounts[outcome * laneCount + lane]`: the lane counts of each outcome of the
  /// programs that count outcomes, and `outcomePrograms[outcome]` the program it belongs to.
  let outcomeLaneCounts: [Int]
  let outcomePrograms: [Int]
  /// Whether every program takes the fast path (picks in batches).
  let allProgramsUsePicks: Bool
  let picks: UnsafeMutableBufferPointer<Pick>
  let batches: UnsafeMutableBufferPointer<Batch>
  let segments: UnsafeMutableBufferPointer<Segment>
  let allocations: UnsafeMutableBufferPointer<Allocation>
  let draws: UnsafeMutableBufferPointer<Draw>
  /// `positionRows[program * boosterSize + position]`: where the card at that position is
  /// tallied (`site * cardCount`).
  let positionRows: UnsafeMutableBufferPointer<Int32>
  /// `positionSlots[program * boosterSize + position]`: the slot of that position.
  let positionSlots: UnsafeMutableBufferPointer<Int32>
  /// `positionNeedsLanes[program * boosterSize + position]`: whether the card at that position
  /// comes from a sheet partly inside some lane, so its own lane mask must be added.
  let positionNeedsLanes: UnsafeMutableBufferPointer<Bool>
  /// `programLaneCounts[program * laneCount + lane]`: the fixed lane counts of programs that do
  /// not need `tallyEachBooster`.
  let programLaneCounts: [Int]
  /// The combination of a booster of kind k is the number of
  /// `combinationThresholds[k * combinationCount ..< k * combinationCount + combinationCount - 1]`
  /// at or below a uniform digit in `0..<combinationRange` (see `IntegerWeights`).
  let combinationRange: UInt64
  let combinationThresholds: UnsafeMutableBufferPointer<UInt64>
  /// Likewise for the mythic booster's position; range 1 and no thresholds for independent
  /// boosters.
  let hasMythicPosition: Bool
  let positionRange: UInt64
  /// Whether the positions are equally likely, so that the digit is the position.
  let positionDigitIsPosition: Bool
  let positionThresholds: UnsafeMutableBufferPointer<UInt64>
  /// Per digit of a pool (0: the position, 1 + b: booster b's combination): whether a new
  /// number is drawn before it.
  let poolBatches: UnsafeMutableBufferPointer<PoolBatch>
  /// Every uniform sheet in collector-number order, then the expanded weight tables; each
  /// engine copies them and permutes its copy as it draws.
  let cardArrays: UnsafeMutableBufferPointer<Int32>
  /// Per balanced draw: the seven group bounds within the sheet, and the six cumulative weights
  /// with which its mixed picks choose a group (the last is the total).
  let balanceStarts: UnsafeMutableBufferPointer<Int32>
  let balanceCumulative: UnsafeMutableBufferPointer<UInt64>
  /// The alias tables of segments that pick a card: per entry its threshold, the card kept and
  /// its alias, and what each adds to the booster's outcome (see `Program.countsOutcomes`).
  let cardAliasThresholds: [UInt64]
  /// The alias tables and picks of coded segments (see `Segment.coded`).
  let codedEntries: [CodedEntry]
  let codedPicks: [Pick]
  let cardAliasKeep: [Int32]
  let cardAliasOther: [Int32]
  let cardAliasKeepStep: [Int32]
  let cardAliasOtherStep: [Int32]
  let aliasThresholds: UnsafeMutableBufferPointer<UInt64>
  let aliasPrimary: UnsafeMutableBufferPointer<Int32>
  let aliasSecondary: UnsafeMutableBufferPointer<Int32>
  /// Per card: byte lanes 0-7 and 8-15; lane 0 counts mythics, lane i+1 event i.
  let lanesLow: UnsafeMutableBufferPointer<UInt64>
  let lanesHigh: UnsafeMutableBufferPointer<UInt64>
  /// Per card: the same lanes as 4-bit fields of one word, usable when no booster holds more
  /// than 15 cards.
  let lanesPacked: UnsafeMutableBufferPointer<UInt64>

  init(
    cards: [Card], kinds: Int, sheets: [PlanSheet], combinationProbabilities: [[Double]],
    programs: [[[PlanDraw]]], positionProbabilities: [Double]?, boostersPerPool: Int,
    events: [PlanEvent]
  ) {
    cardCount = cards.count
    kindCount = kinds
    combinationCount = combinationProbabilities.first?.count ?? 1
    self.boostersPerPool = boostersPerPool
    laneCount = events.count + 1
    let boosterSize = programs.joined().map { $0.reduce(0) { $0 + $1.count } }.max() ?? 0
    self.boosterSize = boosterSize

    // Lanes: 0 counts mythics, lane i + 1 event i.
    var members: [Set<Int>] = [Set(cards.indices.filter { cards[$0].rarity == .mythic })]
    members += events.map(\.cards)
    let lanes = members.count
    /// The lanes a card is in, as bits.
    func laneMask(_ card: Int) -> UInt64 {
      members.indices.reduce(0) { $0 | (members[$1].contains(card) ? 1 << UInt64($1) : 0) }
    }

    // Sheet storage: permutations first (copied per engine), then tables, then alias arrays.
    let layouts = sheets.map(SheetLayout.choose)
    var arrays: [Int32] = []
    var aliasThresholds: [UInt64] = []
    var aliasPrimary: [Int32] = []
    var aliasSecondary: [Int32] = []
    var storage = [(offset: Int, size: Int)](repeating: (0, 0), count: sheets.count)
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
        let tables = Self.groupAliasTables(sheet)
        aliasThresholds += tables.thresholds
        aliasPrimary += tables.primary
        aliasSecondary += tables.secondary
      }
    }
    // A one-card draw from a weighted sheet, or from a sheet partly inside some lane, picks its
    // card by an alias table over the sheet's cards that also gives the card's lanes
    // (`laneClasses`: the sheet's distinct lane masks, in order).
    var laneClasses = [[UInt64]](repeating: [], count: sheets.count)
    var picksByAlias = [Bool](repeating: false, count: sheets.count)
    for (index, sheet) in sheets.enumerated() where sheet.balance == nil {
      laneClasses[index] = Set(sheet.cards.map(laneMask)).sorted()
      picksByAlias[index] = layouts[index] == .alias || laneClasses[index].count > 1
    }

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
    for kind in 0..<kinds {
      for combination in 0..<combinationCount {
        let program = programs[kind][combination]
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

        // Lanes: a draw whose sheet lies wholly inside or outside every lane adds a fixed count;
        // a draw with a sheet partly inside some lane adds each card's lane mask, unless its
        // class choice settles its lanes (below).
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
        func picksFast(_ draw: PlanDraw) -> Bool {
          sheets[draw.sheet].balance == nil
            && (layouts[draw.sheet] == .uniform || (layouts[draw.sheet] == .table && !(draw.distinct && draw.count > 1)))
        }
        /// Whether a draw is one card picked by an alias table over the sheet's cards.
        func choosesClass(_ draw: PlanDraw) -> Bool { draw.count == 1 && picksByAlias[draw.sheet] }
        // Draws that need a choice per booster keep the fast path as segments: a colour-balanced
        // draw as alternatives (its group counts), one card from a weighted sheet or a sheet
        // partly inside some lane as a pick from an alias table over its cards.
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
        let fast = program.allSatisfy { picksFast($0) || choices($0) != nil || choosesClass($0) }
        let mayRepeat = Self.mayRepeat(program, sheets: sheets)
        // A fast program whose only partly-inside draws choose a class has its lane counts
        // settled by the classes chosen: its boosters are counted by outcome, not card by card
        // (unless it has too many outcomes, or duplicates to look for).
        let settled = program.indices.map { partial[$0] && fast && choosesClass(program[$0]) }
        let outcomeCount = program.indices.filter { settled[$0] }.reduce(1) {
          min($0 * laneClasses[program[$1].sheet].count, Self.maxOutcomesPerProgram + 1)
        }
        let countsOutcomes =
          !mayRepeat && settled.contains(true) && !program.indices.contains { partial[$0] && !settled[$0] }
          && outcomeCount <= Self.maxOutcomesPerProgram
        var needsLanes = [Bool](repeating: false, count: boosterSize)
        for (index, draw) in program.enumerated() where partial[index] && !countsOutcomes {
          for position in draw.firstPosition..<(draw.firstPosition + draw.count) { needsLanes[position] = true }
        }
        positionNeedsLanes += needsLanes
        programLaneCounts += constant
        var packed: UInt64 = 0
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (lane, count) in constant.enumerated() {
          if boosterSize <= 15 { packed &+= UInt64(count) << UInt64(4 * lane) }
          if lane < 8 { low &+= UInt64(count) << UInt64(8 * lane) } else { high &+= UInt64(count) << UInt64(8 * (lane - 8)) }
        }
        var record = Program(
          batchStart: -1, batchCount: 0, drawStart: Int32(draws.count), drawCount: 0,
          mayRepeat: mayRepeat, tallyEachBooster: mayRepeat || (partial.contains(true) && !countsOutcomes),
          size: Int32(program.reduce(0) { $0 + $1.count }), constantPacked: packed, constantLow: low, constantHigh: high)
        if countsOutcomes {
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
        var outcomeStride = 1
        if fast {
          /// Appends batches for picks and returns their range.
          func appendBatches(_ list: [Pick]) -> Allocation {
            let first = Int32(batches.count)
            for bounds in Self.batchBounds(list.map { UInt64($0.range) }) {
              batches.append(
                Batch(
                  pickStart: Int32(picks.count + bounds.start), pickEnd: Int32(picks.count + bounds.end),
                  product: bounds.product, threshold: bounds.threshold))
            }
            picks += list
            return Allocation(batchStart: first, batchCount: Int32(batches.count) - first)
          }
          var position = 0
          var fixed: [Pick] = []
          var programSegments: [Segment] = []
          // First every fixed pick, the first card of each colour of balanced draws among them
          // (each before the other cards of its group, as a partial Fisher-Yates shuffle needs),
          // so that they share random numbers; then the segments, in position order.
          var segmentDraws: [Int] = []
          for (index, draw) in program.enumerated() {
            precondition(draw.firstPosition == position, "draws must fill the booster in order")
            position += draw.count
            if choosesClass(draw) {
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
          if !segmentDraws.isEmpty && !fixed.isEmpty {
            programSegments.append(Segment(allocationStart: Int32(allocations.count), allocationCount: 1, aliasOffset: 0))
            allocations.append(appendBatches(fixed))
          }
          for index in segmentDraws {
            let draw = program[index]
            if choosesClass(draw) {
              let sheet = sheets[draw.sheet]
              let alias = AliasTable(weights: sheet.weights)
              let stride = countsOutcomes && settled[index] ? outcomeStride : 0
              let classes = laneClasses[draw.sheet]
              let steps = sheet.cards.map { Int32(classes.firstIndex(of: laneMask($0))! * stride) }
              programSegments.append(
                Segment(
                  allocationStart: 0, allocationCount: Int32(sheet.cards.count), aliasOffset: Int32(cardAliasThresholds.count),
                  picksCard: true, row: Int32(draw.site * cards.count), position: Int32(draw.firstPosition)))
              cardAliasThresholds += alias.thresholds
              cardAliasKeep += sheet.cards.map { Int32($0) }
              cardAliasOther += alias.alias.map { Int32(sheet.cards[$0]) }
              cardAliasKeepStep += steps
              cardAliasOtherStep += alias.alias.map { steps[$0] }
              if stride > 0 { outcomeStride *= classes.count }
            } else if let balance = sheets[draw.sheet].balance,
              let (entryStart, entryCount) = codedTables[[draw.sheet, draw.count]]
                ?? Self.codedAlternatives(balance, count: draw.count).map({ coded in
                  // The other cards of a balanced draw, coded (see `Segment.coded`); one alias
                  // table for every program that makes the same draw.
                  let alias = AliasTable(weights: coded.map(\.weight))
                  let start = codedEntries.count
                  for entry in coded.indices {
                    codedEntries.append(
                      CodedEntry(
                        threshold: alias.thresholds[entry], keep: coded[entry].alternative,
                        other: coded[alias.alias[entry]].alternative))
                  }
                  codedTables[[draw.sheet, draw.count]] = (start, coded.count)
                  return (start, coded.count)
                })
            {
              let segment = Segment(
                allocationStart: 0, allocationCount: Int32(entryCount), aliasOffset: Int32(entryStart),
                position: Int32(draw.firstPosition + 5), coded: true, codedPickStart: Int32(codedPicks.count),
                extras: Int32(draw.count - 5))
              programSegments.append(segment)
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
            } else if let alternatives = choices(draw) {
              let alias = AliasTable(weights: alternatives.map(\.weight))
              programSegments.append(
                Segment(
                  allocationStart: Int32(allocations.count), allocationCount: Int32(alternatives.count),
                  aliasOffset: Int32(aliasThresholds.count)))
              aliasThresholds += alias.thresholds
              aliasPrimary += alternatives.indices.map { Int32($0) }
              aliasSecondary += alias.alias.map { Int32($0) }
              for alternative in alternatives { allocations.append(appendBatches(alternative.picks)) }
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
        } else {
          for draw in program {
            let (offset, size) = storage[draw.sheet]
            let distinct = draw.distinct && draw.count > 1
            let mode: Mode
            switch (layouts[draw.sheet], distinct) {
            case (.uniform, true): mode = .uniformDistinct
            case (.uniform, false), (.table, false): mode = .pick
            case (.table, true): mode = .pickDistinct
            case (.alias, false): mode = .alias
            case (.alias, true): mode = .aliasDistinct
            case (.balancedAlias, _): mode = .balancedWeighted
            }
            var record = Draw(
              mode: mode, count: Int32(draw.count), size: Int32(size), offset: Int32(offset),
              firstPosition: Int32(draw.firstPosition))
            if let balance = sheets[draw.sheet].balance, balance.weights != nil {
              // A weighted balanced draw: its sheet's group tables, then a table over the
              // groups with this draw's mixed weights, at `groupTable`.
              record.balance = Int32(balanceCumulative.count / 6)
              balanceStarts += balance.groupStarts.map { Int32($0) }
              balanceCumulative += [UInt64](repeating: 0, count: 6)
              record.groupTable = Int32(aliasThresholds.count)
              let groups = Self.groupChoiceTable(balance, count: draw.count)
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
            draws.append(record)
          }
          record.drawCount = Int32(program.count)
        }
        programRecords.append(record)
      }
    }

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

    self.programs = .copy(programRecords)
    anyProgramTalliesEachBooster = programRecords.contains { $0.tallyEachBooster }
    anyProgramCountsOutcomes = programRecords.contains { $0.countsOutcomes }
    self.cardAliasThresholds = cardAliasThresholds
    self.codedEntries = codedEntries
    self.codedPicks = codedPicks
    self.cardAliasKeep = cardAliasKeep
    self.cardAliasOther = cardAliasOther
    self.cardAliasKeepStep = cardAliasKeepStep
    self.cardAliasOtherStep = cardAliasOtherStep
    self.outcomeLaneCounts = outcomeLaneCounts
    self.outcomePrograms = outcomePrograms
    allProgramsUsePicks = programRecords.allSatisfy { $0.batchStart >= 0 }
    self.picks = .copy(picks)
    self.batches = .copy(batches)
    self.allocations = .copy(allocations)
    self.segments = .copy(segments)
    self.draws = .copy(draws)
    self.balanceStarts = .copy(balanceStarts)
    self.balanceCumulative = .copy(balanceCumulative)
    self.positionRows = .copy(positionRows)
    self.positionSlots = .copy(positionSlots)
    self.positionNeedsLanes = .copy(positionNeedsLanes)
    self.programLaneCounts = programLaneCounts
    let combinationWeights = IntegerWeights.common(combinationProbabilities)
    combinationRange = combinationWeights.first?.denominator ?? 1
    combinationThresholds = .copy(combinationWeights.flatMap { $0.thresholds + [0] })
    let positionWeights = positionProbabilities.map(IntegerWeights.init)
    hasMythicPosition = positionWeights != nil
    positionRange = positionWeights?.denominator ?? 1
    positionDigitIsPosition = positionWeights?.digitIsChoice ?? false
    positionThresholds = .copy(positionWeights?.thresholds ?? [])
    poolBatches = .copy(Self.poolBatches(boosters: boostersPerPool, positionRange: positionRange, combinationRange: combinationRange))
    cardArrays = .copy(arrays)
    self.aliasThresholds = .copy(aliasThresholds)
    self.aliasPrimary = .copy(aliasPrimary)
    self.aliasSecondary = .copy(aliasSecondary)
    self.lanesLow = .copy(lanesLow)
    self.lanesHigh = .copy(lanesHigh)
    self.lanesPacked = .copy(lanesPacked)
  }

  deinit {
    programs.deallocate()
    picks.deallocate()
    batches.deallocate()
    allocations.deallocate()
    segments.deallocate()
    draws.deallocate()
    balanceStarts.deallocate()
    balanceCumulative.deallocate()
    positionRows.deallocate()
    positionSlots.deallocate()
    positionNeedsLanes.deallocate()
    combinationThresholds.deallocate()
    positionThresholds.deallocate()
    poolBatches.deallocate()
    cardArrays.deallocate()
    aliasThresholds.deallocate()
    aliasPrimary.deallocate()
    aliasSecondary.deallocate()
    lanesLow.deallocate()
    lanesHigh.deallocate()
    lanesPacked.deallocate()
  }

  /// The alternatives of a balanced draw's cards after its first of each colour, coded (see
  /// `Segment.coded`) with their weights; nil when they do not fit: more than 8 such cards, a
  /// group with more than 16 cards to take from, or a product of ranges above 2⁶⁰.
  static func codedAlternatives(_ balance: ColorBalance, count: Int) -> [(weight: Double, alternative: CodedAlternative)]? {
    guard count > 5, count - 5 <= 8 else { return nil }
    let outcomes = BalancedDraws.groupCounts(balance, count: count)
    var result: [(weight: Double, alternative: CodedAlternative)] = []
    for counts in outcomes.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) where outcomes[counts]! > 0 {
      var codes: UInt64 = 0
      var ranges: [UInt64] = []
      for group in 0..<6 {
        for t in (group < 5 ? 1 : 0)..<counts[group] {
          guard t < 16 else { return nil }
          codes |= UInt64(16 * group + t) << UInt64(8 * ranges.count)
          ranges.append(UInt64(balance.size(ofGroup: group) - t))
        }
      }
      let bounds = batchBounds(ranges)
      guard bounds.count == 1 else { return nil }
      result.append(
        (outcomes[counts]!, CodedAlternative(product: bounds[0].product, threshold: bounds[0].threshold, codes: codes)))
    }
    return result
  }

  /// The most outcomes a program may count its boosters by (see `Program.countsOutcomes`);
  /// programs with more count their lanes card by card.
  static let maxOutcomesPerProgram = 4096

  /// Whether a program can put a card in a booster twice: a draw that is not distinct, or two
  /// draws whose sheets share a card. Otherwise every card is distinct by construction (each
  /// distinct draw picks different entries of one permutation, or rejects repeats), and the
  /// engine skips the per-card duplicate check.
  static func mayRepeat(_ program: [PlanDraw], sheets: [PlanSheet]) -> Bool {
    var seen = Set<Int>()
    for draw in program {
      if !draw.distinct && draw.count > 1 { return true }
      let cards = Set(sheets[draw.sheet].cards)
      if !seen.isDisjoint(with: cards) { return true }
      seen.formUnion(cards)
    }
    return false
  }

  /// Cuts a sequence of ranges into batches whose product stays at or below 2⁶⁰ (a lone range
  /// may be larger): (start, end, product, 2⁶⁴ mod product) for each. The cap keeps a batch's
  /// chance of being drawn again (under product / 2⁶⁴) below 1/16.
  static func batchBounds(_ ranges: [UInt64]) -> [(start: Int, end: Int, product: UInt64, threshold: UInt64)] {
    var result: [(Int, Int, UInt64, UInt64)] = []
    var start = 0
    var product: UInt64 = 1
    for (index, range) in ranges.enumerated() {
      let (next, overflow) = product.multipliedReportingOverflow(by: range)
      if (overflow || next > 1 << 60) && index > start {
        result.append((start, index, product, (0 &- product) % product))
        start = index
        product = range
      } else {
        product = next
      }
    }
    if ranges.count > start { result.append((start, ranges.count, product, (0 &- product) % product)) }
    return result
  }

  /// The pool's digits (the mythic booster's position, then each booster's combination) cut
  /// into 64-bit numbers, indexed by digit. Digits with range 1 (no choice) draw nothing.
  static func poolBatches(boosters: Int, positionRange: UInt64, combinationRange: UInt64) -> [PoolBatch] {
    let ranges = [positionRange] + repeatElement(combinationRange, count: boosters)
    var batches = [PoolBatch](repeating: PoolBatch(product: 1, threshold: 0, starts: false), count: ranges.count)
    for bounds in batchBounds(ranges) where bounds.product > 1 {
      batches[bounds.start] = PoolBatch(product: bounds.product, threshold: bounds.threshold, starts: true)
    }
    return batches
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

extension UnsafeMutableBufferPointer {
  /// A new buffer holding a copy of `array` (one element of padding when it is empty).
  static func copy(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
    let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: Swift.max(array.count, 1))
    _ = buffer.initialize(from: array)
    return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
  }
}
