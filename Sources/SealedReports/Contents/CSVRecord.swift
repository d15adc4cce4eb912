import Foundation
import SealedVerdicts
import SealedSupport

/// One row of a report's CSV file read back (`sealed report DIR`): its fields by column, and
/// typed reads that name the file, the line and the column of a field that is not what the
/// file's writer writes. A column the file lacks (an older Sealed's) reads as empty where the
/// value may be missing, and is an error where it may not.
package struct CSVRecord {
  /// A header's columns by name (the first of two equal names wins).
  package struct Columns: Sendable {
    let names: [String]
    let index: [String: Int]

    init(_ names: [String]) {
      self.names = names
      index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  let file: String
  let line: Int
  let header: Columns
  let fields: [String]

  init(file: String, line: Int, columns: Columns, fields: [String]) {
    self.file = file
    self.line = line
    header = columns
    self.fields = fields
  }

  /// The file's columns, in order.
  var columns: [String] { header.names }

  /// The field of `column`, or nil when the file has no such column.
  func optionalText(_ column: String) -> String? { header.index[column].map { fields[$0] } }

  /// The field of `column`, empty when the file has no such column (a check-products run's
  /// page prints what its files hold).
  package subscript(_ column: String) -> String { optionalText(column) ?? "" }

  /// The rows of `table`, each read by column name; `file` names the file in errors.
  package static func records(of table: CSVTable, file: String) -> [CSVRecord] {
    let columns = Columns(table.header)
    return table.rows.enumerated().map { CSVRecord(file: file, line: $0.offset + 2, columns: columns, fields: $0.element) }
  }

  func text(_ column: String) throws(DataError) -> String {
    guard let text = optionalText(column) else {
      throw DataError("no column \(column); expected the columns \(Self.expected(file))", at: DataError.location(file, line: line))
    }
    return text
  }

  func error(_ column: String, expected: String) -> DataError {
    DataError("column \(column): expected \(expected), got \"\(optionalText(column) ?? "")\"", at: DataError.location(file, line: line))
  }

  /// A number as `CSVNumber.format` writes it; nil for an empty field or an absent column.
  func number(_ column: String) throws(DataError) -> Double? {
    guard let text = optionalText(column), !text.isEmpty else { return nil }
    guard let value = Double(text) else { throw error(column, expected: "a number or nothing") }
    return value
  }

  func requiredNumber(_ column: String) throws(DataError) -> Double {
    guard let value = try Double(text(column)) else { throw error(column, expected: "a number") }
    return value
  }

  /// A count: every whole-number column Sealed writes is 0 or more.
  func integer(_ column: String) throws(DataError) -> Int {
    guard let value = try Int(text(column)), value >= 0 else { throw error(column, expected: "a whole number, 0 or more") }
    return value
  }

  /// A whole number; nil for an empty field or an absent column.
  func optionalInteger(_ column: String) throws(DataError) -> Int? {
    guard let text = optionalText(column), !text.isEmpty else { return nil }
    guard let value = Int(text) else { throw error(column, expected: "a whole number or nothing") }
    return value
  }

  /// One of an enumeration's values, spelled as the file writes it.
  func value<Value: RawRepresentable & CaseIterable>(_ column: String) throws(DataError) -> Value
  where Value.RawValue == String {
    guard let value = Value(rawValue: try text(column)) else {
      throw error(column, expected: Value.allCases.map(\.rawValue).joined(separator: ", ").replacingLast(", ", with: " or "))
    }
    return value
  }

  /// An audit check's method, in the words `CheckMethod.text` writes; nil for an empty field
  /// or an absent column (a check file's).
  func method(_ column: String) throws(DataError) -> CheckMethod? {
    guard let text = optionalText(column), !text.isEmpty else { return nil }
    guard let method = CheckMethod(text: text) else {
      throw error(column, expected: "a method as audit.csv writes it (docs/audit.md lists them)")
    }
    return method
  }

  /// `yes` or `no`.
  func flag(_ column: String) throws(DataError) -> Bool {
    switch try text(column) {
    case "yes": return true
    case "no": return false
    default: throw error(column, expected: "yes or no")
    }
  }

  /// The registry's columns of the file at `path`, for an error.
  private static func expected(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return ReportFile(rawValue: name).map { $0.columns.joined(separator: ",") } ?? "of a Sealed report"
  }
}

extension String {
  /// The text with the last `target` replaced.
  fileprivate func replacingLast(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target, options: .backwards) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
