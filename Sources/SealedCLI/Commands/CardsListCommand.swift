import ArgumentParser
import Foundation
import SealedCore

/// `sealed cards list`: the sets available and where each comes from.
struct CardsListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the sets available, where each comes from (shipped, fetched, given) and its warnings.")

  @OptionGroup var cardOptions: CardOptions

  @Option(help: "Output format: text (a table), csv or json.")
  var format: ListingFormat = .text

  func run() throws {
    let location = try CardDataLocation.resolve(option: cardOptions.cards)
    let database = try location.load()
    var origins: [String: (origin: String, source: String, file: String)] = [:]
    switch location.kind {
    case .given(let path, let givenBy):
      for code in database.setCodes { origins[code] = ("given", "by \(givenBy)", path) }
    case .layered(let store, _):
      for entry in location.availableSets() {
        let source = entry.origin == "shipped"
          ? "shipped with Sealed (Scryfall; 2019)" : store.source(ofSet: entry.code) ?? "put there by hand"
        origins[entry.code] = (entry.origin, source, entry.file)
      }
    }
    let rows = database.setCodes.map { code -> [String] in
      let summary = SetSummary(CardSet(code: code, cards: database.cardsBySet[code] ?? []))
      let origin = origins[code] ?? ("given", "", "")
      return [
        code, summary.name, String(summary.cards), origin.origin, origin.source, origin.file,
        summary.warnings.joined(separator: "; "),
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
