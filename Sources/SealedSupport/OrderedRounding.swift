/// Rounding that keeps an order: the fewest significant digits at which numbers shown side by
/// side (an interval and the value it is held to) read in the order of the numbers themselves.
/// A failing 0.18032 beside a bound of 0.180314 read 0.1803 for both at four digits. The
/// terminal's verdict table and the report page each round in their own way (`format`) and
/// share this search.
package enum OrderedRounding {
  /// Whether `shown`, read back as numbers, compares to its middle element as `values` compare
  /// to theirs (each below, equal or above); a text that reads as no number keeps any order.
  /// `values` and `shown` hold the same count, the middle one the value held to.
  package static func keepsOrder(_ shown: [String], of values: [Double]) -> Bool {
    let middle = values.count / 2
    guard let centre = Double(shown[middle]) else { return true }
    for index in values.indices where index != middle {
      guard let number = Double(shown[index]) else { continue }
      if (number < centre) != (values[index] < values[middle]) || (number > centre) != (values[index] > values[middle]) { return false }
    }
    return true
  }

  /// The fewest digits from `start` to 17 at which `format(digits)` (the texts of `values` at
  /// that many significant digits) keeps their order; 17 when none does. Cost: at most 14 calls
  /// of `format`.
  package static func fewestDigits(from start: Int, of values: [Double], format: (Int) -> [String]) -> Int {
    for digits in start...17 where keepsOrder(format(digits), of: values) { return digits }
    return 17
  }

  /// The fewest digits from `start` at which `format(value, digits)` reads on the same side of
  /// `bound` as `value` (or on it only when equal): a p-value beside its alpha.
  package static func digits(of value: Double, beside bound: Double, from start: Int, format: (Double, Int) -> String) -> Int {
    fewestDigits(from: start, of: [value, bound]) { digits in [format(value, digits), format(bound, 17)] }
  }
}
