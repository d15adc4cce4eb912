import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedReports
import SealedReportHTML
import SealedRelease

/// `sealed rules diff OLD [NEW]`: two releases compared exactly (`ReleaseDiff`), made into the
/// report folder's files (`run.csv`, `products.csv`, `changes.csv`, `report.html`). Made, it
/// has checked the folder and read both files; `run` compares, `write` writes the folder.
package struct ReleaseDiffJob: Sendable {
  /// What a diff is asked for.
  package struct Settings: Sendable {
    /// The older release (`BoosterRelease.resolve`: `shipped`, `previous`, a release's name, or
    /// mtg.wtf's compiled booster data or an MTGJSON file, plain or gzipped).
    package var old: String
    /// The newer release, likewise; nil for the release in use.
    package var new: String?
    /// Where OLD and NEW are looked up when they name installed releases.
    package var store: ReleaseStore = .fromEnvironment()
    package var cards: String?
    package var out = "reports/rules-diff"
    package var force = false
    package var toolVersion: String
    /// The newer release read from a staging folder before it is installed (`rules fetch`
    /// writes its diff there, so that the release and its report are put in place together):
    /// its products' file, named as the release will be. Nil: `new` is resolved.
    package var staged: BoosterRelease?
    /// Where the report will be once the staging folder is in place, for the command line and
    /// the `report:` line (nil: `out`).
    package var reportedOut: String?

    package init(old: String, toolVersion: String) {
      self.old = old
      self.toolVersion = toolVersion
    }
  }

  /// What the comparison gave: the diff, its report's rows, and the files, not yet written.
  package struct Outcome: Sendable {
    package var diff: ReleaseDiff
    package var report: ReleaseDiffReport
    package var files: [(name: String, contents: String)]
  }

  package let settings: Settings
  package let old: ReleaseFile
  /// The newer release, named as `run.csv` names it (`shipped (FILE)`, a release's name, or the
  /// file as given).
  package let new: ReleaseFile
  package let folder: ReportFolder
  let cards: CardSetLoader

  /// Checks the report folder first (a refusal costs nothing), then reads both releases.
  /// Throws a one-line `DataError` for a file that is not a release, or a folder Sealed must
  /// not write into. Cost: reading both files.
  package init(_ settings: Settings) throws(DataError) {
    folder = try ReportFolder(path: settings.out, writes: ReportFile.releaseDiffFolder.names, force: settings.force)
    cards = CardSetLoader(location: try CardDataLocation.resolve(option: settings.cards))
    old = try Self.read(try BoosterRelease.resolve(settings.old, store: settings.store))
    if let staged = settings.staged {
      new = try Self.read(staged)
    } else {
      new = try Self.read(try BoosterRelease.resolve(settings.new, store: settings.store))
    }
    self.settings = settings
  }

  /// The release's products, named as `display` names it; an installed release is of the form
  /// its download was (an MTGJSON file's products are stored as compiled data).
  static func read(_ release: BoosterRelease) throws(DataError) -> ReleaseFile {
    var file = try ReleaseFile.read(path: release.path)
    file.path = release.display
    if case .installed(let installed) = release.kind, let form = ReleaseFile.Form(rawValue: installed.about.form) {
      file.form = form
    }
    return file
  }

  /// The command line `run.csv` records: `sealed rules diff OLD [NEW] --out DIR`.
  package var command: String {
    (["sealed", "rules", "diff", settings.old] + (settings.new.map { [$0] } ?? []) + ["--out", settings.reportedOut ?? settings.out])
      .map(ReproduceCommand.quote).joined(separator: " ")
  }

  /// The report's folder as the user will find it (`reportedOut`, else the folder written).
  package var reportPath: String { settings.reportedOut ?? folder.path }

  /// Compares the releases, rarities from the card data. Cost: the measures of every product
  /// in both, and reading the card data of the sets they name.
  package func run() throws(DataError) -> Outcome {
    let diff = ReleaseDiff(old: old.products, new: new.products, cards: ReleaseCards(loader: cards))
    let report = ReleaseDiffReport(diff: diff, old: old, new: new, toolVersion: settings.toolVersion, command: command)
    let page = try ReleaseDiffPage.render(report)
    return Outcome(diff: diff, report: report, files: report.files + [(ReportFile.page.name, page)])
  }

  /// Writes the outcome's files, whole or not at all.
  package func write(_ outcome: Outcome) throws(DataError) {
    _ = try folder.commit(outcome.files)
  }
}

extension ReleaseDiffReport {
  /// The report of `diff` between the releases read from `old` and `new`: every number as a
  /// decimal of 6 significant digits and as the exact fraction.
  package init(diff: ReleaseDiff, old: ReleaseFile, new: ReleaseFile, toolVersion: String, command: String) {
    let counts = ReleaseDiff.Status.allCases.map { (status: $0.rawValue, count: diff.count($0)) }
    var identity: [(key: String, value: String)] = [
      ("command_kind", "rules-diff"), ("tool_version", toolVersion), ("old", old.path), ("old_form", old.form.rawValue),
      ("old_products", String(old.products.count)), ("new", new.path), ("new_form", new.form.rawValue),
      ("new_products", String(new.products.count)),
    ]
    for entry in counts { identity.append(("products_\(entry.status)", String(entry.count))) }
    identity.append(("changes", String(diff.changes.count)))
    identity.append(("changed", diff.changed ? "yes" : "no"))
    identity.append(("command", command))
    let products = diff.products.map { entry in
      ProductRow(
        status: entry.status.rawValue, oldProduct: entry.oldCode ?? "", newProduct: entry.newCode ?? "", name: entry.name,
        changes: String(entry.changes), largest: entry.largest.map(Self.number) ?? "", note: entry.note,
        consequence: entry.summary?.consequence?.rawValue ?? "", summary: entry.summary?.text ?? "")
    }
    let changes = diff.changes.map { change in
      ChangeRow(
        product: change.product, oldProduct: change.oldProduct ?? "", measure: change.key.measure.rawValue,
        subject: change.key.subject, old: Self.decimal(change.old), new: Self.decimal(change.new),
        oldExact: change.old?.description ?? "", newExact: change.new?.description ?? "", relative: Self.number(change.relative))
    }
    self.init(identity: identity, products: products, changes: changes, counts: counts, summarized: diff.summaryOrder)
  }

  /// A value as a decimal of 6 significant digits (`0` where the release lacks the measure).
  static func decimal(_ value: Fraction?) -> String { number(value?.doubleValue ?? 0) }

  /// `%.6g`, with `inf` for infinity.
  static func number(_ value: Double) -> String {
    value.isInfinite ? (value > 0 ? "inf" : "-inf") : String(format: "%.6g", value)
  }
}
