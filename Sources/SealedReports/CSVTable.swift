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

  /// The CSV text, ending with a line feed. Cost: one pass over the fields' bytes, gathered in
  /// one byte buffer and made a `String` once.
  package var text: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(estimatedByteCount + 64)
    Self.append(header, to: &bytes)
    for row in rows { Self.append(row, to: &bytes) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The fields' bytes plus a separator or line end each: the text's length when nothing is
  /// quoted.
  private var estimatedByteCount: Int {
    func count(_ row: [String]) -> Int { row.reduce(0) { $0 + $1.utf8.count + 1 } }
    return rows.reduce(count(header)) { $0 + count($1) }
  }

  private static func append(_ row: [String], to bytes: inout [UInt8]) {
    var first = true
    for field in row {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      if CSVField.needsQuotes(field) {
        bytes += CSVField.quoted(field).utf8
      } else {
        bytes += field.utf8
      }
    }
    bytes.append(UInt8(ascii: "\n"))
  }

  /// Quotes a field when RFC 4180 requires it, each quote doubled (byte by byte: a quote
  /// followed by a combining mark is one `Character`, and is doubled all the same).
  package static func quote(_ field: String) -> String { CSVField.quotedIfNeeded(field) }
}
