import Foundation

/// A reader of JSON values from bytes, for the readers of card files (`ScryfallCardScanner`)
/// and of compiled booster data (`CompiledProductScanner`): each method reads one value at the
/// current position and says whether it could, moving past it. It never reads past the bytes,
/// whatever they hold; what it cannot read exactly as `JSONDecoder` would it refuses (a key
/// written twice or holding an escape or anything but printable ASCII, a string that is not
/// valid UTF-8 or holds a control character or a lone surrogate, a number beyond a `Double` or
/// in a form the decoder refuses), and the caller gives up and leaves the bytes to the decoder.
/// Cost: one pass over the bytes it reads.
package struct JSONByteScanner {
  package let bytes: UnsafeBufferPointer<UInt8>
  package private(set) var index = 0

  package init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  package var isAtEnd: Bool { index >= bytes.count }

  /// The byte at the position, or 0 past the end (0 starts no JSON token).
  private var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

  package mutating func skipWhitespace() {
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
      index += 1
    }
  }

  /// Moves past `byte` after any whitespace when it comes next.
  private mutating func take(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard current == byte else { return false }
    index += 1
    return true
  }

  /// Moves past `null` when it comes next.
  package mutating func takeNull() -> Bool {
    skipWhitespace()
    guard bytes.count - index >= 4, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
      bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l")
    else { return false }
    index += 4
    return true
  }

  // MARK: - Containers

  /// An array, `element` reading each element; false when it is not one or an element fails.
  package mutating func array(_ element: (inout JSONByteScanner) -> Bool) -> Bool {
    guard take(UInt8(ascii: "[")) else { return false }
    if take(UInt8(ascii: "]")) { return true }
    repeat {
      guard element(&self) else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]"))
  }

  /// An object, `field` reading each value given its key; false when it is not one, a key has
  /// an escape or a byte beyond printable ASCII or comes twice, or a value fails.
  package mutating func object(_ field: (inout JSONByteScanner, JSONKey) -> Bool) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    if take(UInt8(ascii: "}")) { return true }
    var keys: [JSONKey] = []
    repeat {
      guard let key = plainKey(), !keys.contains(key), take(UInt8(ascii: ":")) else { return false }
      keys.append(key)
      guard field(&self, key) else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}"))
  }

  /// A key of printable ASCII without escapes, as its bytes (any other key is left to the
  /// decoder: none of the keys read is one).
  private mutating func plainKey() -> JSONKey? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      guard bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20, bytes[index] < 0x80 else { return nil }
      index += 1
    }
    guard index < bytes.count, let base = bytes.baseAddress else { return nil }
    index += 1
    return JSONKey(start: base + start, count: index - 1 - start)
  }

  // MARK: - Values

  /// `null` (nil) or a value that `read` reads (nil from it fails): every optional field.
  package mutating func optional<Value>(_ value: inout Value?, _ read: (inout JSONByteScanner) -> Value?) -> Bool {
    if takeNull() {
      value = nil
      return true
    }
    guard let read = read(&self) else { return false }
    value = read
    return true
  }

  /// `null` (nil) or a string.
  package mutating func optionalString(_ value: inout String?) -> Bool { optional(&value) { $0.string() } }

  /// `null` (nil) or a number that a `Double` holds.
  package mutating func optionalDouble(_ value: inout Double?) -> Bool { optional(&value) { $0.number() } }

  /// A number that a `Double` holds, or nil: not a number as RFC 8259 writes one, too large,
  /// so small that it loses digits or becomes 0, or a zero with an exponent (`0e5`), which
  /// `JSONDecoder` refuses.
  package mutating func number() -> Double? {
    skipWhitespace()
    let start = index
    while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
    guard index > start, let base = bytes.baseAddress else { return nil }
    let text = UnsafeBufferPointer(start: base + start, count: index - start)
    guard let form = NumberForm(text), !form.isZeroWithExponent,
      let number = Double(String(decoding: text, as: UTF8.self)),
      number.isNormal || (number == 0 && !form.hasNonzeroDigit)
    else { return nil }
    return number
  }

  /// An integer written plainly (`-?(0|[1-9][0-9]*)`, at most 18 digits, not `-0`), or nil:
  /// any other form (`1.0`, `1e2`) is left to `JSONDecoder`.
  package mutating func integer() -> Int? {
    skipWhitespace()
    let negative = current == UInt8(ascii: "-")
    if negative { index += 1 }
    let start = index
    var value = 0
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
      // Wrapping: a value of more than 18 digits, which could overflow, is refused below.
      value = value &* 10 &+ Int(bytes[index] - UInt8(ascii: "0"))
      index += 1
    }
    let digits = index - start
    guard digits > 0, digits <= 18, digits == 1 || bytes[start] != UInt8(ascii: "0"), !(negative && value == 0),
      !Self.isNumberByte(current)
    else { return nil }
    return negative ? -value : value
  }

  /// `true` or `false`, or nil.
  package mutating func bool() -> Bool? {
    guard let word = word() else { return nil }
    if word == "true" { return true }
    if word == "false" { return false }
    return nil
  }

  /// `null` (nil), `true` or `false`.
  package mutating func optionalBool(_ value: inout Bool?) -> Bool { optional(&value) { $0.bool() } }

  /// The lowercase letters at the position (a literal's, `true`, `false` or `null`, if any).
  private mutating func word() -> JSONKey? {
    skipWhitespace()
    guard let base = bytes.baseAddress else { return nil }
    let start = index
    while index < bytes.count, bytes[index] >= UInt8(ascii: "a"), bytes[index] <= UInt8(ascii: "z") { index += 1 }
    return JSONKey(start: base + start, count: index - start)
  }

  /// How a number is written, read in one pass over its text: whether it is a number as RFC
  /// 8259 writes one (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`; nil otherwise), a zero
  /// with an exponent (`0e5`), and whether a digit before its exponent is not 0.
  private struct NumberForm {
    var isZeroWithExponent = false
    var hasNonzeroDigit = false

    init?(_ text: UnsafeBufferPointer<UInt8>) {
      var index = 0
      var nonzero = false
      func digits() -> Int {
        let start = index
        while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
          if text[index] != UInt8(ascii: "0") { nonzero = true }
          index += 1
        }
        return index - start
      }
      func take(_ byte: UInt8) -> Bool {
        guard index < text.count, text[index] == byte else { return false }
        index += 1
        return true
      }
      _ = take(UInt8(ascii: "-"))
      let integerStart = index
      let integerDigits = digits()
      guard integerDigits > 0, integerDigits == 1 || text[integerStart] != UInt8(ascii: "0") else { return nil }
      let zeroInteger = integerDigits == 1 && text[integerStart] == UInt8(ascii: "0")
      let fraction = take(UInt8(ascii: "."))
      if fraction { guard digits() > 0 else { return nil } }
      hasNonzeroDigit = nonzero
      if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
        isZeroWithExponent = zeroInteger && !fraction
        _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
        guard digits() > 0 else { return nil }
      }
      guard index == text.count else { return nil }
    }
  }

  /// `null` (nil) or an array of strings.
  package mutating func optionalStringArray(_ value: inout [String]?) -> Bool {
    optionalArray(&value) { $0.string() }
  }

  /// `null` (nil) or an array whose elements `element` reads (nil from it fails).
  package mutating func optionalArray<Element>(_ value: inout [Element]?, _ element: (inout JSONByteScanner) -> Element?) -> Bool {
    optional(&value) { $0.elements(element) }
  }

  /// An array whose elements `element` reads, or nil when it is not one or an element fails.
  package mutating func elements<Element>(_ element: (inout JSONByteScanner) -> Element?) -> [Element]? {
    var read: [Element] = []
    let complete = array { scanner in
      guard let value = element(&scanner) else { return false }
      read.append(value)
      return true
    }
    return complete ? read : nil
  }

  /// `null` (nil) or an object whose values are strings; a key that comes twice fails.
  package mutating func optionalStringDictionary(_ value: inout [String: String]?) -> Bool {
    optional(&value) { $0.dictionary { $0.string() } }
  }

  /// An object whose values `element` reads, by key (escapes decoded), or nil when it is not
  /// one, a key comes twice (as Swift compares strings) or a value fails.
  ///
  /// A generic taking a closure is not specialized where another module calls it: its value
  /// type's metadata is then looked up on every call. A module that reads many objects makes
  /// its own from `members` (as `CompiledProductScanner` does).
  package mutating func dictionary<Value>(_ element: (inout JSONByteScanner) -> Value?) -> [String: Value]? {
    var dictionary: [String: Value] = [:]
    let complete = members { scanner, key in
      guard dictionary[key] == nil, let value = element(&scanner) else { return false }
      dictionary[key] = value
      return true
    }
    return complete ? dictionary : nil
  }

  /// An object, `member` reading each value given its key (any string, escapes decoded); false
  /// when it is not one or `member` returns false.
  package mutating func members(_ member: (inout JSONByteScanner, String) -> Bool) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    if take(UInt8(ascii: "}")) { return true }
    repeat {
      guard let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}"))
  }

  /// Any value, read past without building it; false when it is not well formed.
  package mutating func skipValue() -> Bool {
    skipWhitespace()
    switch current {
    case UInt8(ascii: "\""): return string() != nil
    case UInt8(ascii: "["): return array { $0.skipValue() }
    case UInt8(ascii: "{"): return object { scanner, _ in scanner.skipValue() }
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      guard let word = word() else { return false }
      return word == "true" || word == "false" || word == "null"
    default: return number() != nil
    }
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
  }

  // MARK: - Strings

  /// A string, its escapes decoded; nil when it is not one, is not valid UTF-8, holds a control
  /// character or a lone surrogate.
  package mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")), let base = bytes.baseAddress else { return nil }
    let start = index
    var bits: UInt8 = 0
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      if bytes[index] == UInt8(ascii: "\\") || bytes[index] < 0x20 {
        index = start
        return escapedString()
      }
      bits |= bytes[index]
      index += 1
    }
    guard index < bytes.count else { return nil }
    index += 1
    let text = UnsafeBufferPointer(start: base + start, count: index - 1 - start)
    // ASCII is valid UTF-8 as it is: decoding it is validating it, without the generic
    // validation's cost (its encoding's metadata looked up on every call: 3% of a listing's time).
    if bits < 0x80 { return String(decoding: text, as: UTF8.self) }
    return String(validating: text, as: UTF8.self)
  }

  /// The rest of a string that holds an escape, from just after its opening quote.
  private mutating func escapedString() -> String? {
    var decoded: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return String(validating: decoded, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard appendEscape(to: &decoded) else { return nil }
      case ..<0x20: return nil
      default: decoded.append(byte)
      }
    }
    return nil
  }

  /// Decodes the escape after a backslash into UTF-8.
  private mutating func appendEscape(to decoded: inout [UInt8]) -> Bool {
    let byte = current
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      guard let scalar = unicodeEscape() else { return false }
      decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
    default: return false
    }
    return true
  }

  /// The scalar of `XXXX` after `\u`, a surrogate pair taken whole; nil for a lone surrogate.
  private mutating func unicodeEscape() -> Unicode.Scalar? {
    guard let unit = hexUnit() else { return nil }
    switch unit {
    case 0xD800...0xDBFF:
      guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { return nil }
      index += 2
      guard let low = hexUnit(), (0xDC00...0xDFFF).contains(low) else { return nil }
      return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
    case 0xDC00...0xDFFF: return nil
    default: return Unicode.Scalar(unit)
    }
  }

  /// Four hex digits as a UTF-16 code unit.
  private mutating func hexUnit() -> UInt32? {
    guard bytes.count - index >= 4 else { return nil }
    var unit: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = Self.hexValue(bytes[index]) else { return nil }
      unit = unit << 4 | digit
      index += 1
    }
    return unit
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}

/// An object key as the bytes between its quotes (it holds no escape), compared with a string
/// literal without making a `String`.
package struct JSONKey: Equatable, ExpressibleByStringLiteral {
  package let start: UnsafePointer<UInt8>
  package let count: Int

  package init(start: UnsafePointer<UInt8>, count: Int) {
    (self.start, self.count) = (start, count)
  }

  package init(stringLiteral literal: StaticString) {
    (start, count) = (literal.utf8Start, literal.utf8CodeUnitCount)
  }

  package static func == (lhs: JSONKey, rhs: JSONKey) -> Bool {
    lhs.count == rhs.count && memcmp(lhs.start, rhs.start, lhs.count) == 0
  }
}
