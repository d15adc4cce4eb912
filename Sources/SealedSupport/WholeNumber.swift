/// A whole number as every option of Sealed takes it: digits with optional `_` separators
/// (`1000`, `1_000`), or an exact scientific form (`1e3`, `2.5e3`), with an optional sign.
///
/// Real-number options (`--alpha`, `--power`) stay `Double`s, declared with `parsing:
/// .unconditional` too, so that a negative value reaches the command's range check.
///
/// Parsing never fails, so that the command, not the argument parser, says what is wrong with a
/// bad number, naming the option and what it expected (`--draws 0: expected 1 to 1000 hands`).
/// Options of this type are declared with `parsing: .unconditional`, so that `-1` is read as the
/// option's value (and refused as negative) rather than taken for an option. Cost: linear in the
/// text's length.
package struct WholeNumber: Sendable, CustomStringConvertible {
  /// What the text holds.
  package enum Parsed: Sendable, Equatable {
    /// A whole number within ±(2^64 - 1).
    case value(negative: Bool, magnitude: UInt64)
    /// A whole number beyond ±(2^64 - 1).
    case tooLarge(negative: Bool)
    /// A number with a fractional part (`1.5`, `1e-3`).
    case fraction
    /// Not a number.
    case notANumber
  }

  /// As given, for messages.
  package let text: String
  package let parsed: Parsed

  /// `argument` as given.
  package init(argument: String) {
    text = argument
    parsed = Self.parse(argument)
  }

  /// `value`, written in digits.
  package init(_ value: Int) {
    text = String(value)
    parsed = .value(negative: value < 0, magnitude: UInt64(value.magnitude))
  }

  package var description: String { text }

  /// The text as a message quotes it: `""` for an empty one (`--pools "": expected ...`, where
  /// the text itself left a stray space).
  var shown: String { text.isEmpty ? "\"\"" : text }

  /// The forms every whole-number option takes, for messages.
  package static let forms = "a whole number, written like 1000, 1_000 or 1e3"

  /// The value as an `Int`, saturated to `Int.min` or `Int.max` beyond its range (so that the
  /// caller's range check names it as too small or too large); nil when the text is not a whole
  /// number.
  package var saturatedInt: Int? {
    switch parsed {
    case .value(let negative, let magnitude):
      if negative { return magnitude > UInt64(Int.max) ? Int.min : -Int(magnitude) }
      return magnitude > UInt64(Int.max) ? Int.max : Int(magnitude)
    case .tooLarge(let negative): return negative ? Int.min : Int.max
    case .fraction, .notANumber: return nil
    }
  }

  /// The value, or a one-line error naming `option` when the text is not a whole number.
  /// `expected` says what the option takes ("1 to 1000 hands").
  package func wholeValue(_ option: String, expected: String) throws(DataError) -> Int {
    guard let value = saturatedInt else {
      throw DataError("\(option) \(shown): expected \(expected) (\(Self.forms))")
    }
    return value
  }

  /// The value when it lies in `range`, else a one-line error naming `option` and what it
  /// expected: `--booster-max 0: expected a collector number of at least 1`.
  package func value(_ option: String, in range: ClosedRange<Int>, expected: String) throws(DataError) -> Int {
    let value = try wholeValue(option, expected: expected)
    guard range.contains(value) else { throw DataError("\(option) \(shown): expected \(expected)") }
    return value
  }

  /// The value when it lies in `range`, else a one-line error naming `option`, the range and
  /// `unit`: `--draws 0: expected 1 to 1000 hands`.
  package func value(_ option: String, in range: ClosedRange<Int>, unit: String) throws(DataError) -> Int {
    try value(option, in: range, expected: "\(range.lowerBound) to \(range.upperBound) \(unit)")
  }

  /// The value as a 64-bit seed (0 to 2^64 - 1), else a one-line error naming `option`.
  package func seedValue(_ option: String) throws(DataError) -> UInt64 {
    guard case .value(negative: let negative, magnitude: let magnitude) = parsed, !negative || magnitude == 0 else {
      throw DataError("\(option) \(shown): expected a seed from 0 to \(UInt64.max) (\(Self.forms))")
    }
    return magnitude
  }

  /// Reads `[+-]digits[.digits][e[+-]digits]` with `_` between digits, exactly: the decimal
  /// digits are shifted by the exponent, and the number is whole when no nonzero digit is left
  /// after the point.
  package static func parse(_ argument: String) -> Parsed {
    // `_` only between two digits (`1_000`; not `_1000`, `1000_` or `1__000`).
    let scalars = Array(argument.unicodeScalars)
    for (index, scalar) in scalars.enumerated() where scalar == "_" {
      guard index > 0, index + 1 < scalars.count, ("0"..."9").contains(scalars[index - 1]),
        ("0"..."9").contains(scalars[index + 1])
      else { return .notANumber }
    }
    var characters = Substring(argument.replacingOccurrences(of: "_", with: "").lowercased())
    var negative = false
    if let sign = characters.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      characters = characters.dropFirst()
    }
    let parts = characters.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
    let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let integer = mantissa[0]
    let fraction = mantissa.count > 1 ? mantissa[1] : ""
    guard !(integer.isEmpty && fraction.isEmpty), (integer + fraction).allSatisfy(\.isASCIIDigit),
      !(mantissa.count > 1 && fraction.isEmpty)
    else { return .notANumber }
    var exponent = 0
    if parts.count > 1 {
      var digits = parts[1]
      var negativeExponent = false
      if let sign = digits.first, sign == "-" || sign == "+" {
        negativeExponent = sign == "-"
        digits = digits.dropFirst()
      }
      guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return .notANumber }
      guard digits.count <= 6, let magnitude = Int(digits) else {
        // An exponent of a million or more: the number is 0, a fraction or vast.
        if (integer + fraction).allSatisfy({ $0 == "0" }) { return .value(negative: negative, magnitude: 0) }
        return negativeExponent ? .fraction : .tooLarge(negative: negative)
      }
      exponent = negativeExponent ? -magnitude : magnitude
    }
    // The number is 0.DIGITS... shifted: digits of integer+fraction, point after `point` digits.
    var digits = Array((integer + fraction).utf8)
    var point = integer.count + exponent
    while let first = digits.first, first == UInt8(ascii: "0") {
      digits.removeFirst()
      point -= 1
    }
    while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
    if digits.isEmpty { return .value(negative: negative, magnitude: 0) }
    guard point >= digits.count else { return .fraction }
    guard point <= 20 else { return .tooLarge(negative: negative) }
    var magnitude: UInt64 = 0
    for index in 0..<point {
      let digit = UInt64(index < digits.count ? digits[index] - UInt8(ascii: "0") : 0)
      let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(digit)
      if overflow || carry { return .tooLarge(negative: negative) }
      magnitude = sum
    }
    return .value(negative: negative, magnitude: magnitude)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
