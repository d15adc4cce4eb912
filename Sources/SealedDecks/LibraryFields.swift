import Foundation
import SealedSupport

/// The fields a library file may hold, place by place. A field Sealed does not know is refused in
/// one line naming it, not dropped: Sealed rewrites deck files (`sealed deck add`, the app's
/// edits), and a note added to a deck file by hand once vanished at the next edit.
enum LibraryFields {
  static let header: Set = ["format", "version"]
  static let deck: Set = ["format", "version", "pool_name", "created_at", "modified_at", "cards", "pool"]
  static let deckCard: Set = ["set", "collector_number", "name", "copies"]
  static let pool: Set = [
    "set", "set_name", "rules", "rules_sha256", "seed", "pool", "booster_max", "mythic_booster", "created_at", "tool_version",
    "boosters", "cards", "basic_lands",
  ]
  static let booster: Set = ["index", "cards"]
  static let boosterCard: Set = ["set", "collector_number", "name", "slot"]
  static let poolCard: Set = ["set", "collector_number", "name", "rarity", "type_line", "mana_cost", "mana_value", "colors", "image"]

  /// Throws for the first field of a deck file's JSON that is not one of these. Cost: one more
  /// parse of the file.
  static func checkDeck(_ data: Data) throws(FieldProblem) {
    let places = [
      "": Place("a deck file", deck), "cards[]": Place("a deck's card", deckCard),
    ].merging(poolPlaces(under: "pool", Place("a deck's pool", pool))) { $1 }
    try check(data, places: places)
  }

  /// Throws for the first field of a pool file's JSON that is not one of these.
  static func checkPool(_ data: Data) throws(FieldProblem) {
    try check(data, places: poolPlaces(under: "", Place("a pool file", pool.union(header))))
  }

  /// A place's fields and what it holds, in the words of a message.
  private struct Place {
    var name: String
    var fields: Set<String>
    init(_ name: String, _ fields: Set<String>) {
      self.name = name
      self.fields = fields
    }
  }

  /// A saved pool's places, its top (`top`) under `name` (`""` for a pool file's top).
  private static func poolPlaces(under name: String, _ top: Place) -> [String: Place] {
    let prefix = name.isEmpty ? "" : name + "."
    return [
      name: top, prefix + "boosters[]": Place("a booster", booster),
      prefix + "boosters[].cards[]": Place("a booster's card", boosterCard),
      prefix + "cards[]": Place("a pool's card", poolCard.union(["copies"])),
      prefix + "basic_lands[]": Place("a basic land", poolCard),
    ]
  }

  private static func check(_ data: Data, places: [String: Place]) throws(FieldProblem) {
    guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let found = JSONUnknownField.first(in: top, places: places.mapValues { Array($0.fields) }),
      let place = places[found.place]
    else { return }
    let allowed = place.fields.sorted().joined(separator: ", ")
    let reason = "not a field of \(place.name) (Sealed would drop it the next time it writes the file)"
    throw FieldProblem(found.path, "\(reason); \(place.name) holds \(allowed)")
  }
}
