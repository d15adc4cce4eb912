import Foundation

/// A number as written in JSON text: where it starts, its text, and the field it is the value
/// of, so that a number a decoder cannot take (too large, negative where it must not be, with a
/// fraction) can be named at its line and column and by its whole path (`pool.seed`, not
/// `seed`; `boosters[0].cards[3].copies`).
struct JSONNumberToken {
  /// The byte offset of its first character.
  let offset: Int
  /// The number as written (`-1`, `1e23`).
  let text: String
  /// The key it is the value of, when it is an object member's value (not an array element).
  let key: String?
  /// The path of its field, as `DecodingErrorMessage.fieldPath` writes one: keys joined by dots,
  /// array elements by their index in brackets; empty for a number that is the whole text.
  let path: String

  /// "field PATH: ", or nothing for a number that is the whole text.
  var fieldLabel: String { path.isEmpty ? "" : "field \(path): " }

  /// One level of the text's nesting: an object and the key whose value is being read, or an
  /// array and the index of its element being read.
  private enum Level {
    case object(key: String?)
    case array(index: Int)
  }

  /// The first number of `data` (outside strings) for which `matches` holds (given its text and
  /// its key), skipping those that are the values of keys in `skipped` and, with `onlyKeys`,
  /// those whose key is not in it. `data` is expected to be well-formed JSON (on other text the path may be wrong, never
  /// a crash). Cost: O(bytes), one pass.
  static func first(
    in data: Data, skippingKeys skipped: Set<String> = [], onlyKeys: Set<String>? = nil, where matches: (String, String?) -> Bool
  ) -> JSONNumberToken? {
    let bytes = [UInt8](data)
    var levels: [Level] = []
    var lastString = ""
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        let start = index + 1
        index = endOfString(in: bytes, from: start)
        lastString = decodedString(bytes[start..<min(index, bytes.count)])
        index += 1
        continue
      case UInt8(ascii: "{"): levels.append(.object(key: nil))
      case UInt8(ascii: "["): levels.append(.array(index: 0))
      case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = levels.popLast()
      case UInt8(ascii: ":"): if case .object = levels.last { levels[levels.count - 1] = .object(key: lastString) }
      case UInt8(ascii: ","): nextMember(&levels)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = index
        index = endOfNumber(in: bytes, from: start)
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        var key: String?
        if case .object(let member) = levels.last { key = member }
        guard matches(text, key) else { continue }
        if let key, skipped.contains(key) { continue }
        if let onlyKeys, !onlyKeys.contains(key ?? "") { continue }
        return JSONNumberToken(offset: start, text: text, key: key, path: path(of: levels))
      default: break
      }
      index += 1
    }
    return nil
  }

  /// The index of the quote that closes a string whose text starts at `start` (or the end).
  private static func endOfString(in bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
      index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
    }
    return index
  }

  /// A string's text with its escapes decoded (`a\"b` is `a"b`, `s\u0065ed` is `seed`), as the
  /// decoder names a key; as written when it cannot be decoded.
  private static func decodedString(_ raw: ArraySlice<UInt8>) -> String {
    let text = String(decoding: raw, as: UTF8.self)
    guard raw.contains(UInt8(ascii: "\\")) else { return text }
    return (try? JSONDecoder().decode(String.self, from: Data("\"\(text)\"".utf8))) ?? text
  }

  /// The index just past a number token starting at `start`.
  private static func endOfNumber(in bytes: [UInt8], from start: Int) -> Int {
    var index = start + 1
    while index < bytes.count, (bytes[index] >= 0x30 && bytes[index] <= 0x39) || ".eE+-".utf8.contains(bytes[index]) {
      index += 1
    }
    return index
  }

  /// After a comma: the next element of an array, or the next member of an object (its key
  /// not yet read).
  private static func nextMember(_ levels: inout [Level]) {
    switch levels.last {
    case .array(let index): levels[levels.count - 1] = .array(index: index + 1)
    case .object: levels[levels.count - 1] = .object(key: nil)
    case nil: break
    }
  }

  private static func path(of levels: [Level]) -> String {
    var text = ""
    for level in levels {
      switch level {
      case .object(let key?): text += text.isEmpty ? key : ".\(key)"
      case .object(nil): break
      case .array(let index): text += "[\(index)]"
      }
    }
    return text
  }
}
