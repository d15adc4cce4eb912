import SealedSupport
import SealedCards
import SealedRules
import SealedRelease

/// `sealed rules lint [FILE]`: the lint of `check-products` alone (`ProductLint`), on the
/// products the patterns pick; nothing is written. Made, it has read the file and picked the
/// products.
package struct ReleaseLintJob: Sendable {
  /// What a lint is asked for.
  package struct Settings: Sendable {
    /// The release (`BoosterRelease.resolve`: `shipped`, a release's name, or mtg.wtf's compiled
    /// booster data or an MTGJSON file); nil for the release in use.
    package var file: String?
    /// `--products`: globs of product codes; empty for every product.
    package var patterns: [String] = []
    package var cards: String?

    package init() {}
  }

  /// Each product linted, with its warnings, in the file's order.
  package struct Outcome: Sendable {
    package var linted: [(product: CompiledBoosterData.Product, warnings: [LintWarning])]

    /// The products that warn.
    package var warned: [(product: CompiledBoosterData.Product, warnings: [LintWarning])] {
      linted.filter { !$0.warnings.isEmpty }
    }

    /// "lint: no warnings (538 products)", or "lint: 2 of 538 products warn (3 warnings)".
    package var totals: String {
      let warned = warned
      guard !warned.isEmpty else { return "lint: no warnings (\(linted.count) products)" }
      let count = warned.reduce(0) { $0 + $1.warnings.count }
      return "lint: \(warned.count) of \(linted.count) products warn (\(count) warning\(count == 1 ? "" : "s"))"
    }
  }

  package let settings: Settings
  package let products: [CompiledBoosterData.Product]
  let cards: CardSetLoader

  /// Reads the release and picks its products. Cost: reading the file.
  package init(_ settings: Settings) throws(DataError) {
    let release = try ReleaseDiffJob.read(try BoosterRelease.resolve(settings.file))
    products = try ProductPattern.select(release.products, patterns: settings.patterns)
    cards = CardSetLoader(location: try CardDataLocation.resolve(option: settings.cards))
    self.settings = settings
  }

  /// Lints every product. Cost: each product's lint (no compiling, no simulation); each set's
  /// card data read once.
  package func run() throws(DataError) -> Outcome {
    let lookup = ReleaseCards(loader: cards)
    var linted: [(product: CompiledBoosterData.Product, warnings: [LintWarning])] = []
    for product in products {
      linted.append((product, try ProductLint.warnings(product, kind: ProductKind.of(product), cards: lookup)))
    }
    return Outcome(linted: linted)
  }
}
