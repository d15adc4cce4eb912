import Foundation
import SealedSupport
import SealedReports
import SealedReportHTML

/// The folder of a `sealed check-products` run: `summary.csv`, `findings.csv`, `run.csv`,
/// `manifest.csv`, a report folder per product and, in `confirm/`, one per product the run
/// confirmed (`ErrorControl`). It never mixes two runs: it may hold an earlier run whose product
/// folders this run all rewrites; the files and folders of another earlier run or report (a
/// `sealed simulate` report, products this run does not check) are refused unless `force`,
/// which drops them when the run's summary is written; entries Sealed did not write are refused
/// unless `force`, which keeps them beside the run, and even with `force` when the run would
/// replace them (a `summary.csv`, `run.csv` or `report.html` of someone else's, a file named like
/// a product or `confirm`).
package struct RunFolder: Sendable {
  package let path: String
  /// Entries of an earlier run or report that this run does not rewrite: dropped by `write`
  /// (there are some only with `force`).
  private let earlier: [String]

  /// Confirmations of an earlier run of products this run does not check (`confirm/<code>`):
  /// dropped by `write` (there are some only with `force`).
  private let earlierConfirmations: [String]

  /// Folders of an earlier run of products this run checks too: each is replaced when this run
  /// checks its product, and dropped by `write` when it does not (a run stopped by Ctrl-C, a
  /// product refused), so that the folder never mixes two runs.
  private let earlierOfTheRun: [String]

  /// The folder's lock, held while this value lives.
  private let lock: RunLock

  /// The names this run writes at the top of its folder, besides the product folders.
  static let ownFiles = [
    ReportFile.summary.name, ReportFile.findings.name, ReportFile.run.name, ReportFile.page.name, ReportFile.manifest.name,
  ]

  /// Checks up front that the folder can take a run of `products` (their codes). Throws a
  /// one-line `DataError`. Cost: one listing of the folder and one read of its manifest or summary.
  package init(path: String, products: [String], force: Bool) throws(DataError) {
    guard !path.isEmpty else { throw DataError("--out: expected a folder for the run, got an empty path") }
    guard path != "-" else { throw DataError(ReportFolder.dashRefusal) }
    self.path = URL(fileURLWithPath: linkTarget(of: path)).standardizedFileURL.path
    lock = try RunLock(claiming: self.path)
    let entries = ((try? FileManager.default.contentsOfDirectory(atPath: self.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    let sealed = ReportFolder.sealedNames(in: self.path, entries: entries)
    let foreign = entries.filter { !sealed.contains($0) }
    if let first = foreign.first, !force {
      let others = foreign.count > 1 ? " (and \(foreign.count - 1) other entries)" : ""
      throw DataError(
        "holds \(first)\(others), which Sealed did not write; choose another --out, or pass --force to write the run beside them (they are kept)",
        at: self.path)
    }
    let written = Set(Self.ownFiles + products + [ProductCheck.Settings.confirmName])
    let folder = self.path
    if let clash = foreign.first(where: { Self.replaces($0, in: folder, written: written) }) {
      throw DataError("holds \(clash), which Sealed did not write and this run would replace, even with --force: choose another --out", at: folder)
    }
    earlier = entries.filter { sealed.contains($0) && !written.contains($0) }
    let runProducts = Set(products)
    earlierOfTheRun = entries.filter { sealed.contains($0) && runProducts.contains($0) }
    let confirmations = sealed.contains(ProductCheck.Settings.confirmName) ? Self.confirmations(in: self.path) : []
    earlierConfirmations = confirmations.filter { !products.contains($0) }.map { "\(ProductCheck.Settings.confirmName)/\($0)" }
    if let first = (earlier + earlierConfirmations).first, !force {
      throw DataError(
        "holds \(first) of an earlier run or report, which this run does not write; the folder would mix the two: choose another --out, or pass --force to drop it",
        at: self.path)
    }
    try Folder.create(self.path)
  }

  /// Writes `summary.csv`, `findings.csv`, `run.csv`, the page of the three (`report.html`,
  /// `CheckProductsPage`) and `manifest.csv` (each replaced whole, atomically), then drops what an earlier run or report left that this run does not
  /// rewrite: the confirmation of a product this run did not confirm among them, and the
  /// folders of products this run did not reach (stopped by Ctrl-C) or refused.
  package func write(
    _ result: ProductRun.Result, findings: FindingsTable, facts: ProductRunFacts, elapsed: Double
  ) throws(DataError) {
    let run = facts.table(result, elapsed: elapsed)
    let page = try CheckProductsPage.render(
      run: run, summary: result.summary.table, findings: findings.table, confirmFolder: ProductCheck.Settings.confirmName)
    let written = [
      ProductSummary.fileName: result.summary.table.text, ReportFile.findings.name: findings.table.text,
      ReportFile.run.name: run.text, ReportFile.page.name: page,
    ]
    for (name, text) in written.sorted(by: { $0.key < $1.key }) { try ReportFolder.writeFile(text, to: file(name)) }
    let confirm = ProductCheck.Settings.confirmName
    for row in result.summary.rows where row.confirm == nil {
      try? FileManager.default.removeItem(atPath: "\(path)/\(confirm)/\(row.product)")
    }
    // Products this run did not reach (Ctrl-C) or refused wrote no folder: an earlier run's goes.
    let checked = Set(result.summary.rows.filter { $0.verdict != .refused }.map(\.product))
    let unreached = earlierOfTheRun.filter { !checked.contains($0) }
    for entry in earlier + earlierConfirmations + unreached + unreached.map({ "\(confirm)/\($0)" }) {
      try? FileManager.default.removeItem(atPath: "\(path)/\(entry)")
    }
    if Self.confirmations(in: path).isEmpty { rmdir(file(confirm)) }  // only when empty
    var folders = result.summary.rows.map(\.product).filter { FileManager.default.fileExists(atPath: "\(path)/\($0)/\(ReportFile.manifest.name)") }
    if FileManager.default.fileExists(atPath: file(confirm)) { folders.append(confirm) }
    // summary.csv by name only: its seconds per product differ from run to run, and the
    // manifest is the same whatever the timing (two runs of one seed, any thread count);
    // run.csv by the checksum of its rows but its threads and times (`executionFree`).
    let manifest = ReportManifest(
      names: Self.ownFiles.filter { $0 != ReportFile.manifest.name } + folders,
      contents: written.filter { $0.key != ProductSummary.fileName }.mapValues { Data($0.utf8) })
    try ReportFolder.writeFile(manifest.text, to: file(ReportFile.manifest.name))
  }

  private func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

  /// Whether the run would replace `entry`, one Sealed did not write: a file of the run's own
  /// names (`ownFiles`), or a file, not a folder, named like a product or `confirm`. (A folder
  /// named like a product is written into as `sealed check --force` does: its files kept, a
  /// clash refused there.)
  private static func replaces(_ entry: String, in path: String, written: Set<String>) -> Bool {
    written.contains(entry) && (ownFiles.contains(entry) || !ReportFolder.isFolder("\(path)/\(entry)"))
  }

  /// The products confirmed in the run folder at `path` (`confirm/<code>`, each a report).
  static func confirmations(in path: String) -> [String] {
    let folder = "\(path)/\(ProductCheck.Settings.confirmName)"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return entries.filter { FileManager.default.fileExists(atPath: "\(folder)/\($0)/\(ReportFile.manifest.name)") }.sorted()
  }
}

/// An exclusive `flock` on a run folder itself (its descriptor, opened read-only: no lock file,
/// nothing to remove, no write access to its parent needed), released when the value goes: a
/// second run into the folder while one writes it is refused in one line (it once called the
/// first run's product folders, not yet in a manifest, foreign). Cost: the folder made if
/// missing, one open and one flock.
final class RunLock: Sendable {
  private let descriptor: Int32

  init(claiming path: String) throws(DataError) {
    try Folder.create(path)
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw DataError("cannot open the folder (\(systemErrorReason(errno)))", at: path) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      throw DataError("another sealed check-products is writing this folder; wait for it to finish, or choose another --out", at: path)
    }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }
}
