import ArgumentParser
import SealedSupport
import SealedDecks

/// The shared part of `deck add` and `deck remove`: the library edits the deck
/// (`Library.editDeck`); this prints each change and the deck's size.
enum DeckEdit {
  static func apply(to name: String, cards queries: [String], count: Int, adding: Bool) throws {
    guard !queries.isEmpty else { throw ValidationError("expected at least one card") }
    let (deck, changes) = try Library.fromEnvironment().editDeck(name, cards: queries, count: count, adding: adding)
    for change in changes {
      let limit = change.opened.map { "\($0) opened" } ?? "unlimited"
      print("\(adding ? "+" : "-")\(change.count) \(change.card.name) (\(change.held) in the deck, \(limit))")
    }
    print("Deck \(deck.name): \(DeckSummary(deck).sizeNote)")
  }
}
