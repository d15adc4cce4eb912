import Foundation
import SealedSupport
import SealedRules
import SealedReports
import SealedReportHTML
import SealedRelease

/// `sealed rules diff OLD NEW`: reads both releases, compares them exactly (`ReleaseDiff`),
/// and writes the report folder (`run.csv`, `products.csv`, `changes.csv`, `report.html`).
/// The folder is checked before anything is read, so a refusal costs nothing. Cost: reading
/// both files, the measures of every product in both, and the card data of the sets they name
/// (for the rarities).
package struct ReleaseDiffRun: Sendable {
  /// What came out.
  package struct Outcome: Sendable {
    package var diff: ReleaseDiff
    package var report: ReleaseDiffReport
    package var old: ReleaseFile
    package var new: ReleaseFile
    /// The folder written.
    package var folder: String
  }

  package var oldPath: String
  package var newPath: String
  /// How `run.csv` and the page name the new file (the shipped file's name when it was not given).
  package var newName: String?
  package var out: String
  package var force: Bool
  package var toolVersion: String
  /// The command line, for `run.csv`.
  package var command: String

  package init(oldPath: String, newPath: String, out: String, force: Bool, toolVersion: String, command: String) {
    self.oldPath = oldPath
    self.newPath = newPath
    self.out = out
    self.force = force
    self.toolVersion = toolVersion
    self.command = command
  }

  /// Compares the releases and writes the folder; rarities from `cards`. Throws a one-line
  /// `DataError` for a file that is not a release, or a folder Sealed must not write into.
  package func run(cards: CardSetLoader) throws(DataError) -> Outcome {
    let names = ReportFile.releaseDiffFolder.names
    let folder = try ReportFolder(path: out, writes: names, force: force)
    let old = try ReleaseFile.read(path: oldPath)
    var new = try ReleaseFile.read(path: newPath)
    if let newName { new.path = newName }
    let diff = ReleaseDiff(old: old.products, new: new.products, cards: ReleaseCards(loader: cards))
    let report = ReleaseDiffReport(diff: diff, old: old, new: new, toolVersion: toolVersion, command: command)
    let page = try ReleaseDiffPage.render(report)
    _ = try folder.commit(report.files + [(ReportFile.page.name, page)])
    return Outcome(diff: diff, report: report, old: old, new: new, folder: folder.path)
  }
}

/// `sealed rules lint [FILE]`: the lint of `check-products` alone, on the products a pattern
/// picks. Cost: each product's lint (no compiling, no simulation); each set's card data read once.
package enum ReleaseLintRun {
  /// Each product with its warnings, in the file's order.
  package static func run(
    _ products: [CompiledBoosterData.Product], cards: CardSetLoader
  ) throws(DataError) -> [(product: CompiledBoosterData.Product, warnings: [LintWarning])] {
    let lookup = ReleaseCards(loader: cards)
    var result: [(product: CompiledBoosterData.Product, warnings: [LintWarning])] = []
    for product in products {
      result.append((product, try ProductLint.warnings(product, kind: ProductKind.of(product), cards: lookup)))
    }
    return result
  }
}
