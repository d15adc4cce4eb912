import SealedRules

/// The cards a plan's sheets can give that are known by their keys alone (no card data, so no
/// rarity, name or type): the checks that pick cards by what card data says (a slot's rarity
/// mix, the mythic checks, events and spec claims chosen by a filter) cannot be made on them
/// and are reported not tested with `reason`. Computed once per run, O(cards on sheets).
struct CardsWithoutData {
  /// Ordinals the sheets can draw (weight above zero) that have no card data.
  let ordinals: Set<Int>
  /// What lacks data and how to get it, for `reason`: made once, not once per untested check
  /// (a product on card keys has one per slot, each of which walked all the plan's cards).
  private let gaps: CardDataGaps?

  init(plan: BoosterPlan) {
    let lacking = plan.ordinalsLackingData
    var drawn = Set<Int>()
    if !lacking.isEmpty {
      for sheet in plan.sheets {
        for (position, ordinal) in sheet.cards.enumerated() where sheet.weights[position] > 0 && lacking.contains(ordinal) {
          drawn.insert(ordinal)
        }
      }
    }
    ordinals = drawn
    gaps = drawn.isEmpty ? nil : CardDataGaps(plan: plan)
  }

  var isEmpty: Bool { ordinals.isEmpty }

  /// Whether any of these cards lacks data.
  func touches<S: Sequence<Int>>(_ cards: S) -> Bool { cards.contains { ordinals.contains($0) } }

  /// Why a check that needs card data was not made (`what` needs, like "the cards' rarities"):
  /// how many cards lack it and how to get it.
  func reason(_ what: String) -> String {
    guard let gaps else { return "\(what) are unknown" }
    return "\(what) are unknown: \(gaps.summary); \(gaps.remedy)"
  }
}
