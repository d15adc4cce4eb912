import SealedSupport
import SealedCards

/// The card data a product needs: the sets its sheets name (its own, Special Guests, The List,
/// bonus sheets) of which the card data lacks a card they list, because it lacks the set or
/// holds it only in part (the field's extracts hold first printings only). `sealed cards fetch
/// --product` fetches them.
package struct ProductCardSets: Sendable, Equatable {
  /// The product's code.
  package let product: String
  /// The cards its sheets list (a card and its foil finish counted once), and those without data.
  package let cards: Int
  package let lacking: Int
  /// The sets of the cards without data, sorted.
  package let sets: [String]

  /// What `product` lacks in the card data `loader` reads, its rule set made as `--rules CODE`
  /// makes it (`source` names the release). Compiled as `sealed rules import --list` compiles
  /// it; a product that does not compile (a colour-balanced sheet whose cards lack colours)
  /// is measured by its card keys instead. Cost: one plan compiled, the sets' card files read.
  package init(_ product: CompiledBoosterData.Product, source: String, loader: CardSetLoader) throws(DataError) {
    self.product = product.code
    let rules = try RuleSetLoader.product(product, source: source)
    let set = try loader.cardSet(product.set_code, for: rules)
    if let plan = try? PlanCompiler.compile(rules, for: set) {
      let gaps = CardDataGaps(plan: plan)
      cards = gaps?.total ?? Set(plan.sheets.flatMap(\.cards).map { plan.cards[$0].key }).count
      (lacking, sets) = (gaps?.missing ?? 0, gaps?.sets ?? [])
      return
    }
    let keys = Set(product.sheets.values.flatMap(\.cards.keys).map { key in
      key.lowercased().split(separator: ":", omittingEmptySubsequences: false).prefix(2).joined(separator: ":")
    })
    var known: [String: Set<String>] = [:]
    var missing: [(set: String, number: String)] = []
    for key in keys.sorted().map(Self.cardKey) {
      if known[key.set] == nil {
        known[key.set] = Set(try loader.cards(ofSet: key.set).filter(\.hasData).map { $0.collectorNumber.text.lowercased() })
      }
      if !known[key.set]!.contains(key.number) { missing.append(key) }
    }
    (cards, lacking, sets) = (keys.count, missing.count, Set(missing.map(\.set)).sorted())
  }

  /// `set:number[:foil]` as its set and number, lowercased.
  static func cardKey(_ key: String) -> (set: String, number: String) {
    let parts = key.lowercased().split(separator: ":", omittingEmptySubsequences: false)
    return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
  }

  /// "186 of 485 cards lack card data (sets fca, fin)", or "every card has card data (485)".
  package var summary: String {
    guard lacking > 0 else { return "every card of its sheets has card data (\(cards))" }
    return "\(lacking) of \(cards) cards lack card data (set\(sets.count == 1 ? "" : "s") \(sets.joined(separator: ", ")))"
  }
}
