import ArgumentParser
import Foundation
import SealedSupport
import SealedReports
import SealedDecks

/// `sealed decks`: the saved pools and decks.
struct DecksCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "decks",
    abstract: "List the saved pools and decks.",
    discussion: """
      The library folder is $SEALED_HOME, else $XDG_DATA_HOME/sealed, else \
      ~/.local/share/sealed. A file that cannot be read is listed with the reason.
      """)

  @Option(help: "Output format: text (a table), csv or json.")
  var format: ListingFormat = .text

  func run() throws {
    let library = Library.fromEnvironment()
    try SealedHome.requireFolder(library.path)
    let rows = library.listing()
    switch format {
    case .json:
      print(JSONOutput.encode(rows), terminator: "")
    case .csv:
      var table = CSVTable(header: ["kind", "name", "set", "set_name", "rules", "seed", "cards", "note", "created_at"])
      for row in rows {
        table.append([
          row.kind.rawValue, row.name, row.set ?? "", row.setName ?? "", row.rules ?? "", row.seed.map(String.init) ?? "",
          row.cards.map(String.init) ?? "", row.note, row.createdAt ?? "",
        ])
      }
      print(table.text, terminator: "")
    case .text:
      guard !rows.isEmpty else {
        print("No saved pools or decks in \(library.path). Save one with: sealed open SET --seed N --save NAME")
        return
      }
      var table = TextTable([
        ("kind", .left), ("name", .left), ("set", .left), ("rules", .left), ("seed", .right), ("cards", .right),
        ("note", .left),
      ])
      for row in rows {
        table.append([
          row.kind.rawValue, row.name, row.set ?? "-", row.rules ?? "-", row.seed.map(String.init) ?? "-",
          row.cards.map(String.init) ?? "-", row.note,
        ])
      }
      print("Library: \(library.path)\n")
      print(table.text, terminator: "")
    }
  }
}
