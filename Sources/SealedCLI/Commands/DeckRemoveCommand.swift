import ArgumentParser
import SealedSupport
import SealedDecks

/// `sealed deck remove NAME CARD...`.
struct DeckRemoveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Take cards out of a deck (they go back to the pool).",
    discussion: "Cards are named as for 'sealed deck add'. With several cards, either all come out or none does.")

  @Argument(help: "The deck's name.")
  var name: String

  @Argument(help: "Cards: names, beginnings of names or collector numbers.")
  var cards: [String]

  @Option(parsing: .unconditional, help: ArgumentHelp("Copies of each card (1 to \(Deck.maximumCards)).", valueName: "n"))
  var count: WholeNumber = WholeNumber(1)

  func run() throws {
    try DeckEdit.apply(to: name, cards: cards, count: count.value("--count", in: 1...Deck.maximumCards, unit: "copies"), adding: false)
  }
}
