import SealedSupport

/// Reads RFC 4180 CSV as Sealed writes it (quoted fields may hold commas, quotes and line
/// breaks; LF or CRLF line ends) back into records by column: only `sealed report DIR` reads a
/// report's CSV (`ReportContents.read(folder:)`). O(length of the text).
package enum CSVReader {
  /// `text` parsed as `parse` does, as a table of its header and rows (`sealed report` of a
  /// check-products run reads its CSV files back so).
  package static func table(_ text: String, name: String) throws(DataError) -> CSVTable {
    let (header, records) = try parse(text, name: name)
    var table = CSVTable(header: header)
    for record in records { table.append(record.fields) }
    return table
  }

  /// Parses `text`; `name` names the file in errors. A row with another number of fields than
  /// the header, or an unterminated quote, is an error naming the line. `checkHeader` sees the
  /// header first, so that a file of other columns is told as such rather than by its first
  /// row's field count.
  package static func parse(
    _ text: String, name: String, checkHeader: ([String]) throws(DataError) -> Void = { _ throws(DataError) in }
  ) throws(DataError) -> (header: [String], records: [CSVRecord]) {
    var records: [(line: Int, fields: [String])] = []
    var fields: [String] = []
    var field = ""
    var quoted = false
    var fieldStarted = false
    var line = 1
    var recordLine = 1
    var iterator = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    func next() -> Unicode.Scalar? {
      if let scalar = pending {
        pending = nil
        return scalar
      }
      return iterator.next()
    }
    while let scalar = next() {
      if quoted {
        if scalar == "\"" {
          let following = next()
          if following == "\"" {
            field.unicodeScalars.append("\"")
          } else {
            quoted = false
            pending = following
          }
        } else {
          if scalar == "\n" { line += 1 }
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where !fieldStarted:
        quoted = true
        fieldStarted = true
      case ",":
        fields.append(field)
        field = ""
        fieldStarted = false
      case "\r":
        continue
      case "\n":
        fields.append(field)
        records.append((recordLine, fields))
        fields = []
        field = ""
        fieldStarted = false
        line += 1
        recordLine = line
      default:
        field.unicodeScalars.append(scalar)
        fieldStarted = true
      }
    }
    if quoted { throw DataError("line \(recordLine): a quoted field is not closed", at: name) }
    if fieldStarted || !fields.isEmpty {
      fields.append(field)
      records.append((recordLine, fields))
    }
    guard let header = records.first else { throw DataError("the file is empty; expected a CSV header row", at: name) }
    try checkHeader(header.fields)
    let columns = CSVRecord.Columns(header.fields)
    var rows: [CSVRecord] = []
    for record in records.dropFirst() {
      guard record.fields.count == header.fields.count else {
        throw DataError("line \(record.line): \(record.fields.count) fields, expected \(header.fields.count) like the header", at: name)
      }
      rows.append(CSVRecord(file: name, line: record.line, columns: columns, fields: record.fields))
    }
    return (header.fields, rows)
  }
}
