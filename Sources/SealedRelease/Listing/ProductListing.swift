import SealedSupport
import SealedCards
import SealedRules

/// One product of mtg.wtf's compiled booster data and whether a card database simulates it
/// (`sealed rules import --list`).
package struct ProductListing: Sendable {
  /// Whether the product simulates with the card data.
  package enum Simulates: Sendable, Equatable {
    /// Every card it names is in the data.
    case withNames
    /// Some cards lack data: it simulates and checks on card keys. What lacks, and the command
    /// that fetches it.
    case onCardKeys(summary: String, fetchCommand: String)
    /// It does not compile against the data: why, in one line.
    case no(String)

    /// The `simulates` column's words.
    package var text: String {
      switch self {
      case .withNames: "yes, with names"
      case .onCardKeys(let summary, let fetchCommand): "on card keys: \(summary); \(fetchCommand)"
      case .no(let reason): "no: " + reason
      }
    }
  }

  package let product: CompiledBoosterData.Product
  package let simulates: Simulates

  /// A product and whether it simulates.
  package init(product: CompiledBoosterData.Product, simulates: Simulates) {
    self.product = product
    self.simulates = simulates
  }

  /// Every product of `data` compiled against `database` (the card data read once); `source`
  /// names the file in the rule files made. Cost: one rule set made and one plan compiled per
  /// product (`CompiledBoosterRules.ruleSet`), the products spread over the machine's cores.
  /// `everyPrinting` are the sets whose card data lists every printing
  /// (`CardDataLocation.setsListingEveryPrinting`): a key of theirs without data names no card.
  package static func list(
    _ data: CompiledBoosterData, source: String, database: CardDatabase, everyPrinting: Set<String> = []
  ) -> [ProductListing] {
    let products = data.products
    return ParallelMap.map(products.count) { index in
      listing(products[index], source: source, database: database, everyPrinting: everyPrinting)
    }
  }

  /// One product compiled against `database`.
  static func listing(
    _ product: CompiledBoosterData.Product, source: String, database: CardDatabase, everyPrinting: Set<String>
  ) -> ProductListing {
    do throws(DataError) {
      let rules: RuleSetDefinition
      if let direct = try CompiledBoosterRules.ruleSet(product, name: product.code, source: source, ruleSource: product.code) {
        rules = direct
      } else {
        let text = try CompiledBoosterRules.ruleFile([product], name: product.code, source: source)
        rules = try RuleSetLoader.parse(text, source: product.code)
      }
      var set = CardSetLoader.cardSet(product.set_code.lowercased(), for: rules, in: database)
      set.listsEveryPrinting = everyPrinting.contains(set.code)
      for code in set.otherSets.keys { set.otherSets[code]?.listsEveryPrinting = everyPrinting.contains(code) }
      let plan = try PlanCompiler.compile(rules, for: set)
      guard let gaps = CardDataGaps(plan: plan) else { return ProductListing(product: product, simulates: .withNames) }
      let remedy = CardDataGaps.remedy(fetching: gaps.fetchableSets, product: product.code, deadKeys: gaps.deadKeys)
      return ProductListing(product: product, simulates: .onCardKeys(summary: gaps.summary, fetchCommand: remedy))
    } catch {
      return ProductListing(product: product, simulates: .no(error.description))
    }
  }
}
