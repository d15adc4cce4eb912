import ArgumentParser
import Foundation
import SealedSupport
import SealedDecks
import SealedJobs

/// `sealed hand NAME`: sample opening hands and the exact land odds.
struct HandCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hand",
    abstract: "Draw sample opening hands from a deck and show the exact odds of lands.",
    discussion: """
      A hand is 7 cards drawn without replacement; the same seed gives the same hands, each a \
      new shuffle of the deck, so hand k + 1 is the hand after k London mulligans (sealed \
      serve's Mulligan deals it). The \
      odds are exact, from GSL's hypergeometric distribution: the chance of 0 to 7 lands in the \
      opening hand, and of at least k lands among the cards seen by turns 2, 3 and 4 (on the \
      play 7 + T - 1 cards, on the draw 7 + T). A land is a card whose front face is a Land.
      """)

  @Argument(help: "The deck's name.")
  var name: String

  @OptionGroup var seedOption: SeedOption

  @Option(parsing: .unconditional, help: ArgumentHelp("Sample hands to draw (1 to \(Self.maximumDraws); 10, 1e2).", valueName: "n"))
  var draws: WholeNumber = WholeNumber(1)

  @Option(help: "Output format: text or json.")
  var format: HandFormat = .text

  enum HandFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  static let maximumDraws = 1000

  func run() throws {
    let draws = try self.draws.value("--draws", in: 1...Self.maximumDraws, unit: "hands")
    let (seed, given) = try seedOption.resolve()
    let deck = try Library.fromEnvironment().deck(name)
    if let note = deck.lackingDataNote("a hand counts none of them as a land") { Note.write("note: \(note)") }
    let job = try HandJob(deck: deck, seed: seed, draws: draws, addCards: "add cards with 'sealed deck add \(name) CARD'")
    let outcome = try job.run()
    seedOption.noteRandom((seed, given))
    let report = HandReport(job: job, outcome: outcome)
    switch format {
    case .json: print(JSONOutput.encode(report.json), terminator: "")
    case .text: print(report.text(terminal: .standardOutput), terminator: "")
    }
  }
}
