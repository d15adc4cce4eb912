import SealedJobs
import SealedRelease

/// What `sealed rules diff` prints: the two files, the products by status, the largest
/// changes, where the report is, and the verdict line.
enum ReleaseDiffOutput {
  /// What the command prints: the two files, the products by status, the largest changes, and
  /// (with `verdict`) the PASS or FAIL line; `sealed rules fetch` prints its own last line.
  static func render(_ outcome: ReleaseDiffJob.Outcome, of job: ReleaseDiffJob, top: Int, verdict: Bool = true) -> String {
    let diff = outcome.diff
    var text = "old: \(job.old.path) (\(job.old.form.rawValue), \(job.old.products.count) products)\n"
    text += "new: \(job.new.path) (\(job.new.form.rawValue), \(job.new.products.count) products)\n"
    text += "products: " + ReleaseDiff.Status.allCases.map { "\(diff.count($0)) \($0.rawValue)" }.joined(separator: ", ") + "\n"
    for status in [ReleaseDiff.Status.added, .removed, .renamed, .changed] {
      let entries = diff.products.filter { $0.status == status }
      guard !entries.isEmpty else { continue }
      let names = entries.prefix(12).map {
        status == .renamed ? "\($0.oldCode!) -> \($0.newCode!)" : $0.newCode ?? $0.oldCode!
      }
      text += "\(status.rawValue): \(names.joined(separator: ", "))\(entries.count > 12 ? ", ... (\(entries.count) in all)" : "")\n"
    }
    if diff.changes.isEmpty {
      text += diff.changed ? "no measure of a product in both releases changed\n" : "nothing changed\n"
    } else {
      text += "\(diff.changes.count) measures changed in \(diff.products.filter { $0.changes > 0 }.count) products; the largest:\n"
      var table = TextTable([
        ("product", .left), ("measure", .left), ("subject", .left), ("old", .right), ("new", .right), ("relative change", .right),
      ])
      for row in outcome.report.changes.prefix(top) {
        table.append([row.product, row.measure, ProductTable.shortened(row.subject, to: 48), row.old, row.new, row.relative])
      }
      text += table.text
    }
    text += "report: \(job.folder.path)/ (run.csv, products.csv, changes.csv, report.html)\n"
    guard verdict else { return text }
    if diff.changed {
      let counts = ReleaseDiff.Status.allCases.filter { $0 != .unchanged && diff.count($0) > 0 }.map { "\(diff.count($0)) \($0.rawValue)" }
      text += "FAIL: the releases differ: \(counts.joined(separator: ", ")) (\(diff.changes.count) measures changed)\n"
    } else {
      text += "PASS: the releases are the same: \(diff.products.count) products, no measure changed\n"
    }
    return text
  }
}
