import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedReports
import SealedRelease

/// `sealed rules lint [FILE]`: the lint of `check-products` alone (`ProductLint`), on the
/// products the patterns pick, its warnings written as `findings.csv` (and `run.csv`) into its
/// report folder, and held to a baseline when given one. Made, it has read the file (and the
/// baseline), picked the products and checked the folder.
package struct ReleaseLintJob: Sendable {
  /// What a lint is asked for.
  package struct Settings: Sendable {
    /// The release (`BoosterRelease.resolve`: `shipped`, a release's name, or mtg.wtf's compiled
    /// booster data or an MTGJSON file); nil for the release in use.
    package var file: String?
    /// `--products`: globs of product codes; empty for every product.
    package var patterns: [String] = []
    package var cards: String?
    /// The report folder (`findings.csv`, `run.csv`).
    package var out = "reports/rules-lint"
    package var force = false
    /// `--baseline`: an earlier run's `findings.csv`.
    package var baseline: String?
    package var toolVersion = ""

    package init() {}
  }

  /// Each product linted, with its warnings, in the file's order.
  package struct Outcome: Sendable {
    package var linted: [(product: CompiledBoosterData.Product, warnings: [LintWarning])]
    /// The findings against `--baseline`, when given.
    package var comparison: BaselineComparison?

    /// Every warning as a finding, in the file's order.
    package var findings: [Finding] { linted.flatMap { $0.warnings.map(\.finding) } }

    /// The products that warn.
    package var warned: [(product: CompiledBoosterData.Product, warnings: [LintWarning])] {
      linted.filter { !$0.warnings.isEmpty }
    }

    /// "lint: no warnings (538 products)", or "lint: 2 of 538 products warn (3 warnings)".
    package var totals: String {
      let warned = warned
      guard !warned.isEmpty else { return "lint: no warnings (\(linted.count) product\(linted.count == 1 ? "" : "s"))" }
      let count = warned.reduce(0) { $0 + $1.warnings.count }
      return "lint: \(warned.count) of \(linted.count) products warn (\(count) warning\(count == 1 ? "" : "s"))"
    }
  }

  package let settings: Settings
  package let products: [CompiledBoosterData.Product]
  package let folder: ReportFolder
  let baseline: [Finding]?
  /// The baseline's products the patterns pick that the release lacks.
  let lostFromBaseline: Set<String>
  let cards: CardSetLoader
  /// An MTGJSON file's own cards, which its keys are looked up in before the card data.
  let fileCards: [String: [Card]]

  /// The files a lint's report folder holds.
  package static let fileNames = [ReportFile.findings.name, ReportFile.run.name]

  /// Reads the release (and the baseline), picks its products and checks the report folder.
  /// Cost: reading the files.
  package init(_ settings: Settings) throws(DataError) {
    let release = try ReleaseDiffJob.read(try BoosterRelease.resolve(settings.file))
    try release.requireProducts()
    products = try ProductPattern.select(release.products, patterns: settings.patterns)
    fileCards = release.cards
    baseline = try settings.baseline.map { file throws(DataError) in try BaselineComparison.read(file) }
    lostFromBaseline = BaselineComparison.lostProducts(
      baseline: (baseline ?? []).filter { $0.source == .lint }, releaseCodes: release.products.map(\.code), patterns: settings.patterns)
    folder = try ReportFolder(path: settings.out, writes: Self.fileNames, force: settings.force)
    cards = CardSetLoader(location: try CardDataLocation.resolve(option: settings.cards))
    self.settings = settings
  }

  /// Lints every product. Cost: each product's lint (no compiling, no simulation); each set's
  /// card data read once.
  package func run() throws(DataError) -> Outcome {
    let lookup = ReleaseCards(loader: cards, given: fileCards)
    var linted: [(product: CompiledBoosterData.Product, warnings: [LintWarning])] = []
    for product in products {
      linted.append((product, try ProductLint.warnings(product, kind: ProductKind.of(product), cards: lookup)))
    }
    var outcome = Outcome(linted: linted)
    if let baseline {
      outcome.comparison = BaselineComparison(
        findings: outcome.findings, baseline: baseline.filter { $0.source == .lint }, file: settings.baseline!,
        checked: Set(products.map { $0.code.lowercased() }), lost: lostFromBaseline)
    }
    return outcome
  }

  /// Writes `findings.csv` and `run.csv` into the report folder, whole or not at all.
  package func write(_ outcome: Outcome) throws(DataError) {
    var run = CSVTable(file: .run)
    run.append(["command_kind", "rules-lint"])
    run.append(["tool_version", settings.toolVersion])
    run.append(["data", settings.file ?? CompiledBoosterData.shippedFileName])
    run.append(["products", settings.patterns.isEmpty ? "*" : settings.patterns.joined(separator: ",")])
    run.append(["products_linted", String(outcome.linted.count)])
    run.append(["products_warning", String(outcome.warned.count)])
    run.append(["findings", String(outcome.findings.count)])
    if let comparison = outcome.comparison {
      run.append(["baseline", comparison.file])
      run.append(["findings_new", String(comparison.new.count)])
      run.append(["findings_changed", String(comparison.changed.count)])
      run.append(["findings_known", String(comparison.known.count)])
      run.append(["findings_gone", String(comparison.gone.count)])
      run.append(["findings_lost", String(comparison.missing.count)])
    }
    let findings = FindingsTable(findings: outcome.findings, status: outcome.comparison?.status)
    _ = try folder.commit([(ReportFile.findings.name, findings.table.text), (ReportFile.run.name, run.text)])
  }
}
