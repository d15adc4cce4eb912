import Foundation
import SealedSupport
import SealedReports
import SealedReportHTML

/// The page of a `sealed check-products` run rebuilt from its folder's CSV files (`sealed
/// report DIR`), as the run writes it (`CheckProductsPage`): a folder an earlier Sealed wrote
/// without a page gets one, listed in its manifest.
package enum RunPage {
  /// Whether `folder` holds a check-products run (its `summary.csv`).
  package static func isProductsRun(_ folder: String) -> Bool {
    FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(ReportFile.summary.name))
  }

  /// Rebuilds the run's `report.html` from `run.csv`, `summary.csv` and `findings.csv`, and
  /// returns its path. A file missing or not as Sealed writes it is a one-line `DataError`.
  /// Cost: one read of each file.
  package static func rebuild(folder: String) throws(DataError) -> String {
    var tables: [ReportFile: CSVTable] = [:]
    for file in [ReportFile.run, .summary, .findings] {
      let path = (folder as NSString).appendingPathComponent(file.name)
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw DataError("cannot read \(file.name) as UTF-8 text; expected the files of a sealed check-products run", at: path)
      }
      tables[file] = try CSVReader.table(text, name: path)
    }
    let page = try CheckProductsPage.render(
      run: tables[.run]!, summary: tables[.summary]!, findings: tables[.findings]!, confirmFolder: ProductCheck.Settings.confirmName)
    let path = (folder as NSString).appendingPathComponent(ReportFile.page.name)
    try ReportFolder.writeFile(page, to: path)
    if var manifest = ReportManifest.read(folder: folder), !manifest.entries.contains(where: { $0.name == ReportFile.page.name }) {
      let own = manifest.entries.filter { $0.name == ReportFile.manifest.name }
      let listed = manifest.entries.filter { $0.name != ReportFile.manifest.name } + [ReportManifest.Entry(name: ReportFile.page.name)]
      manifest.entries = listed.sorted { $0.name < $1.name } + own
      try ReportFolder.writeFile(manifest.text, to: (folder as NSString).appendingPathComponent(ReportFile.manifest.name))
    }
    return path
  }
}
