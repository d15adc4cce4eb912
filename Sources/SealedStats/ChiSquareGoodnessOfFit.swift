import SealedSupport
import SealedVerdicts

/// Pearson's chi-square goodness-of-fit test of observed counts against expected counts.
///
/// Steps:
/// 1. Categories expecting 0 and observing 0 are dropped (`droppedIndices`).
/// 2. Categories expecting 0 but observing something are impossible under the hypothesis: each
///    stays a bin of its own, the statistic is +∞ and the p-value 0.
/// 3. The other categories are pooled (see `Pooling`) until each bin expects at least
///    `minimumExpected` (default 5; pass 0 to pool nothing).
/// 4. X² = Σ (O - E)² / E over the bins, divided by `dispersion` (default 1). Sampling without
///    replacement from N items, n at a time, makes Pearson's statistic too large by about
///    (N - 1)/(N - n); pass that as the dispersion to correct it.
/// 5. df = bins - 1 - `estimatedParameters`; p-value = P(χ²_df > X²) from GSL.
///
/// With fewer than 2 bins after pooling there is nothing to compare: the statistic is 0, df 0
/// and the p-value 1. When there are 2 bins or more but no degrees of freedom are left after
/// the estimated parameters, df is 0 and the p-value 1 too, and the statistic is still given.
/// (An impossible category still makes the p-value 0 in both cases.)
///
/// The expected counts need not add up to the observed total (scipy's `chisquare` insists they
/// do); it is the caller's model. Cost: O(m²) for m categories (pooling) and one GSL call.
/// The corresponding GSL function is `gsl_cdf_chisq_Q`.
package struct ChiSquareGoodnessOfFit: Equatable, Sendable {
  /// One bin of the test: one category, or several pooled.
  package struct Bin: Equatable, Sendable {
    /// The indices of the original categories in this bin, ascending.
    package let indices: [Int]
    /// The observed count of the bin.
    package let observed: Double
    /// The expected count of the bin.
    package let expected: Double
  }

  /// The bins the statistic was computed from, ordered by their first index.
  package let bins: [Bin]
  /// The categories left out because they expected 0 and observed 0.
  package let droppedIndices: [Int]
  /// Σ (O - E)² / E over `bins`, before dividing by the dispersion.
  package let pearsonStatistic: Double
  /// The variance scale the statistic was divided by.
  package let dispersion: Double
  /// The test statistic, `pearsonStatistic / dispersion`.
  package let statistic: Double
  /// The degrees of freedom: bins - 1 - estimated parameters, or 0 (see above).
  package let degreesOfFreedom: Int
  /// P(χ² > statistic) with `degreesOfFreedom`.
  package let pValue: Double

  /// Tests `observed` counts against `expected` counts, category by category.
  ///
  /// Throws when the arrays are empty or differ in length, a count is negative or not finite,
  /// `minimumExpected` is negative, `estimatedParameters` is negative, or `dispersion` is not
  /// positive and finite.
  package init(
    observed: [Double], expected: [Double], minimumExpected: Double = 5, pooling: Pooling = .adjacent,
    estimatedParameters: Int = 0, dispersion: Double = 1
  ) throws(StatisticsError) {
    guard !observed.isEmpty, observed.count == expected.count else {
      throw .invalidArgument(
        "chi-square test needs as many expected as observed counts, at least one (got \(observed.count) and \(expected.count))")
    }
    if let bad = observed.firstIndex(where: { !($0 >= 0 && $0.isFinite) }) {
      throw .invalidArgument("observed count \(observed[bad]) at index \(bad) is negative or not finite")
    }
    if let bad = expected.firstIndex(where: { !($0 >= 0 && $0.isFinite) }) {
      throw .invalidArgument("expected count \(expected[bad]) at index \(bad) is negative or not finite")
    }
    guard minimumExpected >= 0, minimumExpected.isFinite else {
      throw .invalidArgument("minimum expected count \(minimumExpected) is negative or not finite")
    }
    guard estimatedParameters >= 0 else {
      throw .invalidArgument("estimated parameters \(estimatedParameters) is negative")
    }
    guard dispersion > 0, dispersion.isFinite else {
      throw .invalidArgument("dispersion \(dispersion) is not positive and finite")
    }

    let indices = observed.indices
    droppedIndices = indices.filter { expected[$0] == 0 && observed[$0] == 0 }
    let impossible = indices.filter { expected[$0] == 0 && observed[$0] > 0 }
    let regular = indices.filter { expected[$0] > 0 }
    let groups = Self.pool(regular, expected: expected, minimum: minimumExpected, strategy: pooling)
    bins = (groups + impossible.map { [$0] }).sorted { $0[0] < $1[0] }.map { group in
      Bin(
        indices: group,
        observed: group.reduce(0) { $0 + observed[$1] },
        expected: group.reduce(0) { $0 + expected[$1] })
    }
    self.dispersion = dispersion

    if !impossible.isEmpty {
      pearsonStatistic = .infinity
      statistic = .infinity
      degreesOfFreedom = max(0, bins.count - 1 - estimatedParameters)
      pValue = 0
      return
    }
    guard bins.count >= 2 else {
      pearsonStatistic = 0
      statistic = 0
      degreesOfFreedom = 0
      pValue = 1
      return
    }
    pearsonStatistic = bins.reduce(0) { sum, bin in
      let difference = bin.observed - bin.expected
      return sum + difference * difference / bin.expected
    }
    statistic = pearsonStatistic / dispersion
    let df = bins.count - 1 - estimatedParameters
    guard df > 0 else {
      degreesOfFreedom = 0
      pValue = 1
      return
    }
    degreesOfFreedom = df
    let statistic = statistic
    pValue = try withGSL { () throws(GSLError) -> Double in
      try Distributions.chiSquareUpperTail(statistic, degreesOfFreedom: Double(df))
    }
  }

  /// Tests integer `observed` counts against `expected` counts; see the main initializer.
  package init(
    observed: [Int], expected: [Double], minimumExpected: Double = 5, pooling: Pooling = .adjacent,
    estimatedParameters: Int = 0, dispersion: Double = 1
  ) throws(StatisticsError) {
    try self.init(
      observed: observed.map(Double.init), expected: expected, minimumExpected: minimumExpected,
      pooling: pooling, estimatedParameters: estimatedParameters, dispersion: dispersion)
  }

  /// Tests `observed` counts against expected `proportions` of `total` (by default the sum of
  /// the observed counts): expected count i is proportions[i] × total.
  ///
  /// Throws also when a proportion is negative or not finite, the proportions do not add up to
  /// 1 (within 1e-9), or the total is not positive and finite.
  package init(
    observed: [Double], proportions: [Double], total: Double? = nil, minimumExpected: Double = 5,
    pooling: Pooling = .adjacent, estimatedParameters: Int = 0, dispersion: Double = 1
  ) throws(StatisticsError) {
    if let bad = proportions.firstIndex(where: { !($0 >= 0 && $0.isFinite) }) {
      throw .invalidArgument("proportion \(proportions[bad]) at index \(bad) is negative or not finite")
    }
    let sum = proportions.reduce(0, +)
    guard abs(sum - 1) <= 1e-9 else {
      throw .invalidArgument("proportions add up to \(sum), not 1")
    }
    let total = total ?? observed.reduce(0, +)
    guard total > 0, total.isFinite else {
      throw .invalidArgument("total \(total) is not positive and finite")
    }
    try self.init(
      observed: observed, expected: proportions.map { $0 * total }, minimumExpected: minimumExpected,
      pooling: pooling, estimatedParameters: estimatedParameters, dispersion: dispersion)
  }

  /// Tests integer `observed` counts against expected `proportions`; see above.
  package init(
    observed: [Int], proportions: [Double], total: Double? = nil, minimumExpected: Double = 5,
    pooling: Pooling = .adjacent, estimatedParameters: Int = 0, dispersion: Double = 1
  ) throws(StatisticsError) {
    try self.init(
      observed: observed.map(Double.init), proportions: proportions, total: total,
      minimumExpected: minimumExpected, pooling: pooling, estimatedParameters: estimatedParameters,
      dispersion: dispersion)
  }
}
