import SealedSupport
import SealedCards

/// What `sealed rules import --product` says on standard error about a product whose rule file
/// it writes, after compiling it against the card data.
package enum ImportedProductNote {
  /// Nil when the card data runs the product with every card's data; else one note: the cards
  /// known by their keys alone and the command that fetches them, or, for a product this card
  /// data cannot compile at all (a colour-balanced sheet whose cards lack colours), why: its
  /// rule file is still the data's product, written as defined, so that an error naming
  /// `product:CODE` can be read in it. Cost: loading the product's sets and compiling once.
  package static func note(
    for product: CompiledBoosterData.Product, in rules: RuleSetDefinition,
    loadSet: (String, RuleSetDefinition) throws(DataError) -> CardSet
  ) -> String? {
    let plan: BoosterPlan
    do {
      plan = try PlanCompiler.compile(rules, for: loadSet(product.set_code.lowercased(), rules))
    } catch {
      return "product \(product.code): \(error.description); the rule file is written as the data defines it, and runs once the card data has what it needs"
    }
    guard let gaps = CardDataGaps(plan: plan) else { return nil }
    return "product \(product.code): \(gaps.summary); it simulates and checks on card keys; \(gaps.remedy)"
  }
}
