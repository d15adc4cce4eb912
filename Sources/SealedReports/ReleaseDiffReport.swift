import Foundation
import SealedRelease

/// The files of `sealed rules diff`'s folder, as text: `run.csv` (the two files and the
/// counts), `products.csv` (every product of either release with its status) and `changes.csv`
/// (every measure that changed, largest relative change first), from which the page is made
/// too (`ReleaseDiffPage`), so that every number it prints is the CSV's. Cost: O(rows).
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

    var fields: [String] { [status, oldProduct, newProduct, name, changes, largest, note] }
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

    var fields: [String] { [product, oldProduct, measure, subject, old, new, oldExact, newExact, relative] }
  }

  /// `run.csv`'s rows: what was compared, by which Sealed, and the counts.
  package var identity: [(key: String, value: String)]
  package var products: [ProductRow]
  package var changes: [ChangeRow]
  /// Each status and how many products have it, in `ReleaseDiff.Status` order.
  package var counts: [(status: String, count: Int)]

  /// The report of `diff` between the releases read from `old` and `new`.
  package init(diff: ReleaseDiff, old: ReleaseFile, new: ReleaseFile, toolVersion: String, command: String) {
    counts = ReleaseDiff.Status.allCases.map { ($0.rawValue, diff.count($0)) }
    var rows: [(key: String, value: String)] = [
      ("command_kind", "rules-diff"), ("tool_version", toolVersion), ("old", old.path), ("old_form", old.form.rawValue),
      ("old_products", String(old.products.count)), ("new", new.path), ("new_form", new.form.rawValue),
      ("new_products", String(new.products.count)),
    ]
    for entry in counts { rows.append(("products_\(entry.status)", String(entry.count))) }
    rows.append(("changes", String(diff.changes.count)))
    rows.append(("changed", diff.changed ? "yes" : "no"))
    rows.append(("command", command))
    identity = rows
    products = diff.products.map { entry in
      ProductRow(
        status: entry.status.rawValue, oldProduct: entry.oldCode ?? "", newProduct: entry.newCode ?? "", name: entry.name,
        changes: String(entry.changes), largest: entry.largest.map(Self.number) ?? "", note: entry.note)
    }
    changes = diff.changes.map { change in
      ChangeRow(
        product: change.product, oldProduct: change.oldProduct ?? "", measure: change.key.measure.rawValue,
        subject: change.key.subject, old: Self.decimal(change.old), new: Self.decimal(change.new),
        oldExact: change.old?.description ?? "", newExact: change.new?.description ?? "", relative: Self.number(change.relative))
    }
  }

  /// A value as a decimal of 6 significant digits (`0` where the release lacks the measure).
  static func decimal(_ value: Fraction?) -> String { number(value?.doubleValue ?? 0) }

  /// `%.6g`, with `inf` for infinity.
  static func number(_ value: Double) -> String {
    value.isInfinite ? (value > 0 ? "inf" : "-inf") : String(format: "%.6g", value)
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
