/// Equal bands for categories along a range, with a gap between bands (a fraction of the
/// step) and half a gap at each end, as in a bar chart. O(1) per call.
package struct BandScale: Sendable, Equatable {
  package let count: Int
  package let rangeStart: Double
  package let rangeEnd: Double
  /// The gap between two bands as a fraction of the step (0 ≤ padding < 1).
  package let padding: Double

  /// `count` equal bands across `range`, separated by gaps of `padding` (a fraction of the step).
  /// Traps when `count` is not positive or `padding` is outside [0, 1).
  package init(count: Int, range: (Double, Double), padding: Double = 0.2) {
    precondition(count > 0, "a band scale needs at least one category")
    precondition(padding >= 0 && padding < 1, "padding must be in [0, 1)")
    self.count = count
    rangeStart = range.0
    rangeEnd = range.1
    self.padding = padding
  }

  /// The distance from one band's start to the next.
  package var step: Double { (rangeEnd - rangeStart) / Double(count) }

  /// The width of a band.
  package var bandwidth: Double { step * (1 - padding) }

  /// Where band `index` starts.
  package func start(_ index: Int) -> Double { rangeStart + step * Double(index) + step * padding / 2 }

  /// The middle of band `index`.
  package func center(_ index: Int) -> Double { start(index) + bandwidth / 2 }
}
