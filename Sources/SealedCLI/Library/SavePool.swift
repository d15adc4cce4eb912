import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedDecks

/// `sealed open --save NAME`: the pool and a deck started from it, saved together.
enum SavePool {
  /// Checks the name before anything is opened, so that a taken name costs nothing.
  static func check(name: String, in library: Library, replacing: Bool) throws(DataError) {
    try Library.validate(name: name, for: .pool)
    guard !replacing else { return }
    for kind in Library.Kind.allCases where library.exists(kind, name) {
      throw DataError(
        "a \(kind.rawValue) named \"\(name)\" is already saved (\(library.file(kind, name))); choose another name or pass --force to replace it")
    }
  }

  /// Saves pool NAME and deck NAME (which starts with the pool's rares and mythics), both or
  /// neither, and says so on standard error.
  static func save(
    _ opened: OpenedPool, plan: BoosterPlan, seed: UInt64, set: CardSet, as name: String, in library: Library,
    replacing: Bool
  ) throws {
    let pool = SavedPool(
      opened: opened, plan: plan, seed: seed, setCards: set.cards, toolVersion: SealedCommand.version)
    let deck = Deck(name: name, pool: pool, poolName: name)
    try library.withLock {
      try library.save([Library.file(for: pool, named: name), Library.file(for: deck)], replacing: replacing)
    }
    Note.write(
      "saved pool \(name) and deck \(name) (\(deck.size) cards: its rares and mythics) in \(library.path); next: sealed deck show \(name)")
  }
}
