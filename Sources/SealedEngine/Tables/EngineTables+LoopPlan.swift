import Foundation
import SealedLoops

/// The engine's tables as a compiled loop draws them (SealedLoops' `LoopPlan`), for the plans
/// whose every program takes the fast path with parts the loop writes: batches of picks, a card
/// by an alias table (a rare slot, a foil), the coded rest of a colour-balanced draw; and whose
/// boosters are not tallied one by one (no card that may repeat, no lanes counted card by
/// card).
extension EngineTables {
  /// The most picks and alias entries a loop is written for: beyond them its source grows past
  /// what is worth compiling.
  static let loopPicksLimit = 4096
  static let loopEntriesLimit = 65536

  /// These tables as a `LoopPlan`, or nil when the plan is not of a loop's shape. Cost:
  /// O(picks and alias entries), once per run that compiles.
  var loopPlan: LoopPlan? {
    guard allProgramsUsePicks, !anyProgramTalliesEachBooster, laneCount > 0,
      picks.count + codedPicks.count <= Self.loopPicksLimit,
      cardAliasThresholds.count + codedEntries.count <= Self.loopEntriesLimit
    else { return nil }
    var builder = LoopPlanBuilder(tables: self)
    var programs: [LoopPlan.Program] = []
    for index in self.programs.indices {
      guard let parts = builder.parts(of: index) else { return nil }
      let record = self.programs[index]
      let mythics = record.tallyEachBooster || record.countsOutcomes ? 0 : programLaneCounts[index * laneCount]
      programs.append(
        LoopPlan.Program(
          parts: parts, mythics: mythics, outcomeStart: Int(record.outcomeStart), countsOutcomes: record.countsOutcomes))
    }
    return LoopPlan(
      programs: programs, cardTables: builder.cardTables, codedTables: builder.codedTables, codedPicks: builder.codedPickLists,
      boostersPerPool: boostersPerPool, combinationCount: combinationCount, combinationRange: combinationRange,
      combinationThresholds: combinationThresholds.elements, hasMythicPosition: hasMythicPosition,
      positionRange: positionRange, positionDigitIsPosition: positionDigitIsPosition,
      positionThresholds: positionThresholds.elements,
      poolDigits: poolBatches.elements.map { LoopPlan.PoolDigit(product: $0.product, threshold: $0.threshold, starts: $0.starts) },
      outcomeMythics: outcomePrograms.indices.map { outcomeLaneCounts[$0 * laneCount] })
  }
}

/// The parts of each program, with the alias tables and coded picks they use listed once.
private struct LoopPlanBuilder {
  let tables: EngineTables
  var cardTables: [[LoopPlan.CardEntry]] = []
  var codedTables: [[LoopPlan.CodedEntry]] = []
  var codedPickLists: [[LoopPlan.Pick]] = []
  /// Where each table or list was put, by its start in the engine's arrays.
  private var cardIndex: [Int32: Int] = [:]
  private var codedIndex: [Int32: Int] = [:]
  private var picksIndex: [Int32: Int] = [:]

  init(tables: EngineTables) { self.tables = tables }

  /// The parts of program `index`, or nil when one is of a kind the loop does not write (a
  /// segment of several cards, or of alternatives chosen per booster).
  mutating func parts(of index: Int) -> [LoopPlan.Part]? {
    let record = tables.programs[index]
    guard record.batchStart >= 0 else { return nil }
    if record.segmentCount == 0 { return [.batches(batches(from: Int(record.batchStart), count: Int(record.batchCount)))] }
    var parts: [LoopPlan.Part] = []
    for segmentIndex in Int(record.segmentStart)..<Int(record.segmentStart + record.segmentCount) {
      let segment = tables.segments[segmentIndex]
      if segment.several { return nil }
      if segment.picksCard {
        parts.append(.card(table: cardTable(segment), row: segment.row))
      } else if segment.coded {
        let row = tables.codedPicks[Int(segment.codedPickStart)].row
        parts.append(.coded(table: codedTable(segment), picks: codedPicks(segment), row: row, extras: Int(segment.extras)))
      } else if segment.allocationCount == 1 {
        let allocation = tables.allocations[Int(segment.allocationStart)]
        parts.append(.batches(batches(from: Int(allocation.batchStart), count: Int(allocation.batchCount))))
      } else {
        return nil
      }
    }
    return parts
  }

  private func batches(from start: Int, count: Int) -> [LoopPlan.Batch] {
    (start..<(start + count)).map { index in
      let batch = tables.batches[index]
      let picks = (Int(batch.pickStart)..<Int(batch.pickEnd)).map { pick in
        LoopPlan.Pick(offset: tables.picks[pick].offset, range: tables.picks[pick].range, row: tables.picks[pick].row)
      }
      return LoopPlan.Batch(product: batch.product, threshold: batch.threshold, picks: picks)
    }
  }

  /// A card-picking segment's alias table: a card and its outcome step in each word.
  private mutating func cardTable(_ segment: EngineTables.Segment) -> Int {
    if let index = cardIndex[segment.aliasOffset] { return index }
    func word(_ card: Int32, _ step: Int32) -> UInt64 { UInt64(UInt32(bitPattern: card)) | UInt64(UInt32(bitPattern: step)) << 32 }
    let start = Int(segment.aliasOffset)
    cardTables.append(
      (start..<(start + Int(segment.allocationCount))).map { entry in
        LoopPlan.CardEntry(
          threshold: tables.cardAliasThresholds[entry], keep: word(tables.cardAliasKeep[entry], tables.cardAliasKeepStep[entry]),
          other: word(tables.cardAliasOther[entry], tables.cardAliasOtherStep[entry]))
      })
    cardIndex[segment.aliasOffset] = cardTables.count - 1
    return cardTables.count - 1
  }

  private mutating func codedTable(_ segment: EngineTables.Segment) -> Int {
    if let index = codedIndex[segment.aliasOffset] { return index }
    let start = Int(segment.aliasOffset)
    codedTables.append(Array(tables.codedEntries[start..<(start + Int(segment.allocationCount))]))
    codedIndex[segment.aliasOffset] = codedTables.count - 1
    return codedTables.count - 1
  }

  /// A coded segment's 96 picks (group g, t-th card: 16 g + t).
  private mutating func codedPicks(_ segment: EngineTables.Segment) -> Int {
    if let index = picksIndex[segment.codedPickStart] { return index }
    let start = Int(segment.codedPickStart)
    codedPickLists.append(
      tables.codedPicks[start..<(start + 96)].map { LoopPlan.Pick(offset: $0.offset, range: $0.range, row: $0.row) })
    picksIndex[segment.codedPickStart] = codedPickLists.count - 1
    return codedPickLists.count - 1
  }
}

extension CompiledLoop {
  /// The loop of `tables` (see `CompiledLoop.load(for:environment:)`), or nil when they have
  /// no `loopPlan`.
  static func load(
    for tables: EngineTables, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> CompiledLoop? {
    tables.loopPlan.flatMap { load(for: $0, environment: environment) }
  }
}
