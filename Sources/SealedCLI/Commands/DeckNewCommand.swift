import ArgumentParser
import SealedDecks

/// `sealed deck new NAME [--pool POOL]`.
struct DeckNewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new",
    abstract: "Start another deck from a saved pool, with the pool's rares and mythics in it.")

  @Argument(help: "The new deck's name.")
  var name: String

  @Option(help: ArgumentHelp("The saved pool (default: the pool named like the deck).", valueName: "name"))
  var pool: String?

  @Flag(help: "Replace a saved deck of the same name.")
  var force = false

  func run() throws {
    try Library.validate(name: name, for: .deck)
    let library = Library.fromEnvironment()
    let poolName = pool ?? name
    let deck = try library.withLock { () throws -> Deck in
      let saved = try library.pool(poolName)
      let deck = Deck(name: name, pool: saved, poolName: poolName)
      try library.save([Library.file(for: deck)], replacing: force)
      return deck
    }
    print("Deck \(name) from pool \(poolName): \(DeckSummary(deck).sizeNote) (its rares and mythics)")
  }
}
