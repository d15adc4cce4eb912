extension RandomNumberGenerator {
  /// A uniformly distributed integer in `0..<bound`, by Lemire's nearly divisionless method
  /// ("Fast Random Integer Generation in an Interval", ACM TOMACS 2019): one multiply per draw,
  /// a division only in the rare case that rejection might be needed. Exactly uniform.
  ///
  /// - Precondition: `bound > 0`.
  @inlinable @inline(__always)
  package mutating func bounded(_ bound: UInt64) -> UInt64 {
    boundedWithRest(bound).index
  }

  /// `bounded(bound)` and the rest of the number that gave it: the low word of x × bound,
  /// which given the index is uniform on a grid of spacing `bound` (an alias table compares it
  /// with the chosen entry's threshold). The same random numbers as `bounded`.
  ///
  /// - Precondition: `bound > 0`.
  @inlinable @inline(__always)
  package mutating func boundedWithRest(_ bound: UInt64) -> (index: UInt64, rest: UInt64) {
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold {
        product = next().multipliedFullWidth(by: bound)
      }
    }
    return (product.high, product.low)
  }
}
