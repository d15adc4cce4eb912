/// RFC 4180 quoting of one CSV field, looked at byte by byte: in Swift a CR LF pair is one
/// `Character`, as is a quote that a combining mark follows, so a test by `Character` misses
/// both and a reader would see the field end early.
package enum CSVField {
  private static let quote = UInt8(ascii: "\"")

  /// Whether RFC 4180 requires `field` to be quoted: it holds a comma, a quote, a line feed or
  /// a carriage return. Cost: one pass over its bytes.
  package static func needsQuotes(_ field: String) -> Bool {
    field.utf8.withContiguousStorageIfAvailable { $0.contains(where: isSpecial) } ?? field.utf8.contains(where: isSpecial)
  }

  private static func isSpecial(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == quote || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// `field` between quotes with each of its quotes doubled, whether or not it needs them.
  /// Cost: one pass over its bytes and one new string.
  package static func quoted(_ field: String) -> String {
    var bytes: [UInt8] = [quote]
    bytes.reserveCapacity(field.utf8.count + 8)
    for byte in field.utf8 {
      if byte == quote { bytes.append(quote) }
      bytes.append(byte)
    }
    bytes.append(quote)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `field` quoted when RFC 4180 requires it (`needsQuotes`), as it is otherwise.
  package static func quotedIfNeeded(_ field: String) -> String {
    needsQuotes(field) ? quoted(field) : field
  }
}
