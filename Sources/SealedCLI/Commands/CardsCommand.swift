import ArgumentParser

/// `sealed cards`: get card data for any set and see what is available.
struct CardsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cards",
    abstract: "Get card data for any set from Scryfall, and list what is available.",
    discussion: """
      Fetched and imported sets go to your card folder ($SEALED_HOME/cards, else \
      $XDG_DATA_HOME/sealed/cards, else ~/.local/share/sealed/cards), one JSON file per set, \
      and every command then reads them: a set there replaces the copy shipped with Sealed.
      """,
    subcommands: [CardsListCommand.self, CardsFetchCommand.self, CardsImportCommand.self]
  )
}
