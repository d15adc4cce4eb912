import SealedSupport

/// The cards of a plan that the card data lacks: cards known by their keys alone
/// (`Card.placeholder`), which the engine draws and the checks count like any other, but which
/// have no name, rarity, type or colours.
package struct CardDataGaps: Sendable, Equatable {
  /// The cards the plan's sheets hold (a card and its foil finish counted once) that lack card
  /// data, and all of them.
  package let missing: Int
  package let total: Int
  /// The sets of the cards that lack data, in order.
  package let sets: [String]
  /// The product whose rules the plan compiled (`--rules CODE`), when it was one.
  package let product: String?

  /// The gaps of a plan, or nil when every card has its data. Cost: O(cards).
  package init?(plan: BoosterPlan) {
    let held = Set(plan.sheets.flatMap(\.cards).map { plan.cards[$0].key })
    let lacking = plan.cards[0..<plan.firstFoilOrdinal].filter { !$0.hasData && held.contains($0.key) }
    guard !lacking.isEmpty else { return nil }
    missing = lacking.count
    total = held.count
    sets = Set(lacking.map(\.setCode)).sorted()
    product = plan.rulesSource.hasPrefix("product:") ? String(plan.rulesSource.dropFirst("product:".count)) : nil
  }

  /// The command that gets the missing cards: `sealed cards fetch --product CODE` for a
  /// product's rules (every set its sheets name that the card data lacks or holds in part),
  /// else `sealed cards fetch SET ...`.
  package var fetchCommand: String {
    product.map { "sealed cards fetch --product \($0)" } ?? "sealed cards fetch \(sets.joined(separator: " "))"
  }

  /// "312 of 1143 cards lack card data (sets plst, spg)".
  package var summary: String {
    "\(missing) of \(total) cards lack card data (set\(sets.count == 1 ? "" : "s") \(sets.joined(separator: ", ")))"
  }

  /// The one line `simulate` and `check` print: what lacks data, what that means, how to get it.
  package var note: String {
    "\(summary): they show as set:number with rarity unknown, and checks that need rarities are not tested; \(fetchCommand)"
  }

  /// The one-line refusal of something that needs the cards' names (`what`, like "sealed open
  /// shows cards by name").
  package func refusal(_ what: String) -> String {
    "\(what), and \(summary); \(fetchCommand), or check the product on its card keys with sealed check"
  }
}

extension BoosterPlan {
  /// The ordinals (either finish) of cards known by their keys alone, without card data.
  package var ordinalsLackingData: Set<Int> { Set(cards.indices.filter { !cards[$0].hasData }) }
}
