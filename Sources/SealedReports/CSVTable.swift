import Foundation
import SealedSupport

/// A table written as RFC 4180 CSV: UTF-8, comma separated, a header row, LF line ends,
/// fields quoted only when they hold a comma, a quote or a line break.
package struct CSVTable: Sendable, Equatable {
  package var header: [String]
  package private(set) var rows: [[String]] = []

  /// A table with the given header and no rows yet.
  package init(header: [String]) {
    self.header = header
  }

  /// Appends a row; it must have as many fields as the header.
  package mutating func append(_ row: [String]) {
    precondition(row.count == header.count, "CSV row has \(row.count) fields, header has \(header.count)")
    rows.append(row)
  }

  /// The CSV text, ending with a line feed.
  package var text: String {
    var text = ""
    for row in [header] + rows {
      text += row.map(Self.quote).joined(separator: ",")
      text += "\n"
    }
    return text
  }

  /// Quotes a field when RFC 4180 requires it.
  package static func quote(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return field
    }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
