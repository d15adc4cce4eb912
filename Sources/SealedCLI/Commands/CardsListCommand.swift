import ArgumentParser
import Foundation
import SealedSupport
import SealedCards
import SealedReports

/// `sealed cards list`: the sets available and where each comes from.
struct CardsListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the sets available, where each comes from (shipped, fetched, imported, local, given) and its warnings.")

  @OptionGroup var cardOptions: CardOptions

  @Option(help: "Output format: text (a table), csv or json.")
  var format: ListingFormat = .text

  @Argument(help: "Only these sets (default: every set available).")
  var sets: [String] = []

  func run() throws {
    let location = try CardDataLocation.resolve(option: cardOptions.cards)
    let entries = try SetCatalog.entries(of: location, sets: sets.isEmpty ? nil : sets)
    let rows = entries.map { entry -> [String] in
      [
        entry.summary.code, entry.summary.name, String(entry.summary.cards), entry.origin.rawValue, entry.source, entry.file,
        entry.summary.warnings.joined(separator: "; "),
      ]
    }
    print(Self.render(rows, as: format), terminator: "")
  }

  static let header = ["code", "name", "cards", "origin", "source", "file", "warnings"]

  static func render(_ rows: [[String]], as format: ListingFormat) -> String {
    switch format {
    case .csv:
      var table = CSVTable(header: header)
      rows.forEach { table.append($0) }
      return table.text
    case .json:
      return JSONOutput.encode(rows.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) })
    case .text:
      var table = TextTable(header.map { ($0, $0 == "cards" ? .right : .left) })
      rows.forEach { table.append($0) }
      return table.text
    }
  }
}
