import ArgumentParser
import SealedSupport
import SealedDecks

/// `sealed deck duplicate NAME NEW`.
struct DeckDuplicateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "duplicate",
    abstract: "Copy a deck under a new name, to try another build of the same pool.")

  @Argument(help: "The deck to copy.")
  var name: String

  @Argument(help: "The copy's name.")
  var new: String

  @Flag(help: "Replace a saved deck named NEW.")
  var force = false

  func run() throws {
    try Library.validate(name: new, for: .deck)
    guard new != name else { throw DataError("the copy needs a name other than \(name)") }
    let library = Library.fromEnvironment()
    let deck = try library.withLock(creating: false) { () throws -> Deck in
      var deck = try library.deck(name)
      deck.name = new
      try library.save([Library.file(for: deck)], replacing: force)
      return deck
    }
    print("Deck \(new): a copy of \(name) (\(DeckSummary(deck).sizeNote))")
  }
}
