import ArgumentParser
import SealedSupport
import SealedDecks

/// `sealed deck add NAME CARD...`.
struct DeckAddCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add cards from the pool to a deck.",
    discussion: """
      A card is named by its name (case-insensitive; a unique beginning is enough) or its \
      collector number. A card goes in at most as often as it was opened; Plains, Island, \
      Swamp, Mountain and Forest go in any number. With several cards, either all go in or \
      none does.
      """)

  @Argument(help: "The deck's name.")
  var name: String

  @Argument(help: "Cards: names, beginnings of names or collector numbers.")
  var cards: [String]

  @Option(parsing: .unconditional, help: ArgumentHelp("Copies of each card (1 to \(Deck.maximumCards)).", valueName: "n"))
  var count: WholeNumber = WholeNumber(1)

  func run() throws {
    try DeckEdit.apply(to: name, cards: cards, count: count.value("--count", in: 1...Deck.maximumCards, unit: "copies"), adding: true)
  }
}
