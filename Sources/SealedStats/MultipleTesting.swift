import SealedSupport

/// Adjustments of p-values when several hypotheses are tested at once.
package enum MultipleTesting {
  /// Holm–Bonferroni adjusted p-values, in the order of the input.
  ///
  /// With the m p-values sorted ascending as p(1) <= ... <= p(m), the adjusted value of p(i) is
  /// min(1, max over j <= i of (m - j + 1)·p(j)): a step-down Bonferroni correction made
  /// monotone by a running maximum. Rejecting every hypothesis whose adjusted p-value is at
  /// most α controls the family-wise error rate at α. Equal p-values get equal adjusted values.
  /// This is `statsmodels.stats.multitest.multipletests(p, method='holm')[1]`, computed the same
  /// way (products, running maximum, cap at 1). An empty input gives an empty output.
  ///
  /// Cost: O(m log m) for the sort.
  ///
  /// Throws `.invalidArgument` when a p-value is NaN or outside [0, 1], so the result never
  /// contains NaN.
  package static func holm(_ pValues: [Double]) throws(StatisticsError) -> [Double] {
    if let bad = pValues.firstIndex(where: { !($0 >= 0 && $0 <= 1) }) {
      throw .invalidArgument("p-value \(pValues[bad]) at index \(bad) is outside [0, 1]")
    }
    let m = pValues.count
    let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
    var adjusted = [Double](repeating: 0, count: m)
    var runningMax = 0.0
    for (rank, index) in order.enumerated() {
      runningMax = max(runningMax, pValues[index] * Double(m - rank))
      adjusted[index] = min(1, runningMax)
    }
    return adjusted
  }
}
