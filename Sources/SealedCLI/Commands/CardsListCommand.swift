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
    print(Self.render(entries, as: format), terminator: "")
  }

  static let header = ["code", "name", "cards", "origin", "source", "file", "warnings"]

  static func render(_ entries: [SetCatalog.Entry], as format: ListingFormat) -> String {
    let rows = entries.map { entry -> [String] in
      [
        entry.summary.code, entry.summary.name, String(entry.summary.cards), entry.origin.rawValue, entry.source, entry.file,
        entry.summary.warnings.joined(separator: "; "),
      ]
    }
    switch format {
    case .csv:
      var table = CSVTable(header: header)
      rows.forEach { table.append($0) }
      return table.text
    case .json:
      return JSONOutput.encode(rows.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) })
    case .text:
      // The source, the file and the warnings go under each set's row, one a line: as columns
      // they made every line hundreds of characters wide.
      var table = TextTable(header.prefix(4).map { ($0, $0 == "cards" ? .right : .left) })
      for (row, entry) in zip(rows, entries) {
        let notes = [("source: ", entry.source), ("file: ", entry.file)].filter { !$0.1.isEmpty }.map { $0.0 + $0.1 }
        table.append(Array(row.prefix(4)), notes: notes + entry.summary.warnings)
      }
      return table.text
    }
  }
}
