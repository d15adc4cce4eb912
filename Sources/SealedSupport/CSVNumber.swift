/// Number formatting for reports: `.` as decimal point, no thousands separators, and enough
/// digits that reading the text back gives the same `Double` (so `1e-300` survives).
package enum CSVNumber {
  /// `value` as text: whole numbers under 1e15 in size without a decimal point, others in Swift's shortest
  /// round-trip form, and `nan`, `inf`, `-inf` for the values that are not finite.
  package static func format(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return value.description
  }

  /// `value` formatted as `format(_:)` does, or an empty field when nil.
  package static func format(_ value: Double?) -> String { value.map { format($0) } ?? "" }

  /// A value of a column of fractions (proportions, expected values): like `format`, but a
  /// whole number keeps a decimal point ("1.0", "0.0"), so that every such column reads as
  /// decimals, even one whose values all happen to be whole.
  package static func decimal(_ value: Double) -> String {
    let text = format(value)
    let whole = text.utf8.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") }
    return whole ? text + ".0" : text
  }
  /// `value` in decimal digits.
  package static func format(_ value: Int) -> String { String(value) }
}
