import SealedSupport

/// The rows of a CSV that lists opened cards: the pack file `sealed open --format csv` writes
/// (`booster,set,collector_number,name,foil`) and `pools.csv`, the samples of `sealed simulate
/// --samples`, which carries those columns among its own. One function writes a card's values for
/// both, so the two files cannot drift: a column of the pack file is in every layout, filled the
/// same way. Cost: a row is one string built from its fields.
package struct PackCSVLayout: Sendable {
  /// The columns of the pack file's CSV layout, in its order; every layout holds them all.
  package static let cardColumns = ["booster", "set", "collector_number", "name", "foil"]

  /// The pack file's layout.
  package static let packFile = PackCSVLayout(header: cardColumns, extraColumns: [])

  /// The columns, in order.
  package let header: [String]
  private let sources: [Source]

  private enum Source: Sendable {
    case booster, set, number, name, foil
    case extra(Int)
  }

  /// A layout with the columns `header`: each of `cardColumns` once, and each of `extraColumns`
  /// (whose values every row gives, in the order of `extraColumns`). A header that leaves out a
  /// card column or names a column of neither list is a programming error.
  package init(header: [String], extraColumns: [String]) {
    precondition(Set(Self.cardColumns).isSubset(of: header), "a layout of opened cards holds every pack-file column")
    self.header = header
    sources = header.map { column -> Source in
      switch column {
      case "booster": return .booster
      case "set": return .set
      case "collector_number": return .number
      case "name": return .name
      case "foil": return .foil
      default:
        guard let index = extraColumns.firstIndex(of: column) else { preconditionFailure("unknown column \(column)") }
        return .extra(index)
      }
    }
  }

  /// The header line, with its line feed.
  package var headerLine: String { header.map(Self.quoted).joined(separator: ",") + "\n" }

  /// One row, with its line feed: `card`'s set, collector number, name and finish (`true`,
  /// `false`, or nothing when unknown), `booster` and the `extra` values. Nil when the card has
  /// no set or collector number, which the layout needs.
  package func row(booster: String, card: ListedCard, extra: [String] = []) -> String? {
    guard let set = card.setCode, let number = card.collectorNumber else { return nil }
    let fields = sources.map { source -> String in
      switch source {
      case .booster: booster
      case .set: set
      case .number: number
      case .name: card.name ?? ""
      case .foil: card.foil.map { $0 ? "true" : "false" } ?? ""
      case .extra(let index): extra[index]
      }
    }
    return fields.map(Self.quoted).joined(separator: ",") + "\n"
  }

  /// A CSV field, quoted when RFC 4180 requires it (`CSVField.needsQuotes`), when it holds any
  /// other line break (a vertical tab, form feed, U+0085, U+2028 or U+2029) or when it begins or
  /// ends with a space (which a reader may trim); each quote doubled, byte by byte.
  static func quoted(_ field: String) -> String {
    let space = UInt8(ascii: " ")
    let needs = CSVField.needsQuotes(field) || field.utf8.first == space || field.utf8.last == space
      || field.contains { $0.isNewline }
    return needs ? CSVField.quoted(field) : field
  }
}
