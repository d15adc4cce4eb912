import SealedSupport

/// The checks of the statistical options `check`, `audit` and `check-products` share: a
/// significance level, and the effect and power a `--plan` is asked for.
enum StatisticalOptions {
  /// `--alpha`, checked: a level strictly between 0 and 1.
  static func level(_ alpha: Double) throws(DataError) -> Double {
    guard alpha > 0 && alpha < 1 else { throw DataError("--alpha \(alpha): expected a level between 0 and 1") }
    return alpha
  }

  /// `--deviation`, `--power` and `--ratio` of a `--plan`, checked: a deviation and a power
  /// strictly between 0 and 1, and a ratio of 0 or more, other than 1.
  static func checkPlanEffect(deviation: Double, ratio: Double, power: Double) throws(DataError) {
    guard deviation > 0 && deviation < 1 else { throw DataError("--deviation \(deviation): expected a value between 0 and 1") }
    guard power > 0 && power < 1 else { throw DataError("--power \(power): expected a value between 0 and 1") }
    guard ratio >= 0 && ratio != 1 && ratio.isFinite else { throw DataError("--ratio \(ratio): expected a weight of 0 or more, other than 1") }
  }
}
