import SealedSupport

/// Exact distributions for a colour-balanced draw (see `ColorBalance`): a dynamic programme
/// over how many cards each colour group gives, then, group by group, a distinct draw of that
/// many cards (hypergeometric on a uniform sheet, successive sampling by weight on a weighted
/// one).
///
/// Cost: the reachable group counts, at most C(count - 5 + 5, 5) states (252 for 10 cards),
/// times six groups; on a weighted sheet also one successive-sampling programme per group and
/// count.
package enum BalancedDraws {
  /// Probabilities of the number of cards taken from each of the six groups.
  ///
  /// The states are the six counts packed into one integer, group 0 the most significant digit
  /// in base `count + 1` (no group gives more than `count`), so that the integers' order is the
  /// count arrays' lexicographic order: each step visits the states in that order and adds into
  /// each successor in the same order as a dictionary of arrays would, so the sums are the same
  /// to the last bit, without an array per state.
  package static func groupCounts(_ balance: ColorBalance, count: Int) -> [[Int]: Double] {
    let weights = balance.mixedWeights(count: count)
    let sizes = (0..<6).map(balance.size(ofGroup:))
    // A draw of fewer than five cards (which a balanced sheet refuses) keeps its start state.
    let base = max(count, 5) + 1
    let place = (0..<6).map { group in (group..<5).reduce(1) { product, _ in product * base } }
    func digits(_ state: Int) -> [Int] { (0..<6).map { state / place[$0] % base } }
    var current: [(state: Int, probability: Double)] = [([1, 1, 1, 1, 1, 0].reduce(0) { $0 * base + $1 }, 1)]
    for _ in 5..<max(count, 5) {
      var next: [Int: Double] = [:]
      for (state, probability) in current {
        let counts = digits(state)
        // A group that has run out is chosen again: the others share its weight.
        let open = (0..<6).filter { counts[$0] < sizes[$0] && weights[$0] > 0 }
        let openWeight = open.reduce(0.0) { $0 + weights[$1] }
        guard openWeight > 0 else { continue }
        for group in open {
          next[state + place[group], default: 0] += probability * weights[group] / openWeight
        }
      }
      current = next.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
    return Dictionary(uniqueKeysWithValues: current.map { (digits($0.state), $0.probability) })
  }

  /// Each card's expected copies (by index in the sheet). Nil when a weighted group has too
  /// many different weights to count exactly. `outcomes`: `groupCounts(balance, count: count)`,
  /// when the caller has it already (else computed).
  package static func inclusion(
    _ balance: ColorBalance, count: Int, outcomes known: [[Int]: Double]? = nil
  ) -> [Double]? {
    let outcomes = known ?? groupCounts(balance, count: count)
    let order = outcomes.keys.sorted(by: { $0.lexicographicallyPrecedes($1) })
    guard balance.weights != nil else {
      var expectedPerGroup = [Double](repeating: 0, count: 6)
      for counts in order {
        for group in 0..<6 { expectedPerGroup[group] += outcomes[counts]! * Double(counts[group]) }
      }
      var result: [Double] = []
      for group in 0..<6 {
        let size = balance.size(ofGroup: group)
        result += Array(repeating: size > 0 ? expectedPerGroup[group] / Double(size) : 0, count: size)
      }
      return result
    }
    // Weighted: a group's cards are a successive sample of its count.
    var perGroupCount: [[Int]: [Double]] = [:]
    var result = [Double](repeating: 0, count: balance.groupStarts[6])
    for counts in order {
      for group in 0..<6 where counts[group] > 0 {
        let key = [group, counts[group]]
        if perGroupCount[key] == nil {
          guard let part = SuccessiveSampling.inclusion(
            weights: balance.cardWeights(ofGroup: group), draws: counts[group], distinct: true)
          else { return nil }
          perGroupCount[key] = part
        }
        for (index, value) in perGroupCount[key]!.enumerated() {
          result[balance.groupStarts[group] + index] += outcomes[counts]! * value
        }
      }
    }
    return result
  }

  /// Distribution of the number of drawn cards among `members` (indices in the sheet). Nil when
  /// a weighted group has too many different weights to count exactly. `outcomes` as in
  /// `inclusion`.
  package static func memberCountDistribution(
    _ balance: ColorBalance, count: Int, members: Set<Int>, outcomes known: [[Int]: Double]? = nil
  ) -> [Double]? {
    var result = [Double](repeating: 0, count: count + 1)
    let outcomes = known ?? groupCounts(balance, count: count)
    var parts: [[Int]: [Double]] = [:]
    for counts in outcomes.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      var distribution = [1.0]
      for group in 0..<6 where counts[group] > 0 {
        let key = [group, counts[group]]
        if parts[key] == nil {
          let range = balance.groupStarts[group]..<balance.groupStarts[group + 1]
          let inside = Set(range.filter(members.contains).map { $0 - range.lowerBound })
          guard let part = SuccessiveSampling.memberCountDistribution(
            weights: balance.cardWeights(ofGroup: group), members: inside, draws: counts[group], distinct: true)
          else { return nil }
          parts[key] = part
        }
        distribution = DiscreteDistribution.convolve(distribution, parts[key]!)
      }
      DiscreteDistribution.addScaled(distribution, outcomes[counts]!, to: &result)
    }
    return DiscreteDistribution.padded(result, to: count + 1)
  }
}
