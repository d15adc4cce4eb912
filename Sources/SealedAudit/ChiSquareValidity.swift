import Foundation

/// When the chi-square distribution is a fair guide to Pearson's statistic of few counts, for an
/// audit's checks that have no Monte Carlo null to fall back on. Cells of equal expectation (an
/// "equally likely" sheet or claim) need 2 or more on average (Roscoe and Byars, "An
/// investigation of the restraints with respect to sample size commonly imposed on the use of
/// the chi-square statistic", JASA 66, 1971: equiprobable cells hold their level with an
/// average of 1 to 2); other cells Cochran's rule (W. G. Cochran, "Some methods for
/// strengthening the common χ² tests", Biometrics 10, 1954): none under 1, at most a fifth under 5.
enum ChiSquareValidity {
  /// Whether the expected counts `cells` allow the chi-square distribution. Cost: one pass.
  static func holds(_ cells: [Double]) -> Bool {
    guard let low = cells.min(), let high = cells.max(), !cells.isEmpty else { return false }
    if high - low <= 1e-9 * high { return low >= 2 }
    return low >= 1 && 5 * cells.count(where: { $0 < 5 }) <= cells.count
  }

  /// Why `cells` do not allow it, in words for a check's detail ("264 of 264 cells expect fewer
  /// than 1", "101 equally likely cells expect 0.5 each, fewer than 2"). Cost: one pass.
  static func failure(_ cells: [Double]) -> String {
    guard let low = cells.min(), let high = cells.max() else { return "no cells" }
    if high - low <= 1e-9 * high {
      return "\(cells.count) equally likely cells expect \(String(format: "%.3g", low)) each, fewer than 2"
    }
    let underOne = cells.count(where: { $0 < 1 })
    if underOne > 0 { return "\(underOne) of \(cells.count) cells expect fewer than 1" }
    return "\(cells.count(where: { $0 < 5 })) of \(cells.count) cells expect fewer than 5 (over a fifth)"
  }
}
