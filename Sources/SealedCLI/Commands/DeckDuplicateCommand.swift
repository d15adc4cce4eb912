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
    let deck = try Library.fromEnvironment().duplicateDeck(name, as: new, replacing: force)
    print("Deck \(new): a copy of \(name) (\(DeckSummary(deck).sizeNote))")
  }
}
