import Foundation

/// A key written twice in one object of a JSON text, found and said in one line.
package enum RepeatedJSONKey {
  /// The first key an object of `element` (at any depth) holds twice, as a `DataError` at the
  /// line and column of its second appearance in `data`, of which `element` starts at `offset`:
  /// `FILE:233068:7: product [501] "war-draft": key "war:10" is written twice in one object;
  /// expected each key once` and `expected` after it. `what` names the element (`product [501]`,
  /// its code added when it has one), nil for the whole text. Nil when no key repeats. Cost: one
  /// pass over `element` (a set of each object's keys, an escaped key decoded), and when a key
  /// repeats one over `data` up to it.
  package static func error(
    in element: Data, at offset: Int, of data: Data, what: String?, source: String, expected: String
  ) -> DataError? {
    // `element` is well formed (checked whole before): the one problem left is a repeated key.
    guard let found = JSONSyntax.firstProblem(in: element, refusingRepeatedKeys: true), !found.malformed else { return nil }
    let (line, column) = lineAndColumn(ofOffset: offset + found.offset, in: data)
    let what = what.map { what in field("code", of: element).map { "\(what) \(quotedExcerpt($0))" } ?? what }
    let message = "\(what.map { "\($0): " } ?? "")\(found.message)\(expected)"
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
