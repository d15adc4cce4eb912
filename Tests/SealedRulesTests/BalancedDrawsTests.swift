import Testing
@testable import SealedRules

/// `BalancedDraws.groupCounts` walks the group counts as packed integers; it must give the
/// probabilities the dictionary of count arrays gave, to the last bit (the expectations, and
/// so every report, are built on them).
@Suite struct BalancedDrawsTests {
  /// The definition the packed walk replaced: states as arrays, visited in lexicographic order.
  static func groupCountsByArrays(_ balance: ColorBalance, count: Int) -> [[Int]: Double] {
    let weights = balance.mixedWeights(count: count)
    let sizes = (0..<6).map(balance.size(ofGroup:))
    var current: [[Int]: Double] = [[1, 1, 1, 1, 1, 0]: 1]
    for _ in 5..<count {
      var next: [[Int]: Double] = [:]
      for counts in current.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
        let probability = current[counts]!
        let open = (0..<6).filter { counts[$0] < sizes[$0] && weights[$0] > 0 }
        let openWeight = open.reduce(0.0) { $0 + weights[$1] }
        guard openWeight > 0 else { continue }
        for group in open {
          var successor = counts
          successor[group] += 1
          next[successor, default: 0] += probability * weights[group] / openWeight
        }
      }
      current = next
    }
    return current
  }

  static func starts(_ sizes: [Int]) -> [Int] {
    sizes.reduce(into: [0]) { $0.append($0.last! + $1) }
  }

  @Test(arguments: [
    // A uniform sheet like war's commons; one whose small groups run out; one without colourless
    // cards; a weighted sheet with showcase-like weights.
    ([20, 20, 20, 20, 20, 1], 10, false), ([2, 3, 20, 1, 20, 5], 10, false), ([12, 12, 12, 12, 12, 0], 9, false),
    ([18, 18, 19, 18, 18, 10], 15, true), ([4, 2, 9, 3, 7, 6], 12, true), ([1, 1, 1, 1, 1, 1], 6, false),
  ])
  func packedStatesGiveTheArraysProbabilitiesExactly(_ sizes: [Int], _ count: Int, _ weighted: Bool) {
    let total = sizes.reduce(0, +)
    let weights = weighted ? (0..<total).map { Double([10, 7, 3, 10, 1][$0 % 5]) } : nil
    let balance = ColorBalance(groupStarts: Self.starts(sizes), weights: weights)
    let packed = BalancedDraws.groupCounts(balance, count: count)
    let arrays = Self.groupCountsByArrays(balance, count: count)
    #expect(packed.count == arrays.count)
    for (counts, probability) in arrays {
      #expect(packed[counts]?.bitPattern == probability.bitPattern, "\(counts)")
    }
    #expect(abs(packed.values.reduce(0, +) - 1) < 1e-12)
  }

  /// Five cards are one of each colour, whatever the sheet; fewer (which a balanced sheet
  /// refuses) leave the start state rather than trapping.
  @Test func fiveCardsOrFewerAreTheStartState() {
    let balance = ColorBalance(groupStarts: Self.starts([3, 3, 3, 3, 3, 2]))
    for count in [0, 3, 5] {
      #expect(BalancedDraws.groupCounts(balance, count: count) == [[1, 1, 1, 1, 1, 0]: 1])
    }
  }
}
