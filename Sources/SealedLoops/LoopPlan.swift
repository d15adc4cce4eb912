/// A plan's pools as a compiled loop draws them (`LoopSource` writes it into C): every
/// program's parts in the order the engine runs them, with the numbers, sheets and sites they
/// use, and how a pool chooses its programs. The engine describes its tables this way
/// (`EngineTables.loopPlan`); this module knows nothing else of the engine.
///
/// Offsets are into the engine's card arrays, rows (`site × cards`) into its site counters.
/// A plain value; cost O(picks and alias entries) to hold.
package struct LoopPlan: Sendable, Hashable {
  /// A pick of a batch: the next digit of the batch's number in `0..<range` chooses an entry
  /// from `offset` on, swapped to the front and counted at `row`.
  package struct Pick: Sendable, Hashable {
    package var offset: Int32
    package var range: UInt32
    package var row: Int32
    package init(offset: Int32, range: UInt32, row: Int32) {
      self.offset = offset
      self.range = range
      self.row = row
    }
  }

  /// Picks from one random number, accepted when x × product mod 2⁶⁴ ≥ threshold.
  package struct Batch: Sendable, Hashable {
    package var product: UInt64
    package var threshold: UInt64
    package var picks: [Pick]
    package init(product: UInt64, threshold: UInt64, picks: [Pick]) {
      self.product = product
      self.threshold = threshold
      self.picks = picks
    }
  }

  /// An alias table's entry over a sheet's cards: keep `keep` below `threshold`, else `other`;
  /// each word a card (low 32 bits) and what it adds to the booster's outcome (high 32 bits).
  package struct CardEntry: Sendable, Hashable {
    package var threshold: UInt64
    package var keep: UInt64
    package var other: UInt64
    package init(threshold: UInt64, keep: UInt64, other: UInt64) {
      self.threshold = threshold
      self.keep = keep
      self.other = other
    }
  }

  /// One alternative of a colour-balanced draw's other cards: its batch's product and
  /// threshold, its picks as bytes of `codes` (16 × group + t).
  package struct CodedAlternative: Sendable, Hashable {
    package var product: UInt64
    package var threshold: UInt64
    package var codes: UInt64
    package init(product: UInt64, threshold: UInt64, codes: UInt64) {
      self.product = product
      self.threshold = threshold
      self.codes = codes
    }
  }

  /// An alias table's entry over coded alternatives; the engine's tables keep their coded
  /// segments' entries in this record too (`EngineTables.CodedEntry`).
  package struct CodedEntry: Sendable, Hashable {
    package var threshold: UInt64
    package var keep: CodedAlternative
    package var other: CodedAlternative
    package init(threshold: UInt64, keep: CodedAlternative, other: CodedAlternative) {
      self.threshold = threshold
      self.keep = keep
      self.other = other
    }
  }

  /// One part of a program.
  package enum Part: Sendable, Hashable {
    /// Batches of picks.
    case batches([Batch])
    /// A card by the alias table `cardTables[table]`, counted at `row`, its step added to the
    /// booster's outcome.
    case card(table: Int, row: Int32)
    /// `extras` cards of a colour-balanced draw: an alternative by `codedTables[table]`, then
    /// its picks, each one of the 96 of `codedPicks[picks]` (offset and range), counted at `row`.
    case coded(table: Int, picks: Int, row: Int32, extras: Int)
  }

  /// A program: its parts; its boosters' fixed mythics (0 where outcomes count them); where
  /// its outcomes start and whether it counts them.
  package struct Program: Sendable, Hashable {
    package var parts: [Part]
    package var mythics: Int
    package var outcomeStart: Int
    package var countsOutcomes: Bool
    package init(parts: [Part], mythics: Int, outcomeStart: Int, countsOutcomes: Bool) {
      self.parts = parts
      self.mythics = mythics
      self.outcomeStart = outcomeStart
      self.countsOutcomes = countsOutcomes
    }
  }

  /// A digit of the pool's choices (0: the mythic booster's position, 1 + b: booster b's
  /// combination), and whether a new number (of this product and threshold) is drawn for it.
  package struct PoolDigit: Sendable, Hashable {
    package var product: UInt64
    package var threshold: UInt64
    package var starts: Bool
    package init(product: UInt64, threshold: UInt64, starts: Bool) {
      self.product = product
      self.threshold = threshold
      self.starts = starts
    }
  }

  /// The programs, kind by kind, combination by combination.
  package var programs: [Program]
  package var cardTables: [[CardEntry]]
  package var codedTables: [[CodedEntry]]
  package var codedPicks: [[Pick]]
  package var boostersPerPool: Int
  /// A booster's combination: the number of `combinationThresholds[k × combinationCount ..<
  /// k × combinationCount + combinationCount - 1]` at or below its digit in
  /// `0..<combinationRange`, for kind k (1 for boosters other than a mythic booster).
  package var combinationCount: Int
  package var combinationRange: UInt64
  package var combinationThresholds: [UInt64]
  /// The mythic booster's position, when pools have one: the digit in `0..<positionRange`,
  /// or the number of `positionThresholds` at or below it.
  package var hasMythicPosition: Bool
  package var positionRange: UInt64
  package var positionDigitIsPosition: Bool
  package var positionThresholds: [UInt64]
  /// `1 + boostersPerPool` digits.
  package var poolDigits: [PoolDigit]
  /// Each outcome's mythics.
  package var outcomeMythics: [Int]

  /// Whether some program counts outcomes.
  package var countsOutcomes: Bool { programs.contains(where: \.countsOutcomes) }

  package init(
    programs: [Program], cardTables: [[CardEntry]], codedTables: [[CodedEntry]], codedPicks: [[Pick]],
    boostersPerPool: Int, combinationCount: Int, combinationRange: UInt64, combinationThresholds: [UInt64],
    hasMythicPosition: Bool, positionRange: UInt64, positionDigitIsPosition: Bool, positionThresholds: [UInt64],
    poolDigits: [PoolDigit], outcomeMythics: [Int]
  ) {
    self.programs = programs
    self.cardTables = cardTables
    self.codedTables = codedTables
    self.codedPicks = codedPicks
    self.boostersPerPool = boostersPerPool
    self.combinationCount = combinationCount
    self.combinationRange = combinationRange
    self.combinationThresholds = combinationThresholds
    self.hasMythicPosition = hasMythicPosition
    self.positionRange = positionRange
    self.positionDigitIsPosition = positionDigitIsPosition
    self.positionThresholds = positionThresholds
    self.poolDigits = poolDigits
    self.outcomeMythics = outcomeMythics
  }
}
