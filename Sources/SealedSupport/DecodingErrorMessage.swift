import Foundation

/// The one wording of the errors `JSONDecoder` throws, naming the field and what was expected:
/// `field cards[6].copies: expected a whole number`, `field pool.seed: missing`,
/// `field name: expected a string, found null`. The card, MTGJSON, booster-data, run-record and
/// library readers all word decoding errors through it; each adds where (file, line, card) and
/// what the file should be. Text that is not JSON at all is `malformed JSON` here: readers that
/// hold the bytes report its line and column with `malformedJSONError` instead.
///
/// Cost: O(length of the coding path).
package enum DecodingErrorMessage {
  /// The message for `error` (another error than a `DecodingError`: its description).
  ///
  /// - `path`: the fields to name, relative to what the caller's location already names (the
  ///   rest of the path after a card's index, reported as the card's line); nil: the error's own
  ///   path, from the top of the file.
  /// - `quoted`: the path in double quotes, as the card readers write field names (`field "cmc"`).
  package static func describe(_ error: any Error, path: [any CodingKey]? = nil, quoted: Bool = false) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func subject(_ context: DecodingError.Context, _ extra: [any CodingKey] = []) -> String? {
      let keys = (path ?? context.codingPath) + extra
      guard !keys.isEmpty else { return nil }
      return quoted ? "field \"\(fieldPath(keys))\"" : "field \(fieldPath(keys))"
    }
    // With no field to name, the value itself was wrong: the whole file, or what the location names.
    let whole = path == nil ? " at the top level" : ""
    switch error {
    case .keyNotFound(let key, let context):
      return "\(subject(context, [key]) ?? "field \(key.stringValue)"): missing"
    case .typeMismatch(let type, let context):
      guard let field = subject(context) else { return "expected \(typeName(type, whole: true))\(whole)" }
      return "\(field): expected \(typeName(type))"
    case .valueNotFound(let type, let context):
      guard let field = subject(context) else { return "expected \(typeName(type, whole: true))\(whole), found null" }
      return "\(field): expected \(typeName(type)), found null"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "malformed JSON"
    case .dataCorrupted(let context):
      guard let field = subject(context) else { return context.debugDescription }
      return "\(field): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  /// `error` as decoding the array holding the value would have thrown it: its coding path
  /// behind the value's `index` in the array. Cost: O(length of the path).
  package static func prefixing(_ error: DecodingError, index: Int) -> DecodingError {
    func moved(_ context: DecodingError.Context) -> DecodingError.Context {
      DecodingError.Context(
        codingPath: [ArrayIndex(intValue: index)] + context.codingPath, debugDescription: context.debugDescription,
        underlyingError: context.underlyingError)
    }
    switch error {
    case .keyNotFound(let key, let context): return .keyNotFound(key, moved(context))
    case .typeMismatch(let type, let context): return .typeMismatch(type, moved(context))
    case .valueNotFound(let type, let context): return .valueNotFound(type, moved(context))
    case .dataCorrupted(let context): return .dataCorrupted(moved(context))
    @unknown default: return error
    }
  }

  /// An array's index as a coding key, as a decoder's unkeyed container names it.
  private struct ArrayIndex: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue!)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }

  /// The string field `name` of the top-level array's element a decoding error is in (its path
  /// starts at the element's index), when that element has one: a product's `code`, so that
  /// `field [94].boosters: missing` names the product. Cost: `data` parsed once more, which
  /// only an error's path pays.
  package static func elementField(_ name: String, at error: DecodingError, in data: Data) -> String? {
    let path: [any CodingKey]
    switch error {
    case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      path = context.codingPath
    @unknown default:
      return nil
    }
    guard let index = path.first?.intValue,
      let elements = try? JSONSerialization.jsonObject(with: data) as? [Any], index < elements.count,
      let value = (elements[index] as? [String: Any])?[name] as? String, !value.isEmpty
    else { return nil }
    return value
  }

  /// A coding path as one name: keys joined by dots, array indices in brackets (`cards[6].copies`,
  /// `[0].sheets`).
  package static func fieldPath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  /// What a decoder expected, in words: "a string", "a whole number", "true or false",
  /// "an array", "an object"; with `whole`, a container is "a JSON array" or "a JSON object".
  package static func typeName(_ type: Any.Type, whole: Bool = false) -> String {
    switch type {
    case is String.Type: return "a string"
    case is any BinaryInteger.Type: return "a whole number"
    case is any BinaryFloatingPoint.Type: return "a number"
    case is Bool.Type: return "true or false"
    case is [String].Type: return "an array of strings"
    case is [String: String].Type: return "an object of strings"
    default:
      let array = String(describing: type).hasPrefix("Array")
      return whole ? (array ? "a JSON array" : "a JSON object") : (array ? "an array" : "an object")
    }
  }
}
