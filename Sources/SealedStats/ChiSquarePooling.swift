import SealedVerdicts

extension ChiSquareGoodnessOfFit {
  /// How bins whose expected count is below the minimum are merged before the test
  /// (`ChiSquarePooling`, which a check's design names too).
  package typealias Pooling = ChiSquarePooling

  /// Groups `indices` (of bins with positive expected counts, ascending) so that every group
  /// expects at least `minimum`, when that is possible. Each group is ascending; the groups are
  /// ordered by their first index. Cost: O(m²) in the worst case for m bins (m is small).
  static func pool(_ indices: [Int], expected: [Double], minimum: Double, strategy: Pooling) -> [[Int]] {
    switch strategy {
    case .adjacent: poolAdjacent(indices, expected: expected, minimum: minimum)
    case .unordered: poolUnordered(indices, expected: expected, minimum: minimum)
    }
  }

  private static func poolAdjacent(_ indices: [Int], expected: [Double], minimum: Double) -> [[Int]] {
    var groups = indices.map { [$0] }
    var sums = indices.map { expected[$0] }
    func merge(_ left: Int) {
      groups[left] += groups.remove(at: left + 1)
      sums[left] += sums.remove(at: left + 1)
    }
    while groups.count > 1, sums[0] < minimum { merge(0) }
    while groups.count > 1, sums[sums.count - 1] < minimum { merge(sums.count - 2) }
    // Only inner groups can still be small; the ends are at least `minimum` now.
    while groups.count > 2 {
      let small = (1..<(groups.count - 1)).filter { sums[$0] < minimum }
      guard let i = small.min(by: { sums[$0] < sums[$1] }) else { break }
      merge(sums[i - 1] <= sums[i + 1] ? i - 1 : i)
    }
    return groups
  }

  private static func poolUnordered(_ indices: [Int], expected: [Double], minimum: Double) -> [[Int]] {
    let small = indices.filter { expected[$0] < minimum }
    var large = indices.filter { expected[$0] >= minimum }.map { [$0] }
    guard !small.isEmpty else { return large }
    var other = small
    let otherSum = small.reduce(0) { $0 + expected[$1] }
    if otherSum < minimum, let smallest = large.indices.min(by: { expected[large[$0][0]] < expected[large[$1][0]] }) {
      other = (other + large.remove(at: smallest)).sorted()
    }
    return (large + [other]).sorted { $0[0] < $1[0] }
  }
}
