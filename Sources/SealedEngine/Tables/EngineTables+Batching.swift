import SealedSupport
import SealedRules

/// The static parts of building `EngineTables`: random-number batches, coded alternatives of
/// colour-balanced draws, and whether a program may repeat a card.
extension EngineTables {
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
