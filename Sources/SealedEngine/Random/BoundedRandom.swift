extension RandomNumberGenerator {
  /// A uniformly distributed integer in `0..<bound`, by Lemire's nearly divisionless method
  /// ("Fast Random Integer Generation in an Interval", ACM TOMACS 2019): one multiply per draw,
  /// a division only in the rare case that rejection might be needed. Exactly uniform.
  ///
  /// - Precondition: `bound > 0`.
  @inlinable @inline(__always)
  package mutating func bounded(_ bound: UInt64) -> UInt64 {
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold {
        product = next().multipliedFullWidth(by: bound)
      }
    }
    return product.high
  }
}
