import ArgumentParser
import SealedSupport
import SealedDecks

/// `sealed deck show NAME`.
struct DeckShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show a deck: its list, the card picker, mana curve, types, colours and size.",
    discussion: """
      The card picker lists every card of the pool with the copies opened and in the deck \
      (basic lands are unlimited). The mana curve counts nonland cards by mana value, 7 and \
      more together; the type breakdown counts each card once, by the first of land, creature, \
      planeswalker, instant, sorcery, enchantment, artifact among its types.
      """)

  @Argument(help: "The deck's name.")
  var name: String

  @Option(help: "Output format: text, json or csv.")
  var format: DeckFormat = .text

  enum DeckFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, csv
  }

  func run() throws {
    let deck = try Library.fromEnvironment().deck(name)
    if let note = deck.lackingDataNote("the curve, types and colours count them as colourless others of mana value 0") {
      Note.write("note: \(note)")
    }
    if let note = deck.missingCostNote { Note.write("note: \(note)") }
    switch format {
    case .text: print(DeckText.render(deck, terminal: .standardOutput), terminator: "")
    case .json: print(JSONOutput.encode(DeckJSON(deck)), terminator: "")
    case .csv: print(DeckJSON.csv(deck), terminator: "")
    }
  }
}
