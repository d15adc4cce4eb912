import SealedSupport

/// Exact distributions for draws without replacement in proportion to weight ("successive
/// sampling"): cards are grouped into classes of equal weight, and a dynamic programme over
/// the number drawn from each class gives the probability of every outcome.
///
/// With one weight for every card this is the hypergeometric distribution. Cost: the number of
/// reachable count vectors, at most C(k + classes, classes), times the number of classes.
/// States are visited in a fixed order, so the floating-point sums (and the reports built on
/// them) are the same in every process, whatever the hash seed.
package enum SuccessiveSampling {
  struct Class: Hashable {
    var size: Int
    var weight: Double
  }

  /// The largest number of states the programme may visit before giving up.
  static let stateLimit = 2_000_000

  /// Probabilities of the number of cards drawn from each class after `draws` draws.
  /// Returns nil when the computation would exceed `stateLimit` states.
  static func countDistribution(classes: [Class], draws: Int) -> [[Int]: Double]? {
    var current: [[Int]: Double] = [Array(repeating: 0, count: classes.count): 1]
    var visited = 0
    for _ in 0..<draws {
      var next: [[Int]: Double] = [:]
      for counts in current.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
        let probability = current[counts]!
        var remainingWeight = 0.0
        for (index, cls) in classes.enumerated() {
          remainingWeight += Double(cls.size - counts[index]) * cls.weight
        }
        guard remainingWeight > 0 else { continue }
        for (index, cls) in classes.enumerated() where counts[index] < cls.size && cls.weight > 0 {
          var successor = counts
          successor[index] += 1
          next[successor, default: 0] += probability * Double(cls.size - counts[index]) * cls.weight / remainingWeight
        }
      }
      visited += next.count
      if visited > stateLimit { return nil }
      current = next
    }
    return current
  }

  /// Distribution of the number of drawn cards that belong to `members`, for `draws` draws
  /// from a sheet with the given weights: without replacement when `distinct`, else
  /// independently (binomial). Indices are positions in `weights`.
  package static func memberCountDistribution(
    weights: [Double], members: Set<Int>, draws: Int, distinct: Bool
  ) -> [Double]? {
    let total = weights.reduce(0, +)
    if !distinct || draws == 1 {
      let q = members.sorted().reduce(0.0) { $0 + weights[$1] } / total
      return binomial(draws: draws, probability: q)
    }
    // One class per (member or not, weight), in a fixed order.
    struct Key: Hashable {
      var isMember: Bool
      var weight: Double
    }
    var sizes: [Key: Int] = [:]
    for (index, weight) in weights.enumerated() {
      sizes[Key(isMember: members.contains(index), weight: weight), default: 0] += 1
    }
    let keys = sizes.keys.sorted { ($0.isMember ? 1 : 0, $0.weight) < ($1.isMember ? 1 : 0, $1.weight) }
    let classes = keys.map { Class(size: sizes[$0]!, weight: $0.weight) }
    let isMember = keys.map(\.isMember)
    guard let outcomes = countDistribution(classes: classes, draws: draws) else { return nil }
    var distribution = [Double](repeating: 0, count: draws + 1)
    for counts in outcomes.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      let probability = outcomes[counts]!
      let drawnMembers = counts.indices.filter { isMember[$0] }.reduce(0) { $0 + counts[$1] }
      distribution[drawnMembers] += probability
    }
    return distribution
  }

  /// For each card of a sheet, its expected copies from one draw of `draws` cards.
  package static func inclusion(weights: [Double], draws: Int, distinct: Bool) -> [Double]? {
    let total = weights.reduce(0, +)
    guard distinct && draws > 1 else { return weights.map { Double(draws) * $0 / total } }
    if weights.allSatisfy({ $0 == weights[0] }) {
      return Array(repeating: Double(draws) / Double(weights.count), count: weights.count)
    }
    var byWeight: [Double: Double] = [:]
    for weight in Set(weights) {
      var others: [Double: Int] = [:]
      for w in weights { others[w, default: 0] += 1 }
      others[weight]! -= 1
      let classes = [Class(size: 1, weight: weight)]
        + others.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { Class(size: $0.value, weight: $0.key) }
      guard let outcomes = countDistribution(classes: classes, draws: draws) else { return nil }
      byWeight[weight] = outcomes.keys.sorted(by: { $0.lexicographicallyPrecedes($1) })
        .reduce(0) { $0 + ($1[0] == 1 ? outcomes[$1]! : 0) }
    }
    return weights.map { byWeight[$0]! }
  }

  static func binomial(draws: Int, probability q: Double) -> [Double] {
    var distribution = [Double](repeating: 0, count: draws + 1)
    distribution[0] = 1
    for _ in 0..<draws {
      for count in stride(from: draws, through: 0, by: -1) {
        distribution[count] = distribution[count] * (1 - q) + (count > 0 ? distribution[count - 1] * q : 0)
      }
    }
    return distribution
  }
}

/// Operations on discrete distributions over 0, 1, 2, ...
package enum DiscreteDistribution {
  /// The distribution of the sum of two independent counts.
  package static func convolve(_ a: [Double], _ b: [Double]) -> [Double] {
    var result = [Double](repeating: 0, count: a.count + b.count - 1)
    for (i, p) in a.enumerated() where p != 0 {
      for (j, q) in b.enumerated() where q != 0 { result[i + j] += p * q }
    }
    return result
  }

  /// `a` with `weight` times `b` added (for mixtures), padding the shorter one with zeros.
  package static func addScaled(_ b: [Double], _ weight: Double, to a: inout [Double]) {
    if a.count < b.count { a += Array(repeating: 0, count: b.count - a.count) }
    for (index, value) in b.enumerated() { a[index] += weight * value }
  }

  /// `a` cut or padded with zeros to exactly `count` values. O(count).
  package static func padded(_ a: [Double], to count: Int) -> [Double] {
    a.count >= count ? Array(a.prefix(count)) : a + Array(repeating: 0, count: count - a.count)
  }
}
