import SealedSupport
import SealedCards
import SealedRules
import SealedDecks

/// What the Choose screen offers: the sets with card data and the built-in rule sets that
/// apply to each, the shipped products by kind (`ProductCatalog`), and the saved decks.
struct Catalog: Encodable, Sendable {
  /// A set with card data and the built-in rule sets that may open it.
  struct SetEntry: Encodable, Sendable {
    var code: String
    var name: String
    var cards: Int
    var rules: [String]
    var warnings: [String]
    var source: String
  }

  var sets: [SetEntry]
  var rule_sets: [String]
  var products: ProductCatalog.Listing
  var decks: [Library.Listing]

  /// The sets of full card data (the nine shipped Scryfall sets, the user's fetched or imported
  /// sets, or all sets of a given path), each with the built-in rule sets whose `applies_to`
  /// names it (or that name no set). Cost: the shipped indexes, and the user's files.
  static func sets(of location: CardDataLocation) throws(DataError) -> [SetEntry] {
    let entries = try SetCatalog.entries(of: location)
    var rulesBySet: [(name: String, covers: [String]?)] = []
    for name in RuleSetLoader.builtInNames {
      rulesBySet.append((name, try RuleSetLoader.load(name).appliesTo))
    }
    return entries.filter { $0.origin != .shipped || $0.source == SetCatalog.shippedScryfallSource }
      .filter { $0.summary.cards > 0 }
      .map { entry in
        let code = entry.summary.code
        return SetEntry(
          code: code, name: entry.summary.name, cards: entry.summary.cards,
          rules: rulesBySet.filter { $0.covers?.contains(code) ?? true }.map(\.name),
          warnings: entry.summary.warnings, source: entry.source)
      }
  }
}
