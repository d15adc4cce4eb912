import SealedSupport

/// A collector number such as `"17"`, `"22a"` or `"★5"`.
///
/// Collector numbers are strings. They order by their leading integer (a number without one
/// sorts after every number with one), then by the rest of the string.
public struct CollectorNumber: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The number exactly as the card data spells it.
  package let text: String
  /// The leading decimal integer, if the number starts with a digit.
  public let leadingInteger: Int?
  /// What follows the leading integer (`"a"` in `"22a"`), or the whole text without one.
  package let suffix: Substring

  /// The collector number spelled `text`, split into its leading integer and the rest. O(length):
  /// an ASCII text (every number of the card data but `★5` and the like) is split by its bytes,
  /// which gives what `init(byCharacters:)` gives without breaking the text into characters (the
  /// plan compiler and the listing read every card key's number).
  package init(_ text: String) {
    guard let digits = Self.asciiDigitsEnd(text) else {
      self.init(byCharacters: text)
      return
    }
    let prefix = text[..<digits]
    self.init(text: text, leadingInteger: prefix.isEmpty ? nil : Int(prefix), suffix: text[digits...])
  }

  private init(text: String, leadingInteger: Int?, suffix: Substring) {
    self.text = text
    self.leadingInteger = leadingInteger
    self.suffix = suffix
  }

  /// The same split character by character: the leading characters that are ASCII digits (a
  /// digit followed by a combining mark is one character, not a digit), then the rest. O(length).
  package init(byCharacters text: String) {
    let digits = text.prefix(while: { $0.isASCII && $0.isNumber })
    self.init(text: text, leadingInteger: digits.isEmpty ? nil : Int(digits), suffix: text[digits.endIndex...])
  }

  /// Where an all-ASCII text's leading digits end, or nil when the text holds a byte beyond ASCII.
  private static func asciiDigitsEnd(_ text: String) -> String.Index? {
    var end: Int?
    var offset = 0
    for byte in text.utf8 {
      guard byte < 0x80 else { return nil }
      if end == nil, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { end = offset }
      offset += 1
    }
    return text.utf8.index(text.utf8.startIndex, offsetBy: end ?? offset)
  }

  /// A number spelled `text` without its last letter (`65a` gives `65`), nil when it does not
  /// end in one: mtg.wtf's data writes `221a` for the first part of a split or double-faced card
  /// where the card data has `221`, so a sheet's card whose number the set lacks is looked up
  /// again without the letter (by the plan compiler, the lint and the audit alike). O(length).
  package static func withoutLetter(_ text: String) -> String? {
    guard let last = text.last, last.isLetter, text.count > 1 else { return nil }
    return String(text.dropLast())
  }

  /// Decodes the number from a JSON string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the number as its text, a JSON string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }

  /// The number's text.
  public var description: String { text }

  /// Orders by leading integer (numbers without one last), then by the rest, then by the whole text.
  public static func < (lhs: CollectorNumber, rhs: CollectorNumber) -> Bool {
    switch (lhs.leadingInteger, rhs.leadingInteger) {
    case let (l?, r?) where l != r: return l < r
    case (.some, nil): return true
    case (nil, .some): return false
    default: return (lhs.suffix, lhs.text) < (rhs.suffix, rhs.text)
    }
  }

  /// Equal when the texts are equal.
  public static func == (lhs: CollectorNumber, rhs: CollectorNumber) -> Bool { lhs.text == rhs.text }
  /// Hashes the text, as `==` compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
