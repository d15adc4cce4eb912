import Foundation
import SealedSupport

extension Library {
  /// One card's change in a deck edit: the copies added (or removed), and the copies the
  /// deck then holds out of those the pool opened (nil: a basic land, unlimited).
  package struct DeckChange: Sendable, Equatable {
    package var card: PoolCard
    package var count: Int
    package var held: Int
    package var opened: Int?
  }

  /// Adds (or, with `adding` false, removes) `count` copies of each card `queries` name to
  /// deck `name`, reading, changing and saving it under the library lock so that concurrent
  /// edits all count. A card named twice counts twice. Returns the deck as saved and each
  /// card's change; throws, saving nothing, when a card is unknown or a count would leave the
  /// pool's copies. Cost: one read and one atomic write of the deck file.
  package func editDeck(_ name: String, cards queries: [String], count: Int, adding: Bool) throws -> (Deck, [DeckChange]) {
    try withLock(creating: false) { () throws -> (Deck, [DeckChange]) in
      var deck = try deck(name)
      var edits: [(card: PoolCard, count: Int)] = []
      // Each query is resolved against a scratch copy as the ones before it left it (a name
      // spread over its printings sees the copies an earlier query took); the edits are then
      // made card by card, so that a card named twice is refused with its total.
      var scratch = deck
      for query in queries {
        for (card, copies) in try scratch.copiesToEdit(query, count: count, adding: adding) {
          if adding { try? scratch.add(card, count: copies) } else { try? scratch.remove(card, count: copies) }
          if let index = edits.firstIndex(where: { $0.card.id == card.id }) {
            edits[index].count += copies
          } else {
            edits.append((card, copies))
          }
        }
      }
      var changes: [DeckChange] = []
      for (card, count) in edits {
        if adding { try deck.add(card, count: count) } else { try deck.remove(card, count: count) }
        changes.append(DeckChange(card: card, count: count, held: deck.copies(of: card), opened: deck.opened(card)))
      }
      try saveChanged(&deck)
      return (deck, changes)
    }
  }

  /// Saves a changed deck over its file, stamping `deck` with the time of the change, so that
  /// what the caller holds afterwards is what the file holds. Cost: one atomic write of the
  /// deck file.
  package func saveChanged(_ deck: inout Deck) throws(DataError) {
    deck.modifiedAt = UTCTimestamp.seconds(Date())
    try save([Self.file(for: deck)], replacing: true)
  }

  /// Copies deck `name` as `new` under the library lock (`sealed deck duplicate`), refusing to
  /// replace a saved deck named `new` unless `replacing`. Returns the copy. Cost: one read and
  /// one atomic write of a deck file.
  package func duplicateDeck(_ name: String, as new: String, replacing: Bool) throws -> Deck {
    try Self.validate(name: new, for: .deck)
    guard new != name else { throw DataError("the copy needs a name other than \(name)") }
    return try withLock(creating: false) { () throws -> Deck in
      var deck = try deck(name)
      deck.name = new
      try save([Self.file(for: deck)], replacing: replacing)
      return deck
    }
  }
}
