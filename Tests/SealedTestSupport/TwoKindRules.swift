/// Rules for War of the Spark with a mythic booster whose shares are whole fractions: one
/// booster of each pool draws its card from cards 1-4 (sheet `low`), the five others from cards
/// 1-10 (`main`), each card of weight 1; the event `low_card` counts cards 1-4 in each kind and
/// in any booster. Over every booster, as a simulation counts: a card of 1-4 in (1 · 1 + 5 ·
/// 4/10) / 6 = 1/2 of boosters, card 1 in (1 · 1/4 + 5 · 1/10) / 6 = 1/8 of the slot's cards,
/// sheet `low` drawn in 1/6 of boosters (`ExactShareTests`, `TwoKindOddsCommandTests`).
package enum TwoKindRules {
  package static let rules: String = {
    let cards = warSheetCards(weights: Array(repeating: 1, count: 10))
    let low = warSheetCards(weights: Array(repeating: 1, count: 4))
    return """
      name: two-kinds
      applies_to: [war]
      pool: { boosters: 6, mythic_booster: one }
      sets:
        war:
          sheets:
            main:
              cards:
      \(cards)
            low:
              cards:
      \(low)
          slots:
            - { name: main, count: 1, sheet: { mythic_booster: low, otherwise: main } }
          events:
            low_card: { sheet: low, given: [mythic_booster, non_mythic_booster, any] }
      """
  }()

  /// A spec of three `odds:` claims, `held` stated as given (its exact share is 1/2).
  package static func spec(held: String) -> String {
    """
    name: two-kinds
    claims:
      - name: held
        odds: { cards: { set: war, numbers: 1-4 }, in: \(held) }
      - name: slot
        odds: { slot: main, gives: { set: war, numbers: 1 }, in: 12.5% }
      - name: sheet
        odds: { sheet: low, in: 1/6 }
    """
  }
}
