import Foundation
import SealedCharts
import SealedSupport
import SealedReports
import SealedVerdicts

extension ReportPage {
  // MARK: Formatting

  /// A CSV value for people: integers as they are, other numbers with at most 4 significant
  /// digits (trailing zeros dropped), very small or large ones in exponent form. Rounded as C's
  /// printf rounds (the exact value, a tie to even), as the terminal's tables round theirs
  /// (`%.4g`): 0.015625 shows as 0.01562 in both.
  static func display(_ value: String, digits: Int = 4) -> String {
    guard let number = Double(value), value.utf8.contains(UInt8(ascii: ".")) || value.utf8.contains(UInt8(ascii: "e")) else { return value }
    if number == 0 { return "0" }
    let magnitude = abs(number)
    if magnitude >= 1e-4 && magnitude < 1e7 {
      let decimals = max(0, digits - 1 - Int(floor(log10(magnitude))))
      return trimmed(String(format: "%.\(decimals)f", number))
    }
    // "1.235e+07" as "1.235e7".
    let parts = String(format: "%.\(digits - 1)e", number).split(separator: "e")
    guard parts.count == 2, let exponent = Int(parts[1]) else { return value }
    return "\(trimmed(String(parts[0])))e\(exponent)"
  }

  /// The significant digits that show a row's interval and expected value in the order of the
  /// numbers (4, or as many more as it takes: a failing 0.18032 beside a bound of 0.180314 read
  /// 0.1803 for both), as the terminal's table shows them.
  static func intervalDigits(low: String, expected: String, high: String) -> Int {
    guard let l = Double(low), let e = Double(expected), let h = Double(high) else { return 4 }
    return OrderedRounding.fewestDigits(from: 4, of: [l, e, h]) { digits in [low, expected, high].map { display($0, digits: digits) } }
  }

  private static func trimmed(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: ".")) else { return text }
    var result = Substring(text)
    while result.hasSuffix("0") { result = result.dropLast() }
    if result.hasSuffix(".") { result = result.dropLast() }
    return String(result)
  }

  /// A confidence level as a percentage with every digit it has up to six decimals
  /// (0.9999 → "99.99%", 0.99995 → "99.995%"), so that two levels never print alike.
  static func level(_ value: Double) -> String {
    let text = Axis.fixed(value * 100, decimals: 6)
    var trimmed = Substring(text)
    while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
    if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
    return trimmed + "%"
  }

  /// The verdict column in words and a mark, so that it does not rest on colour alone.
  static func verdictCell(_ verdict: CheckVerdict) -> Cell {
    switch verdict {
    case .fail: Cell(text: "✗ FAIL", detail: nil, cssClass: "fail")
    case .pass: Cell(text: "✓ pass", detail: nil, cssClass: "pass")
    case .notTested: Cell(text: "– not tested", detail: nil, cssClass: "untested")
    }
  }

  static func percent(_ value: Double?, decimals: Int) -> String {
    value.map { Axis.fixed($0 * 100, decimals: decimals) + "%" } ?? "none"
  }
}
