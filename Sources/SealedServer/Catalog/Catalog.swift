import SealedSupport
import SealedCards
import SealedRules
import SealedDecks

/// What the Choose screen offers: the sets with card data and the built-in rule sets that
/// apply to each, the products of the release in use by kind (`ProductCatalog`), and the saved
/// decks.
struct Catalog: Encodable, Sendable {
  /// A set with card data and the built-in rule sets that may open it.
  struct SetEntry: Encodable, Sendable {
    var code: String
    var name: String
    var cards: Int
    var rules: [String]
    var warnings: [String]
    var source: String
    /// The set's booster range (boosters draw from collector numbers 1 to it), from its basic
    /// lands; null when the data has none, and then the page asks for a range, offering
    /// `highest_number`, the highest collector number of the data.
    var booster_max: Int?
    var highest_number: Int?

    enum CodingKeys: CodingKey { case code, name, cards, rules, warnings, source, booster_max, highest_number }

    /// Every field, the booster range's as null when unknown (never left out).
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(code, forKey: .code)
      try container.encode(name, forKey: .name)
      try container.encode(cards, forKey: .cards)
      try container.encode(rules, forKey: .rules)
      try container.encode(warnings, forKey: .warnings)
      try container.encode(source, forKey: .source)
      try container.encode(booster_max, forKey: .booster_max)
      try container.encode(highest_number, forKey: .highest_number)
    }
  }

  var sets: [SetEntry]
  var rule_sets: [String]
  var products: ProductCatalog.Listing
  var decks: [DeckListing]

  /// The sets of full card data (the nine shipped Scryfall sets, the user's fetched or imported
  /// sets, or all sets of a given path), each with the built-in rule sets whose `applies_to`
  /// names it (or that name no set); for a set whose booster range is unknown,
  /// `highestNumber` gives the highest collector number. Cost: the shipped indexes, and the
  /// user's files.
  static func sets(of location: CardDataLocation, highestNumber: (String) -> Int?) throws(DataError) -> [SetEntry] {
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
          warnings: entry.summary.warnings.map(BrowserWords.rephrase), source: entry.source, booster_max: entry.summary.boosterMax,
          highest_number: entry.summary.boosterMax == nil ? highestNumber(code) : nil)
      }
  }
}
