import ArgumentParser
import SealedCore

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

  @Option(help: ArgumentHelp("Copies of each card.", valueName: "n"))
  var count: Int = 1

  func run() throws {
    try DeckEdit.apply(to: name, cards: cards, count: count, adding: false)
  }
}
