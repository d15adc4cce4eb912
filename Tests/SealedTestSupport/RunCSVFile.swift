import Foundation

/// A report's `run.csv` read by hand, for tests that check what it records: its `command` row,
/// the command line that reproduces the run. Cost: one pass over the file.
package enum RunCSVFile {
  /// The value of the `command` row of `text` (a `run.csv` file's contents), unquoted as CSV
  /// (`CSVLine`); nil when it has no such row.
  package static func command(in text: String) -> String? {
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("command,") }) else { return nil }
    return CSVLine.fields(String(line)).dropFirst().joined(separator: ",")
  }

  /// The `command` row's value of the report in `folder`; nil when it has none.
  package static func command(ofReport folder: URL) throws -> String? {
    command(in: try String(contentsOf: folder.appendingPathComponent("run.csv"), encoding: .utf8))
  }
}
