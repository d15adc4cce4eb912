/// The first field of a parsed JSON value (`JSONSerialization`'s dictionaries, arrays and
/// scalars) that a schema of places does not allow: the walk behind the library files and the
/// app's request bodies, which refuse a field Sealed does not know rather than drop it.
package enum JSONUnknownField {
  /// A field found at a place that does not allow it.
  package struct Found: Equatable, Sendable {
    /// The place: `""` the top object, `"pool"` the object under `pool`, `"cards[]"` each
    /// object of the array `cards`, `"pool.boosters[].cards[]"`.
    package var place: String
    /// The field's name.
    package var key: String
    /// Its path with the arrays' indices: `pool.boosters[2].cards[0].foil`.
    package var path: String
  }

  /// The first field of `value` that `places` (the fields each place allows) does not allow:
  /// an object's own fields in key order first, then their values in key order, depth first.
  /// Objects at a place `places` does not name are not looked into. Nil when every field is
  /// allowed. Cost: one walk of the value, the keys of each object sorted.
  package static func first(in value: Any, places: [String: [String]]) -> Found? {
    first(in: value, place: "", path: "", places: places)
  }

  private static func first(in value: Any, place: String, path: String, places: [String: [String]]) -> Found? {
    if let array = value as? [Any] {
      for (index, element) in array.enumerated() {
        if let found = first(in: element, place: place + "[]", path: "\(path)[\(index)]", places: places) { return found }
      }
      return nil
    }
    guard let object = value as? [String: Any], let allowed = places[place] else { return nil }
    let keys = object.keys.sorted()
    if let key = keys.first(where: { !allowed.contains($0) }) {
      return Found(place: place, key: key, path: joined(path, key))
    }
    for key in keys {
      if let found = first(in: object[key]!, place: joined(place, key), path: joined(path, key), places: places) { return found }
    }
    return nil
  }

  private static func joined(_ prefix: String, _ key: String) -> String {
    prefix.isEmpty ? key : prefix + "." + key
  }
}
