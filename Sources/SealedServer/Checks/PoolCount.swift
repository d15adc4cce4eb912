import Foundation

/// A number of pools as the page sends it: a JSON number (`100000`, `1e6`) or a string of
/// digits that may hold `_` or `,` (`"100,000"`). Any number decodes, so that a value out of
/// range is refused in the words of the page's Pools field, not as malformed JSON.
struct PoolCount: Decodable, Sendable, Equatable {
  /// The number as sent.
  var number: Double
  /// How it was written, for the refusal.
  var text: String

  init(_ value: Int) {
    number = Double(value)
    text = String(value)
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Double.self) {
      number = value
      text = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    } else if let written = try? container.decode(String.self) {
      text = written
      number = Double(written.trimmingCharacters(in: .whitespaces).filter { $0 != "_" && $0 != "," }) ?? .nan
    } else {
      throw FieldError("Pools: expected a whole number of pools, such as 100000")
    }
  }

  /// The count, or a refusal (400) in the Pools field's words unless it is a whole number in
  /// `range`.
  func value(in range: ClosedRange<Int>) throws(APIError) -> Int {
    let limits = "enter a whole number from \(range.lowerBound) to \(range.upperBound.formatted(.number.locale(Locale(identifier: "en_US"))))"
    guard number.isFinite, number == number.rounded() else {
      // A blank field is named as one ("Pools:  is not a whole number", with two spaces, before).
      let written = text.trimmingCharacters(in: .whitespaces).isEmpty ? "blank" : "\(text) is not a whole number"
      throw APIError.badRequest("Pools: \(written); \(limits)")
    }
    guard number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
      let larger = number > Double(range.upperBound) ? " (a larger run: sealed check on the command line)" : ""
      throw APIError.badRequest("Pools: \(text) is out of range; \(limits)\(larger)")
    }
    return Int(number)
  }
}
