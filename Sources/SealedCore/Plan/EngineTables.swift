/// The plan flattened for the generator's inner loop: fixed-size records and raw buffers that
/// are allocated once when the plan is built and never change afterwards, so every thread
/// reads them without locks, bounds checks or reference counting.
final class EngineTables: @unchecked Sendable {
  /// How a draw picks its cards.
  enum Mode: Int32 {
    /// Distinct cards from a uniform sheet: partial Fisher–Yates over the sheet's persistent
    /// permutation.
    case uniformDistinct
    /// Independent uniform picks (also used for single-card draws).
    case uniform
    /// Picks from an expanded table where a card of integer weight w appears w times.
    case table
    /// As `table`, redrawing a card already drawn by this draw.
    case tableDistinct
    /// Picks by Walker's alias method (any real weights).
    case alias
    /// As `alias`, redrawing a card already drawn by this draw.
    case aliasDistinct
  }

  struct Draw {
    var mode: Mode
    var count: Int32
    /// Cards (or table entries) the draw chooses among.
    var size: Int32
    /// Start of the draw's segment in `permutations`, `tables` or the alias arrays.
    var offset: Int32
    var site: Int32
    var slot: Int32
    /// `site * cardCount`, the start of the site's row of tallies.
    var tallyBase: Int32
  }

  let cardCount: Int
  let kindCount: Int
  let combinationCount: Int
  let boostersPerPool: Int
  let laneCount: Int

  let draws: UnsafeMutableBufferPointer<Draw>
  /// `programStarts[kind * combinationCount + combination]` up to the next entry.
  let programStarts: UnsafeMutableBufferPointer<Int32>
  /// Cumulative thresholds (probability × 2⁶⁴) per kind for choosing a combination.
  let combinationThresholds: UnsafeMutableBufferPointer<UInt64>
  /// Cumulative thresholds for the mythic booster's position; empty for independent boosters.
  let positionThresholds: UnsafeMutableBufferPointer<UInt64>
  /// The initial (collector-number order) permutation of every uniform sheet, back to back.
  let initialPermutations: UnsafeMutableBufferPointer<Int32>
  let tables: UnsafeMutableBufferPointer<Int32>
  let aliasThresholds: UnsafeMutableBufferPointer<UInt64>
  let aliasPrimary: UnsafeMutableBufferPointer<Int32>
  let aliasSecondary: UnsafeMutableBufferPointer<Int32>
  /// Per card: byte lanes 0-7 and 8-15; lane 0 counts mythics, lane i+1 event i.
  let lanesLow: UnsafeMutableBufferPointer<UInt64>
  let lanesHigh: UnsafeMutableBufferPointer<UInt64>

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

    // Sheet storage: uniform sheets get a permutation segment; weighted ones a table or alias.
    var permutations: [Int32] = []
    var tables: [Int32] = []
    var aliasThresholds: [UInt64] = []
    var aliasPrimary: [Int32] = []
    var aliasSecondary: [Int32] = []
    var layout: [(kind: SheetLayout, offset: Int, size: Int)] = []
    for sheet in sheets {
      switch SheetLayout.choose(for: sheet) {
      case .uniform:
        layout.append((.uniform, permutations.count, sheet.cards.count))
        permutations += sheet.cards.map { Int32($0) }
      case .table:
        layout.append((.table, tables.count, Int(sheet.totalWeight)))
        for (card, weight) in zip(sheet.cards, sheet.weights) {
          tables += repeatElement(Int32(card), count: Int(weight))
        }
      case .alias:
        let alias = AliasTable(weights: sheet.weights)
        layout.append((.alias, aliasThresholds.count, sheet.cards.count))
        aliasThresholds += alias.thresholds
        aliasPrimary += sheet.cards.map { Int32($0) }
        aliasSecondary += alias.alias.map { Int32(sheet.cards[$0]) }
      }
    }

    var draws: [Draw] = []
    var starts: [Int32] = []
    for kind in 0..<kinds {
      for combination in 0..<combinationCount {
        starts.append(Int32(draws.count))
        for draw in programs[kind][combination] {
          let (sheetLayout, offset, size) = layout[draw.sheet]
          let mode: Mode
          switch (sheetLayout, draw.distinct && draw.count > 1) {
          case (.uniform, true): mode = .uniformDistinct
          case (.uniform, false): mode = .uniform
          case (.table, true): mode = .tableDistinct
          case (.table, false): mode = .table
          case (.alias, true): mode = .aliasDistinct
          case (.alias, false): mode = .alias
          }
          draws.append(
            Draw(
              mode: mode, count: Int32(draw.count), size: Int32(size), offset: Int32(offset),
              site: Int32(draw.site), slot: Int32(draw.slot), tallyBase: Int32(draw.site * cards.count)))
        }
      }
    }
    starts.append(Int32(draws.count))

    var lanesLow = [UInt64](repeating: 0, count: cards.count)
    var lanesHigh = [UInt64](repeating: 0, count: cards.count)
    for (ordinal, card) in cards.enumerated() where card.rarity == .mythic {
      lanesLow[ordinal] |= 1
    }
    for (index, event) in events.enumerated() {
      let lane = index + 1
      for ordinal in event.cards {
        if lane < 8 {
          lanesLow[ordinal] |= 1 << UInt64(8 * lane)
        } else {
          lanesHigh[ordinal] |= 1 << UInt64(8 * (lane - 8))
        }
      }
    }

    self.draws = .copy(draws)
    programStarts = .copy(starts)
    combinationThresholds = .copy(combinationProbabilities.flatMap(Self.cumulativeThresholds))
    positionThresholds = .copy(positionProbabilities.map(Self.cumulativeThresholds) ?? [])
    initialPermutations = .copy(permutations)
    self.tables = .copy(tables)
    self.aliasThresholds = .copy(aliasThresholds)
    self.aliasPrimary = .copy(aliasPrimary)
    self.aliasSecondary = .copy(aliasSecondary)
    self.lanesLow = .copy(lanesLow)
    self.lanesHigh = .copy(lanesHigh)
  }

  deinit {
    draws.deallocate()
    programStarts.deallocate()
    combinationThresholds.deallocate()
    positionThresholds.deallocate()
    initialPermutations.deallocate()
    tables.deallocate()
    aliasThresholds.deallocate()
    aliasPrimary.deallocate()
    aliasSecondary.deallocate()
    lanesLow.deallocate()
    lanesHigh.deallocate()
  }

  /// Cumulative probabilities scaled to 2⁶⁴; a uniform 64-bit draw below entry i (and not
  /// below entry i-1) picks i. The last entry is the largest value, so nothing falls through.
  static func cumulativeThresholds(_ probabilities: [Double]) -> [UInt64] {
    let total = probabilities.reduce(0, +)
    var cumulative = 0.0
    var thresholds: [UInt64] = []
    for (index, probability) in probabilities.enumerated() {
      cumulative += probability / total
      if index == probabilities.count - 1 || cumulative >= 1 {
        thresholds.append(.max)
      } else {
        thresholds.append(UInt64(cumulative * 0x1p64))
      }
    }
    return thresholds
  }
}

/// How a sheet is stored for drawing.
enum SheetLayout {
  case uniform
  case table
  case alias

  /// Uniform sheets need no table; integer weights up to a modest total expand into a table
  /// (one bounded draw per card); anything else uses an alias table.
  static func choose(for sheet: PlanSheet) -> SheetLayout {
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
