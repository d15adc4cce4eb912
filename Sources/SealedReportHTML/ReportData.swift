import Foundation
import SealedSupport
import SealedReports

/// The CSV tables of a report folder, by file name: what `report.html` is made from. The
/// commands pass the tables they have just written; `sealed report DIR` reads them back, so
/// the page always shows exactly the numbers of the CSVs beside it.
public struct ReportData: Sendable {
  public var tables: [String: CSVTable]

  public init(tables: [(name: String, table: CSVTable)]) {
    self.tables = Dictionary(tables.map { ($0.name, $0.table) }, uniquingKeysWith: { $1 })
  }

  /// Reads every `.csv` file of a report folder. A folder without `run.csv` is not a report.
  /// Costs one read and parse of each file.
  public static func read(folder: String) throws(DataError) -> ReportData {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".csv") }.sorted()
    } catch {
      throw DataError("cannot read the folder (\(systemErrorReason(error))); expected a report folder", at: folder)
    }
    guard names.contains(ReportFile.run.name) else {
      throw DataError("no run.csv here; expected a report folder written by sealed simulate, check, merge or audit", at: folder)
    }
    var tables: [(String, CSVTable)] = []
    for name in names {
      let path = (folder as NSString).appendingPathComponent(name)
      guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        throw DataError("cannot read the file as UTF-8 text", at: path)
      }
      tables.append((name, try CSVReader.parse(text, name: path)))
    }
    return ReportData(tables: tables)
  }

  /// The rows of a table as dictionaries by column name (empty when the file is absent).
  func records(_ name: String) -> [[String: String]] {
    guard let table = tables[name] else { return [] }
    return table.rows.map { Dictionary(zip(table.header, $0), uniquingKeysWith: { first, _ in first }) }
  }

  /// The verdict table: `checks.csv`, or `audit.csv` in an audit's folder.
  var checksName: String { tables[ReportFile.checks.name] == nil && tables[ReportFile.audit.name] != nil ? ReportFile.audit.name : ReportFile.checks.name }

  /// For a run the user stopped (`status` interrupted in `run.csv`): the pools done and asked for.
  var interruption: (done: Int, requested: Int)? {
    let run = self.run
    guard run["status"] == "interrupted" else { return nil }
    let done = run["pools"].flatMap(Int.init) ?? 0
    return (done, run["pools_requested"].flatMap(Int.init) ?? done)
  }

  /// `run.csv` as key → value.
  var run: [String: String] {
    Dictionary(records(ReportFile.run.name).compactMap { row in row["key"].map { ($0, row["value"] ?? "") } }, uniquingKeysWith: { $1 })
  }
}
