import ArgumentParser
import Foundation
import SealedSupport
import SealedCards
import SealedReports

/// `sealed sets`: one row per set in the card data.
struct SetsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sets",
    abstract: "List the sets in the card data with their booster range and rarity counts.",
    discussion: """
      Counts are of non-basic cards inside the booster range (collector numbers 1...N, N the \
      highest basic land). The warnings say what each set's data lacks: partial sets, \
      missing collector numbers, cards without type line or colours, missing printings (in the \
      text table, one a line under the set's row; a column in csv and json). Sets \
      the field's booster data names but no shipped data holds are listed with 0 cards.
      """)

  @OptionGroup var cardOptions: CardOptions

  @Option(help: "Output format: text (a table), csv or json.")
  var format: ListingFormat = .text

  @Argument(help: "Only these sets (default: every set).")
  var sets: [String] = []

  func run() throws {
    let location = try CardDataLocation.resolve(option: cardOptions.cards)
    let entries = try SetCatalog.entries(of: location, sets: sets.isEmpty ? nil : sets, includeEmpty: true)
    print(Self.render(entries.map(\.summary), as: format), terminator: "")
  }

  static let header = [
    "code", "name", "cards", "booster_max", "commons", "uncommons", "rares", "mythics",
    "basic_lands", "warnings",
  ]

  static func render(_ summaries: [SetSummary], as format: ListingFormat) -> String {
    func fields(_ summary: SetSummary, missing: String) -> [String] {
      let optional = { (value: Int?) in value.map(String.init) ?? missing }
      return [
        summary.code, summary.name, String(summary.cards), optional(summary.boosterMax),
        optional(summary.commons), optional(summary.uncommons), optional(summary.rares),
        optional(summary.mythics), String(summary.basicLands),
      ]
    }
    switch format {
    case .csv:
      var table = CSVTable(header: header)
      for summary in summaries {
        table.append(fields(summary, missing: "") + [summary.warnings.joined(separator: "; ")])
      }
      return table.text
    case .json:
      return JSONOutput.encode(summaries.map(SetSummary.JSONRow.init))
    case .text:
      // The warnings go under each set's row, one a line: as a column they made every line
      // hundreds of characters wide.
      var table = TextTable(header.dropLast().map { ($0, $0 == "code" || $0 == "name" ? .left : .right) })
      for summary in summaries {
        table.append(fields(summary, missing: "-"), notes: summary.warnings)
      }
      return table.text
    }
  }
}
