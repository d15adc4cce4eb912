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
    let places = ["": Array(deck), "cards[]": Array(deckCard)].merging(poolPlaces(under: "pool", top: pool)) { $1 }
    try check(data, places: places, names: ["": "a deck file", "cards[]": "a deck's card", "pool": "a deck's pool"])
  }

  /// Throws for the first field of a pool file's JSON that is not one of these.
  static func checkPool(_ data: Data) throws(FieldProblem) {
    try check(data, places: poolPlaces(under: "", top: pool.union(header)), names: ["": "a pool file"])
  }

  /// A saved pool's places, under `name` (`""` for a pool file's top).
  private static func poolPlaces(under name: String, top: Set<String>) -> [String: [String]] {
    let prefix = name.isEmpty ? "" : name + "."
    return [
      name: Array(top), prefix + "boosters[]": Array(booster), prefix + "boosters[].cards[]": Array(boosterCard),
      prefix + "cards[]": Array(poolCard.union(["copies"])), prefix + "basic_lands[]": Array(poolCard),
    ]
  }

  /// What a place holds, in the words of a message: `names`, else by the place's last part.
  private static func name(of place: String, names: [String: String]) -> String {
    if let name = names[place] { return name }
    if place.hasSuffix("boosters[]") { return "a booster" }
    if place.hasSuffix("boosters[].cards[]") { return "a booster's card" }
    if place.hasSuffix("basic_lands[]") { return "a basic land" }
    return "a pool's card"
  }

  private static func check(_ data: Data, places: [String: [String]], names: [String: String]) throws(FieldProblem) {
    guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let found = JSONUnknownField.first(in: top, places: places)
    else { return }
    let what = name(of: found.place, names: names)
    let allowed = (places[found.place] ?? []).sorted().joined(separator: ", ")
    throw FieldProblem(found.path, "not a field of \(what) (Sealed would drop it the next time it writes the file); \(what) holds \(allowed)")
  }
}
