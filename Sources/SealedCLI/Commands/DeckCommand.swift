import ArgumentParser

/// `sealed deck`: build and look at the decks in the library.
struct DeckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deck",
    abstract: "Build a deck from a saved pool: show, add, remove, new, duplicate, delete.",
    discussion: """
      Decks live in the library folder ($SEALED_HOME, else $XDG_DATA_HOME/sealed, else \
      ~/.local/share/sealed), one JSON \
      file each, with a copy of the pool they were built from. 'sealed open SET --save NAME' \
      saves a pool and starts deck NAME with the pool's rares and mythics.
      """,
    subcommands: [
      DeckShowCommand.self, DeckAddCommand.self, DeckRemoveCommand.self, DeckNewCommand.self,
      DeckDuplicateCommand.self, DeckDeleteCommand.self,
    ]
  )
}
