import Foundation

/// Names the field behind a decoding failure Foundation reports without one: a number with a
/// fraction or past a whole number's range given where the request takes a whole number
/// (`"player": 1.5`) fails to decode as "The given data was not valid JSON", with no field, of
/// JSON the syntax check has already found well formed.
enum WholeNumberFields {
  /// The first number of `body` that is not a 64-bit whole number and whose replacement by 0
  /// lets `T` decode, as `field deck.player: expected a whole number, found 1.5`; when no one
  /// replacement does but all of them together do (two such fields), the first of them; nil
  /// otherwise. Cost: one parse of the body, and a decode per such number (bodies are small).
  static func culprit<T: Decodable>(_ type: T.Type, in body: Data) -> String? {
    guard let tree = try? JSONSerialization.jsonObject(with: body) else { return nil }
    let found = candidates(tree, path: [])
    func decodes(_ replaced: Any) -> Bool {
      guard let data = try? JSONSerialization.data(withJSONObject: replaced) else { return false }
      return (try? JSONDecoder().decode(T.self, from: data)) != nil
    }
    func said(_ candidate: ([Step], String)) -> String { "field \(name(candidate.0)): expected a whole number, found \(candidate.1)" }
    if let single = found.first(where: { decodes(replacing(tree, at: $0.0[...])) }) { return said(single) }
    let all = found.reduce(tree) { replacing($0, at: $1.0[...]) }
    return found.isEmpty || !decodes(all) ? nil : said(found[0])
  }

  /// A step into a JSON value: an object's key or an array's index.
  enum Step { case key(String), index(Int) }

  /// The numbers of `value` that are not whole numbers a 64-bit integer holds, with their paths,
  /// in the order of the keys sorted (JSONSerialization keeps no order) and the arrays'.
  static func candidates(_ value: Any, path: [Step]) -> [([Step], String)] {
    if let object = value as? [String: Any] {
      return object.keys.sorted().flatMap { candidates(object[$0]!, path: path + [.key($0)]) }
    }
    if let array = value as? [Any] {
      return array.enumerated().flatMap { candidates($1, path: path + [.index($0)]) }
    }
    // true and false are whole (1 and 0): never candidates.
    guard let number = value as? NSNumber else { return [] }
    let double = number.doubleValue
    let whole = double.rounded() == double && abs(double) < 9.2e18
    return whole ? [] : [(path, "\(number)")]
  }

  /// `value` with the number at `path` replaced by 0.
  static func replacing(_ value: Any, at path: ArraySlice<Step>) -> Any {
    guard let step = path.first else { return 0 }
    switch step {
    case .key(let key):
      guard var object = value as? [String: Any], let inner = object[key] else { return value }
      object[key] = replacing(inner, at: path.dropFirst())
      return object
    case .index(let index):
      guard var array = value as? [Any], array.indices.contains(index) else { return value }
      array[index] = replacing(array[index], at: path.dropFirst())
      return array
    }
  }

  /// `deck.cards[0].copies`.
  static func name(_ path: [Step]) -> String {
    path.enumerated().map { offset, step in
      switch step {
      case .key(let key): offset == 0 ? key : ".\(key)"
      case .index(let index): "[\(index)]"
      }
    }.joined()
  }
}
