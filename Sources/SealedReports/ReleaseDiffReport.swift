import Foundation

/// The files of `sealed rules diff`'s folder, as text: `run.csv` (the two files and the
/// counts), `products.csv` (every product of either release with its status) and `changes.csv`
/// (every measure that changed, largest relative change first), from which the page is made
/// too (`ReleaseDiffPage`), so that every number it prints is the CSV's. Layout only: the run
/// layer makes it from a `ReleaseDiff` (`ReleaseDiffJob`). Cost: O(rows).
package struct ReleaseDiffReport: Sendable {
  /// A row of `products.csv`.
  package struct ProductRow: Sendable, Equatable {
    package var status: String
    package var oldProduct: String
    package var newProduct: String
    package var name: String
    package var changes: String
    package var largest: String
    package var note: String
    /// The kind of its most consequential change (`size`, `finish`, `slots`, `flags`, `cards`,
    /// `odds`, `names`), empty when its contents did not change.
    package var consequence: String
    /// What changed, in words (`booster size 19 → 20; ...`).
    package var summary: String

    package init(
      status: String, oldProduct: String, newProduct: String, name: String, changes: String, largest: String, note: String,
      consequence: String = "", summary: String = ""
    ) {
      (self.status, self.oldProduct, self.newProduct, self.name) = (status, oldProduct, newProduct, name)
      (self.changes, self.largest, self.note, self.consequence, self.summary) = (changes, largest, note, consequence, summary)
    }

    var fields: [String] { [status, oldProduct, newProduct, name, changes, largest, note, consequence, summary] }
  }

  /// A row of `changes.csv`.
  package struct ChangeRow: Sendable, Equatable {
    package var product: String
    package var oldProduct: String
    package var measure: String
    package var subject: String
    package var old: String
    package var new: String
    package var oldExact: String
    package var newExact: String
    package var relative: String

    package init(
      product: String, oldProduct: String, measure: String, subject: String, old: String, new: String, oldExact: String,
      newExact: String, relative: String
    ) {
      (self.product, self.oldProduct, self.measure, self.subject) = (product, oldProduct, measure, subject)
      (self.old, self.new, self.oldExact, self.newExact, self.relative) = (old, new, oldExact, newExact, relative)
    }

    var fields: [String] { [product, oldProduct, measure, subject, old, new, oldExact, newExact, relative] }
  }

  /// `run.csv`'s rows: what was compared, by which Sealed, and the counts.
  package var identity: [(key: String, value: String)]
  package var products: [ProductRow]
  package var changes: [ChangeRow]
  /// Each status and how many products have it, in `ReleaseDiff.Status` order.
  package var counts: [(status: String, count: Int)]
  /// The products whose contents changed, most consequential first (indices into `products`):
  /// the order `rules diff` prints their summaries in and the page lists them.
  package var summarized: [Int]

  /// A report of these rows (made from a `ReleaseDiff` by the run layer).
  package init(
    identity: [(key: String, value: String)], products: [ProductRow], changes: [ChangeRow], counts: [(status: String, count: Int)],
    summarized: [Int] = []
  ) {
    self.identity = identity
    self.products = products
    self.changes = changes
    self.counts = counts
    self.summarized = summarized
  }

  /// The CSV files, named.
  package var files: [(name: String, contents: String)] {
    var run = CSVTable(file: .run)
    for row in identity { run.append([row.key, row.value]) }
    var productTable = CSVTable(file: .releaseProducts)
    for row in products { productTable.append(row.fields) }
    var changeTable = CSVTable(file: .releaseChanges)
    for row in changes { changeTable.append(row.fields) }
    return [
      (ReportFile.run.name, run.text), (ReportFile.releaseProducts.name, productTable.text),
      (ReportFile.releaseChanges.name, changeTable.text),
    ]
  }
}
