import Foundation
import SealedSupport
import SealedReports

/// The folder of a `sealed check-products` run: `summary.csv`, `run.csv` and a report folder
/// per product. It may hold an earlier run (its summary is replaced); a `summary.csv` that
/// Sealed did not write is refused unless `force`.
package struct RunFolder: Sendable {
  package let path: String

  /// Checks up front that the folder can take the run. Throws a one-line `DataError`.
  package init(path: String, force: Bool) throws(DataError) {
    guard !path.isEmpty else { throw DataError("--out: expected a folder for the run, got an empty path") }
    self.path = URL(fileURLWithPath: path).standardizedFileURL.path
    let summary = (self.path as NSString).appendingPathComponent(ProductSummary.fileName)
    if !force, let text = try? String(contentsOfFile: summary, encoding: .utf8),
      !text.hasPrefix(ProductSummary.header.joined(separator: ","))
    {
      throw DataError("holds a \(ReportFile.summary.name) that sealed check-products did not write; choose another --out, or pass --force to replace it", at: summary)
    }
    try Folder.create(self.path)
  }

  /// Writes `summary.csv` and `run.csv` (each replaced whole, atomically).
  package func write(_ result: ProductRun.Result, facts: ProductRunFacts, elapsed: Double) throws(DataError) {
    try ReportFolder.writeFile(result.summary.table.text, to: (path as NSString).appendingPathComponent(ProductSummary.fileName))
    try ReportFolder.writeFile(
      facts.table(result, elapsed: elapsed).text, to: (path as NSString).appendingPathComponent(ReportFile.run.name))
  }
}
