import Foundation

/// Keys written twice in one JSON object, which readers resolve differently.
extension JSONByteScanner {
  /// Any value, read past as `skipValue` does, noting in `repeated` the first key that an
  /// object in it (at any depth) holds twice, escapes decoded: readers differ on which of the
  /// two values they keep (Foundation the first, Python and Ruby the last). False when the value
  /// is not well formed. Cost: one pass, and a set of each object's keys.
  package mutating func skipValue(notingRepeatedKey repeated: inout String?) -> Bool {
    var found: (key: String, offset: Int)?
    defer { repeated = found?.key }
    return skipValue(notingRepeatedKey: &found)
  }

  /// As `skipValue(notingRepeatedKey:)`, noting too the offset of the value the key's second
  /// appearance holds, for a message's line and column.
  package mutating func skipValue(notingRepeatedKey repeated: inout (key: String, offset: Int)?) -> Bool {
    skipWhitespace()
    switch index < bytes.count ? bytes[index] : 0 {
    case UInt8(ascii: "["): return array { $0.skipValue(notingRepeatedKey: &repeated) }
    case UInt8(ascii: "{"):
      var keys = Set<String>()
      return members { scanner, key in
        if !keys.insert(key).inserted && repeated == nil {
          scanner.skipWhitespace()
          repeated = (key, scanner.index)
        }
        return scanner.skipValue(notingRepeatedKey: &repeated)
      }
    default: return skipValue()
    }
  }
}

/// A key written twice in one object of a JSON text, found and said in one line.
package enum RepeatedJSONKey {
  /// The first key an object of `element` (at any depth) holds twice, as a `DataError` at its
  /// second value's line and column in `data`, of which `element` starts at `offset`:
  /// `FILE:233068:17: product [501] "war-draft": key "war:10" is written twice in one object;
  /// EXPECTED`. `what` names the element (`product [501] "war-draft"`), nil for the whole text.
  /// Nil when no key repeats. Cost: one pass over `element`, and one over `data` up to the key.
  package static func error(
    in element: Data, at offset: Int, of data: Data, what: String?, source: String, expected: String
  ) -> DataError? {
    var repeated: (key: String, offset: Int)?
    element.withUnsafeBytes { raw in
      var scanner = JSONByteScanner(bytes: raw.bindMemory(to: UInt8.self))
      _ = scanner.skipValue(notingRepeatedKey: &repeated)
    }
    guard let repeated else { return nil }
    let what = what.map { what in field("code", of: element).map { "\(what) \(quotedExcerpt($0))" } ?? what }
    let (line, column) = lineAndColumn(ofOffset: offset + repeated.offset, in: data)
    let message = "\(what.map { "\($0): " } ?? "")key \(quotedExcerpt(repeated.key)) is written twice in one object; \(expected)"
    return DataError(message, at: DataError.location(source, line: line, column: column))
  }

  /// The string `name` of the object `element` holds, if it is one (the product's code, read
  /// where the product itself did not decode).
  static func field(_ name: String, of element: Data) -> String? {
    ((try? JSONSerialization.jsonObject(with: element)) as? [String: Any])?[name] as? String
  }
}
