/// Cochran's rule for the chi-square approximation of Pearson's statistic (W. G. Cochran, "Some
/// methods for strengthening the common χ² tests", Biometrics 10, 1954): no cell expects fewer
/// than 1, and at most a fifth of the cells expect fewer than 5. An audit without a Monte Carlo
/// null leaves a chi-square check untested where the rule fails.
enum CochranRule {
  /// Whether the expected counts `cells` meet the rule. Cost: one pass over the cells.
  static func holds(_ cells: [Double]) -> Bool {
    !cells.contains { $0 < 1 } && 5 * cells.count(where: { $0 < 5 }) <= cells.count
  }

  /// Why `cells` fail the rule, in words for a check's detail ("3 of 40 cells expect fewer
  /// than 1"). Cost: one pass over the cells.
  static func failure(_ cells: [Double]) -> String {
    let underOne = cells.count(where: { $0 < 1 })
    if underOne > 0 { return "\(underOne) of \(cells.count) cells expect fewer than 1" }
    return "\(cells.count(where: { $0 < 5 })) of \(cells.count) cells expect fewer than 5 (over a fifth)"
  }
}
