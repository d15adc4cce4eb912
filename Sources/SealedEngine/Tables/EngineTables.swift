import SealedSupport
import SealedCards
import SealedRules
import SealedLoops

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
///
/// The tables are shared by the threads of a run and kept alive by every engine and tally that
/// reads them, so they are an immutable class; each buffer is a `TableBuffer`, freed with the
/// tables (there is nothing to release by hand, and a buffer cannot be read once they are gone).
final class EngineTables: Sendable {
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
    /// A segment of several cards of one weighted sheet, `extras` of them, each drawn on its
    /// own: a uniform entry of the sheet's weight table (its one pick, at `codedPickStart` in
    /// `codedPicks`), or, `byAlias`, an entry of the alias table over the sheet's cards (as a
    /// card-picking segment's, `allocationCount` entries from `aliasOffset`, counted at
    /// `row`). When `distinct`, a card the draw already holds is drawn again (rejection: exactly
    /// successive sampling by weight).
    var several: Bool = false
    var byAlias: Bool = false
    var distinct: Bool = false
  }

  /// One alternative of a coded segment: its batch's product and threshold (one random
  /// number), and its picks as bytes of `codes` (16 × group + t), lowest first. The compiled
  /// loop's record, so the loop's plan takes the engine's entries as they are.
  typealias CodedAlternative = LoopPlan.CodedAlternative

  /// An entry of a coded segment's alias table.
  typealias CodedEntry = LoopPlan.CodedEntry

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

  let programs: TableBuffer<Program>
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
  let picks: TableBuffer<Pick>
  let batches: TableBuffer<Batch>
  let segments: TableBuffer<Segment>
  let allocations: TableBuffer<Allocation>
  let draws: TableBuffer<Draw>
  /// `positionRows[program * boosterSize + position]`: where the card at that position is
  /// tallied (`site * cardCount`).
  let positionRows: TableBuffer<Int32>
  /// `positionSlots[program * boosterSize + position]`: the slot of that position.
  let positionSlots: TableBuffer<Int32>
  /// `positionNeedsLanes[program * boosterSize + position]`: whether the card at that position
  /// comes from a sheet partly inside some lane, so its own lane mask must be added.
  let positionNeedsLanes: TableBuffer<Bool>
  /// `programLaneCounts[program * laneCount + lane]`: the fixed lane counts of programs that do
  /// not need `tallyEachBooster`.
  let programLaneCounts: [Int]
  /// The combination of a booster of kind k is the number of
  /// `combinationThresholds[k * combinationCount ..< k * combinationCount + combinationCount - 1]`
  /// at or below a uniform digit in `0..<combinationRange` (see `IntegerWeights`).
  let combinationRange: UInt64
  let combinationThresholds: TableBuffer<UInt64>
  /// Likewise for the mythic booster's position; range 1 and no thresholds for independent
  /// boosters.
  let hasMythicPosition: Bool
  let positionRange: UInt64
  /// Whether the positions are equally likely, so that the digit is the position.
  let positionDigitIsPosition: Bool
  let positionThresholds: TableBuffer<UInt64>
  /// Per digit of a pool (0: the position, 1 + b: booster b's combination): whether a new
  /// number is drawn before it.
  let poolBatches: TableBuffer<PoolBatch>
  /// Every uniform sheet in collector-number order, then the expanded weight tables; each
  /// engine copies them and permutes its copy as it draws.
  let cardArrays: TableBuffer<Int32>
  /// Per balanced draw: the seven group bounds within the sheet, and the six cumulative weights
  /// with which its mixed picks choose a group (the last is the total).
  let balanceStarts: TableBuffer<Int32>
  let balanceCumulative: TableBuffer<UInt64>
  /// The alias tables of segments that pick a card: per entry its threshold, the card kept and
  /// its alias, and what each adds to the booster's outcome (see `Program.countsOutcomes`).
  let cardAliasThresholds: [UInt64]
  /// The alias tables and picks of coded segments (see `Segment.coded`), and the one pick of
  /// each segment of several cards from a weight table (`Segment.several`).
  let codedEntries: [CodedEntry]
  let codedPicks: [Pick]
  let cardAliasKeep: [Int32]
  let cardAliasOther: [Int32]
  let cardAliasKeepStep: [Int32]
  let cardAliasOtherStep: [Int32]
  let aliasThresholds: TableBuffer<UInt64>
  let aliasPrimary: TableBuffer<Int32>
  let aliasSecondary: TableBuffer<Int32>
  /// Per card: byte lanes 0-7 and 8-15; lane 0 counts mythics, lane i+1 event i.
  let lanesLow: TableBuffer<UInt64>
  let lanesHigh: TableBuffer<UInt64>
  /// Per card: the same lanes as 4-bit fields of one word, usable when no booster holds more
  /// than 15 cards.
  let lanesPacked: TableBuffer<UInt64>

  /// The plan these tables were built from; its events are the first lanes after mythics.
  let plan: BoosterPlan

  /// The tables of `plan`, counting `extraLanes` after the plan's own events (lanes a check or
  /// an audit needs that the rules do not declare), with pools of `boostersPerPool` boosters
  /// when given (only for independent boosters, which pools do not change). The plan itself is
  /// not copied or changed. Cost: as the designated initialiser, once per run.
  convenience init(plan: BoosterPlan, extraLanes: [PlanEvent] = [], boostersPerPool: Int? = nil) {
    precondition(boostersPerPool == nil || plan.mythicBoosterPositionProbabilities == nil)
    self.init(
      plan: plan, cards: plan.cards, kinds: plan.kinds.count, sheets: plan.sheets,
      combinationProbabilities: plan.combinationProbabilities, programs: plan.programs,
      positionProbabilities: plan.mythicBoosterPositionProbabilities,
      boostersPerPool: boostersPerPool ?? plan.boostersPerPool, events: plan.events + extraLanes)
  }

  /// The tables of a compiled plan, built in phases by `Builder` (sheets' storage, sheets' lane
  /// classes, each program in (kind, combination) order, then each card's lanes) and copied into
  /// buffers. Cost: O(programs × draws × sheet cards × lanes) plus the sheets' tables, once per plan.
  private init(
    plan: BoosterPlan, cards: [Card], kinds: Int, sheets: [PlanSheet], combinationProbabilities: [[Double]],
    programs: [[[PlanDraw]]], positionProbabilities: [Double]?, boostersPerPool: Int,
    events: [PlanEvent]
  ) {
    self.plan = plan
    cardCount = cards.count
    kindCount = kinds
    combinationCount = combinationProbabilities.first?.count ?? 1
    self.boostersPerPool = boostersPerPool
    laneCount = events.count + 1
    let boosterSize = programs.joined().map { $0.reduce(0) { $0 + $1.count } }.max() ?? 0
    self.boosterSize = boosterSize

    var builder = Builder(cards: cards, sheets: sheets, events: events, boosterSize: boosterSize)
    builder.storeSheets()
    builder.classifySheetLanes()
    for kind in 0..<kinds {
      for combination in 0..<combinationCount { builder.addProgram(programs[kind][combination]) }
    }
    let lanes = builder.cardLanes()

    let programRecords = builder.programRecords
    self.programs = TableBuffer(copying: programRecords)
    anyProgramTalliesEachBooster = programRecords.contains { $0.tallyEachBooster }
    anyProgramCountsOutcomes = programRecords.contains { $0.countsOutcomes }
    self.cardAliasThresholds = builder.cardAliasThresholds
    self.codedEntries = builder.codedEntries
    self.codedPicks = builder.codedPicks
    self.cardAliasKeep = builder.cardAliasKeep
    self.cardAliasOther = builder.cardAliasOther
    self.cardAliasKeepStep = builder.cardAliasKeepStep
    self.cardAliasOtherStep = builder.cardAliasOtherStep
    self.outcomeLaneCounts = builder.outcomeLaneCounts
    self.outcomePrograms = builder.outcomePrograms
    allProgramsUsePicks = programRecords.allSatisfy { $0.batchStart >= 0 }
    self.picks = TableBuffer(copying: builder.picks)
    self.batches = TableBuffer(copying: builder.batches)
    self.allocations = TableBuffer(copying: builder.allocations)
    self.segments = TableBuffer(copying: builder.segments)
    self.draws = TableBuffer(copying: builder.draws)
    self.balanceStarts = TableBuffer(copying: builder.balanceStarts)
    self.balanceCumulative = TableBuffer(copying: builder.balanceCumulative)
    self.positionRows = TableBuffer(copying: builder.positionRows)
    self.positionSlots = TableBuffer(copying: builder.positionSlots)
    self.positionNeedsLanes = TableBuffer(copying: builder.positionNeedsLanes)
    self.programLaneCounts = builder.programLaneCounts
    let combinationWeights = IntegerWeights.common(combinationProbabilities)
    combinationRange = combinationWeights.first?.denominator ?? 1
    combinationThresholds = TableBuffer(copying: combinationWeights.flatMap { $0.thresholds + [0] })
    let positionWeights = positionProbabilities.map(IntegerWeights.init)
    hasMythicPosition = positionWeights != nil
    positionRange = positionWeights?.denominator ?? 1
    positionDigitIsPosition = positionWeights?.digitIsChoice ?? false
    positionThresholds = TableBuffer(copying: positionWeights?.thresholds ?? [])
    poolBatches = TableBuffer(copying: Self.poolBatches(boosters: boostersPerPool, positionRange: positionRange, combinationRange: combinationRange))
    cardArrays = TableBuffer(copying: builder.arrays)
    self.aliasThresholds = TableBuffer(copying: builder.aliasThresholds)
    self.aliasPrimary = TableBuffer(copying: builder.aliasPrimary)
    self.aliasSecondary = TableBuffer(copying: builder.aliasSecondary)
    self.lanesLow = TableBuffer(copying: lanes.low)
    self.lanesHigh = TableBuffer(copying: lanes.high)
    self.lanesPacked = TableBuffer(copying: lanes.packed)
  }
}
