import Foundation

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
    guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
    try check(top, deck, at: "", what: "a deck file")
    try each(top["cards"], at: "cards") { card, here throws(FieldProblem) in
      try check(card, deckCard, at: here, what: "a deck's card")
    }
    if let pool = top["pool"] as? [String: Any] { try checkPool(pool, at: "pool.", allowed: Self.pool) }
  }

  /// Throws for the first field of a pool file's JSON that is not one of these.
  static func checkPool(_ data: Data) throws(FieldProblem) {
    guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
    try checkPool(top, at: "", allowed: pool.union(header))
  }

  private static func checkPool(_ object: [String: Any], at prefix: String, allowed: Set<String>) throws(FieldProblem) {
    try check(object, allowed, at: prefix, what: prefix.isEmpty ? "a pool file" : "a deck's pool")
    try each(object["boosters"], at: prefix + "boosters") { booster, here throws(FieldProblem) in
      try check(booster, Self.booster, at: here, what: "a booster")
      try each(booster["cards"], at: here + "cards") { card, there throws(FieldProblem) in
        try check(card, boosterCard, at: there, what: "a booster's card")
      }
    }
    try each(object["cards"], at: prefix + "cards") { card, here throws(FieldProblem) in
      try check(card, poolCard.union(["copies"]), at: here, what: "a pool's card")
    }
    try each(object["basic_lands"], at: prefix + "basic_lands") { land, here throws(FieldProblem) in
      try check(land, poolCard, at: here, what: "a basic land")
    }
  }

  /// Calls `body` with each object of the array `value` and its field path's prefix
  /// (`cards[2].`).
  private static func each(
    _ value: Any?, at path: String, _ body: ([String: Any], String) throws(FieldProblem) -> Void
  ) throws(FieldProblem) {
    guard let array = value as? [Any] else { return }
    for (index, element) in array.enumerated() {
      if let object = element as? [String: Any] { try body(object, "\(path)[\(index)].") }
    }
  }

  private static func check(_ object: [String: Any], _ allowed: Set<String>, at prefix: String, what: String) throws(FieldProblem) {
    guard let unknown = object.keys.filter({ !allowed.contains($0) }).sorted().first else { return }
    throw FieldProblem(
      prefix + unknown,
      "not a field of \(what) (Sealed would drop it the next time it writes the file); \(what) holds \(allowed.sorted().joined(separator: ", "))")
  }
}
