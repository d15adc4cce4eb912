/// Exact distributions for a colour-balanced draw (see `ColorBalance`): a dynamic programme
/// over how many cards each colour group gives, then, group by group, a uniform distinct draw
/// of that many cards (hypergeometric).
///
/// Cost: the reachable group counts, at most C(count - 5 + 5, 5) states (252 for 10 cards),
/// times six groups.
enum BalancedDraws {
  /// Probabilities of the number of cards taken from each of the six groups.
  static func groupCounts(_ balance: ColorBalance, count: Int) -> [[Int]: Double] {
    let weights = balance.pickWeights(count: count).map(Double.init)
    let sizes = (0..<6).map(balance.size(ofGroup:))
    var current: [[Int]: Double] = [[1, 1, 1, 1, 1, 0]: 1]
    for _ in 5..<count {
      var next: [[Int]: Double] = [:]
      for counts in current.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
        let probability = current[counts]!
        // A group that has run out is chosen again: the others share its weight.
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

  /// Each card's expected copies (by index in the sheet).
  static func inclusion(_ balance: ColorBalance, count: Int) -> [Double] {
    var expectedPerGroup = [Double](repeating: 0, count: 6)
    let outcomes = groupCounts(balance, count: count)
    for counts in outcomes.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      for group in 0..<6 { expectedPerGroup[group] += outcomes[counts]! * Double(counts[group]) }
    }
    var result: [Double] = []
    for group in 0..<6 {
      let size = balance.size(ofGroup: group)
      result += Array(repeating: size > 0 ? expectedPerGroup[group] / Double(size) : 0, count: size)
    }
    return result
  }

  /// Distribution of the number of drawn cards among `members` (indices in the sheet).
  static func memberCountDistribution(_ balance: ColorBalance, count: Int, members: Set<Int>) -> [Double] {
    var result = [Double](repeating: 0, count: count + 1)
    let outcomes = groupCounts(balance, count: count)
    for counts in outcomes.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      var distribution = [1.0]
      for group in 0..<6 where counts[group] > 0 {
        let range = balance.groupStarts[group]..<balance.groupStarts[group + 1]
        let inside = Set(range.filter(members.contains).map { $0 - range.lowerBound })
        let uniform = [Double](repeating: 1, count: range.count)
        let part = SuccessiveSampling.memberCountDistribution(weights: uniform, members: inside, draws: counts[group], distinct: true)!
        distribution = DiscreteDistribution.convolve(distribution, part)
      }
      DiscreteDistribution.addScaled(distribution, outcomes[counts]!, to: &result)
    }
    return DiscreteDistribution.padded(result, to: count + 1)
  }
}
