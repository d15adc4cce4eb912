import SealedSupport
import SealedJobs
import SealedReports
import SealedRelease

/// What `sealed rules diff` prints: the two files, the products by status, the largest
/// changes, where the report is, and the verdict line.
enum ReleaseDiffOutput {
  /// What the command prints: the two files, the products by status, the largest changes, and
  /// (with `verdict`) the PASS or FAIL line; `sealed rules fetch` prints its own last line.
  /// With `failOnRemovedOnly` (`--fail-on removed`) the verdict is on removed products alone.
  static func render(
    _ outcome: ReleaseDiffJob.Outcome, of job: ReleaseDiffJob, top: Int, verdict: Bool = true, failOnRemovedOnly: Bool = false
  ) -> String {
    let diff = outcome.diff
    var text = "old: \(job.old.path) (\(job.old.form.rawValue), \(job.old.products.count) products)\n"
    text += "new: \(job.new.path) (\(job.new.form.rawValue), \(job.new.products.count) products)\n"
    text += "products: " + ReleaseDiff.Status.allCases.map { "\(diff.count($0)) \($0.rawValue)" }.joined(separator: ", ") + "\n"
    text += listed(diff, .added) + summaries(outcome.report) + listed(diff, .removed) + listed(diff, .renamed)
    if diff.changes.isEmpty {
      text += diff.changed ? "no measure of a product in both releases changed\n" : "nothing changed\n"
    } else {
      text += largestChanges(outcome.report, changes: diff.changes.count, products: diff.products.filter { $0.changes > 0 }.count, top: top)
    }
    text += "report: \(job.reportPath)/ (run.csv, products.csv, changes.csv, report.html)\n"
    guard verdict else { return text }
    if failOnRemovedOnly { return text + removedVerdict(diff) }
    if diff.changed {
      text += "FAIL: the releases differ: \(statusCounts(diff).joined(separator: ", ")) (\(counted(diff.changes.count, "measure")) changed)\n"
    } else {
      text += "PASS: the releases are the same: \(diff.products.count) products, no measure changed\n"
    }
    return text
  }

  /// The verdict of `--fail-on removed`: FAIL naming the products of the old release the new
  /// one lacks, else PASS saying what else changed.
  static func removedVerdict(_ diff: ReleaseDiff) -> String {
    let removed = diff.products.filter { $0.status == .removed }.compactMap(\.oldCode)
    if !removed.isEmpty {
      return "FAIL: the new release lacks \(counted(removed.count, "product")) of the old: \(firstTwelve(removed))\n"
    }
    let others = statusCounts(diff)
    return "PASS: no product of the old release is missing"
      + (others.isEmpty ? "; nothing changed\n" : " (products \(others.joined(separator: ", ")): review the report)\n")
  }

  /// `added: a, b, ...`: the first 12 products of a status, by code (`old -> new` when renamed);
  /// empty when there are none.
  static func listed(_ diff: ReleaseDiff, _ status: ReleaseDiff.Status) -> String {
    let entries = diff.products.filter { $0.status == status }
    guard !entries.isEmpty else { return "" }
    let names = entries.map { status == .renamed ? "\($0.oldCode!) -> \($0.newCode!)" : $0.newCode ?? $0.oldCode! }
    return "\(status.rawValue): \(firstTwelve(names))\n"
  }

  /// `a, b, ...`: the first 12 names, and how many in all when there are more.
  static func firstTwelve(_ names: [String]) -> String {
    names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", ... (\(names.count) in all)" : "")
  }

  /// `2 added, 1 changed`: the products of each status but unchanged, where there are some.
  static func statusCounts(_ diff: ReleaseDiff) -> [String] {
    ReleaseDiff.Status.allCases.filter { $0 != .unchanged && diff.count($0) > 0 }.map { "\(diff.count($0)) \($0.rawValue)" }
  }

  /// `what changed, most consequential first:` and a line per product whose contents changed.
  static func summaries(_ report: ReleaseDiffReport) -> String {
    guard !report.summarized.isEmpty else { return "" }
    var text = "what changed, most consequential first (\(report.summarized.count) product\(report.summarized.count == 1 ? "" : "s")):\n"
    for index in report.summarized {
      let row = report.products[index]
      text += "  \(row.newProduct): \(row.summary)\n"
    }
    return text
  }

  /// The `top` largest relative changes of shares both releases have (changes.csv's rows of
  /// `inf` and -1, a measure one release lacks, are the summaries' new and gone sheets and cards).
  static func largestChanges(_ report: ReleaseDiffReport, changes: Int, products: Int, top: Int) -> String {
    let finite = report.changes.filter(isInBoth)
    let text = "\(counted(changes, "measure")) changed in \(counted(products, "product")); the largest among values both releases have:\n"
    guard !finite.isEmpty else { return text + "(none: every change is a measure one release lacks; changes.csv has them)\n" }
    var table = TextTable([
      ("product", .left), ("measure", .left), ("subject", .left), ("old", .right), ("new", .right), ("relative change", .right),
    ])
    for row in finite.prefix(top) {
      table.append([row.product, row.measure, ProductTable.shortened(row.subject, to: 48), row.oldExact, row.newExact, row.relative])
    }
    return text + table.text
  }

  /// A change of a value both releases have: neither side absent (its decimal `0`), and not the
  /// share of a sheet's cards without data, which moves with the card data.
  static func isInBoth(_ row: ReleaseDiffReport.ChangeRow) -> Bool {
    let absent: Set<String> = ["0", "inf", "-1"]
    return !absent.contains(row.old) && !absent.contains(row.new) && !absent.contains(row.relative)
      && !(row.measure == "rarity" && row.subject.hasSuffix(": unknown"))
  }
}
