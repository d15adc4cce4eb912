import SealedSupport
import SealedCards
import SealedRules
import SealedEngine

extension Library {
  /// Checks that a pool and deck can be saved as `name` (`sealed open --save NAME`): a valid
  /// name, and, unless `replacing`, no pool or deck saved under it. Call it before opening
  /// anything, so that a taken name costs nothing. Cost: a stat per kind.
  package func checkFreeName(_ name: String, replacing: Bool) throws(DataError) {
    try Self.validate(name: name, for: .pool)
    for kind in Kind.allCases where !exists(kind, name) { try requireNoCaseVariant(kind, of: name) }
    guard !replacing else { return }
    for kind in Kind.allCases where exists(kind, name) {
      throw DataError(
        "a \(kind.rawValue) named \"\(name)\" is already saved (\(file(kind, name))); choose another name or pass --force to replace it")
    }
  }

  /// Saves `opened` as pool `name` and a deck `name` started from it (its rares and mythics),
  /// both or neither, under the library lock; returns the deck. Cost: two small files written
  /// atomically.
  @discardableResult
  package func savePool(
    _ opened: OpenedPool, plan: BoosterPlan, seed: UInt64, boosterMax: Int? = nil, set: CardSet, as name: String,
    toolVersion: String, replacing: Bool
  ) throws -> Deck {
    let pool = SavedPool(opened: opened, plan: plan, seed: seed, boosterMax: boosterMax, setCards: set.cards, toolVersion: toolVersion)
    let deck = Deck(name: name, pool: pool, poolName: name)
    try withLock {
      try save([Self.file(for: pool, named: name), Self.file(for: deck)], replacing: replacing)
    }
    return deck
  }
}
