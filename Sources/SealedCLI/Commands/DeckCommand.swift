import ArgumentParser
import Foundation
import SealedSupport
import SealedDecks

/// `sealed deck`: build and look at the decks in the library.
struct DeckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deck",
    abstract: "Build a deck from a saved pool: show, add, remove, new, duplicate, delete.",
    discussion: """
      Decks live in the library folder ($SEALED_HOME, else ~/.local/share/sealed), one JSON \
      file each, with a copy of the pool they were built from. 'sealed open SET --save NAME' \
      saves a pool and starts deck NAME with the pool's rares and mythics.
      """,
    subcommands: [
      DeckShowCommand.self, DeckAddCommand.self, DeckRemoveCommand.self, DeckNewCommand.self,
      DeckDuplicateCommand.self, DeckDeleteCommand.self,
    ]
  )
}

extension Library {
  /// Saves a changed deck over its file, stamping the time of the change.
  func saveChanged(_ deck: Deck) throws(DataError) {
    var deck = deck
    deck.modifiedAt = Date().formatted(.iso8601)
    try save([Library.file(for: deck)], replacing: true)
  }
}
