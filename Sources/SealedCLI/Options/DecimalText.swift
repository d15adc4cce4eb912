import ArgumentParser

/// How every decimal option (`--alpha`, `--power`, `--timeout`, ...) reads its text: digits with
/// an optional point and exponent (`0.01`, `.5`, `1e-3`, `5`), nothing else. Swift's own Double
/// parsing, which the argument parser would use, takes `0x1p-3`, `inf` and `nan`, and reads
/// `1e-400` as 0, which the option's error then echoed as `0`.
enum DecimalText {
  /// The value of `text`; a `ValidationError` (the argument parser's one-line refusal, exit 2)
  /// for text that is not a plain decimal number, or one too large or too small to hold.
  static func parse(_ text: String) throws -> Double {
    guard let match = text.wholeMatch(of: /[+-]?(?<mantissa>[0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?/), let value = Double(text) else {
      throw ValidationError("expected a decimal number such as 0.01 or 1e-3")
    }
    guard value.isFinite else { throw ValidationError("too large a number to hold") }
    if value == 0 && match.output.mantissa.contains(where: { ("1"..."9").contains($0) }) {
      throw ValidationError("too small a number to hold (it would read as 0)")
    }
    return value
  }
}
