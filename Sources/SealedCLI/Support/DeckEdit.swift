import ArgumentParser
import SealedSupport
import SealedDecks

/// The shared part of `deck add` and `deck remove`.
enum DeckEdit {
  static func apply(to name: String, cards queries: [String], count: Int, adding: Bool) throws {
    guard !queries.isEmpty else { throw ValidationError("expected at least one card") }
    let library = Library.fromEnvironment()
    // Read, change and write back under the library lock: concurrent edits all count.
    let (deck, changes) = try library.withLock(creating: false) { () throws -> (Deck, [String]) in
      var deck = try library.deck(name)
      // A card named twice ("#73" "#73") counts twice: total the copies per card first.
      var edits: [(card: PoolCard, count: Int)] = []
      for query in queries {
        let card = try deck.findCard(query)
        if let index = edits.firstIndex(where: { $0.card.id == card.id }) {
          edits[index].count += count
        } else {
          edits.append((card, count))
        }
      }
      var changes: [String] = []
      for (card, count) in edits {
        if adding {
          try deck.add(card, count: count)
        } else {
          try deck.remove(card, count: count)
        }
        let held = deck.copies(of: card)
        let limit = deck.opened(card).map { "\($0) opened" } ?? "unlimited"
        changes.append("\(adding ? "+" : "-")\(count) \(card.name) (\(held) in the deck, \(limit))")
      }
      try library.saveChanged(deck)
      return (deck, changes)
    }
    for change in changes { print(change) }
    print("Deck \(deck.name): \(DeckSummary(deck).sizeNote)")
  }
}
