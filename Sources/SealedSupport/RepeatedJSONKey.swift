import Foundation

/// Keys written twice in one JSON object, which readers resolve differently.
extension JSONByteScanner {
  /// Any value, read past as `skipValue` does, noting in `repeated` the first key that an
  /// object in it (at any depth) holds twice, escapes decoded: readers differ on which of the
  /// two values they keep (Foundation the first, Python and Ruby the last). False when the value
  /// is not well formed. Cost: one pass, and a set of each object's keys.
  package mutating func skipValue(notingRepeatedKey repeated: inout String?) -> Bool {
    skipWhitespace()
    switch index < bytes.count ? bytes[index] : 0 {
    case UInt8(ascii: "["): return array { $0.skipValue(notingRepeatedKey: &repeated) }
    case UInt8(ascii: "{"):
      var keys = Set<String>()
      return members { scanner, key in
        if !keys.insert(key).inserted && repeated == nil { repeated = key }
        return scanner.skipValue(notingRepeatedKey: &repeated)
      }
    default: return skipValue()
    }
  }
}

/// A key written twice in one object of a JSON text, found and said in one line.
package enum RepeatedJSONKey {
  /// The first key an object of `element` (at any depth) holds twice, as a `DataError` at the
  /// line and column of its second appearance in `data`, of which `element` starts at `offset`:
  /// `FILE:233068:7: product [501] "war-draft": key "war:10" is written twice in one object;
  /// expected each key once` and `expected` after it. `what` names the element (`product [501]`,
  /// its code added when it has one), nil for the whole text. Nil when no key repeats. Cost: one
  /// pass over `element`, and when a key repeats one more and one over `data` up to it.
  package static func error(
    in element: Data, at offset: Int, of data: Data, what: String?, source: String, expected: String
  ) -> DataError? {
    var repeated: String?
    element.withUnsafeBytes { raw in
      var scanner = JSONByteScanner(bytes: raw.bindMemory(to: UInt8.self))
      _ = scanner.skipValue(notingRepeatedKey: &repeated)
    }
    guard let repeated else { return nil }
    // Found, it is placed at its second appearance's key as every reader places it (the
    // syntax check, which decodes each key, only on this path).
    let found = JSONSyntax.firstProblem(in: element, refusingRepeatedKeys: true)
    let (line, column) = lineAndColumn(ofOffset: offset + (found?.offset ?? 0), in: data)
    let what = what.map { what in field("code", of: element).map { "\(what) \(quotedExcerpt($0))" } ?? what }
    let message = "\(what.map { "\($0): " } ?? "")\(JSONSyntax.repeatedKeyMessage(repeated))\(expected)"
    return DataError(message, at: DataError.location(source, line: line, column: column))
  }

  /// The string `name` of the object `element` holds, or of the one object of an array of one
  /// (the product's code, read where the product itself did not decode).
  static func field(_ name: String, of element: Data) -> String? {
    let value = try? JSONSerialization.jsonObject(with: element)
    let object = (value as? [String: Any]) ?? ((value as? [Any]).flatMap { $0.count == 1 ? $0[0] as? [String: Any] : nil })
    return object?[name] as? String
  }
}
