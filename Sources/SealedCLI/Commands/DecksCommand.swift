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

  struct Row: Encodable {
    let kind: String
    let name: String
    let set: String?
    let set_name: String?
    let rules: String?
    let seed: UInt64?
    let cards: Int?
    let note: String
    let created_at: String?
  }

  func run() throws {
    let library = Library.fromEnvironment()
    var rows: [Row] = []
    for name in library.names(.pool) {
      do {
        let pool = try library.pool(name)
        rows.append(
          Row(
            kind: "pool", name: name, set: pool.set, set_name: pool.setName, rules: pool.rules, seed: pool.seed,
            cards: pool.openedCount, note: "\(pool.boosters.count) boosters", created_at: pool.createdAt))
      } catch {
        rows.append(Row(kind: "pool", name: name, set: nil, set_name: nil, rules: nil, seed: nil, cards: nil, note: "unreadable: \(error.description)", created_at: nil))
      }
    }
    for name in library.names(.deck) {
      do {
        let deck = try library.deck(name)
        let summary = DeckSummary(deck)
        let note = "pool \(deck.poolName) · \(summary.sizeNote)" + (summary.colorIdentity.isEmpty ? "" : " · \(summary.colorIdentity)")
        rows.append(
          Row(
            kind: "deck", name: name, set: deck.pool.set, set_name: deck.pool.setName, rules: deck.pool.rules,
            seed: deck.pool.seed, cards: deck.size, note: note, created_at: deck.createdAt))
      } catch {
        rows.append(Row(kind: "deck", name: name, set: nil, set_name: nil, rules: nil, seed: nil, cards: nil, note: "unreadable: \(error.description)", created_at: nil))
      }
    }
    switch format {
    case .json:
      print(JSONOutput.encode(rows), terminator: "")
    case .csv:
      var table = CSVTable(header: ["kind", "name", "set", "set_name", "rules", "seed", "cards", "note", "created_at"])
      for row in rows {
        table.append([
          row.kind, row.name, row.set ?? "", row.set_name ?? "", row.rules ?? "", row.seed.map(String.init) ?? "",
          row.cards.map(String.init) ?? "", row.note, row.created_at ?? "",
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
          row.kind, row.name, row.set ?? "-", row.rules ?? "-", row.seed.map(String.init) ?? "-",
          row.cards.map(String.init) ?? "-", row.note,
        ])
      }
      print("Library: \(library.path)\n")
      print(table.text, terminator: "")
    }
  }
}
