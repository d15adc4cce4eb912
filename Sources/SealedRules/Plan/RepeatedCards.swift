/// Whether a plan's rules let a booster hold a card twice, and why.
extension BoosterPlan {
  /// The reasons a booster may hold a card twice under these rules, each once, in the order met:
  /// a draw of several cards with duplicates allowed (`distinct: false`), or two draws of one
  /// booster whose sheets share a card (a card's foil finish is another card). Empty when every
  /// booster holds distinct cards by construction. Cost: O(draws × sheet size).
  package var repeatReasons: [String] {
    var reasons: [String] = []
    func add(_ reason: String) { if !reasons.contains(reason) { reasons.append(reason) } }
    for (kind, kindPrograms) in programs.enumerated() {
      for (combination, program) in kindPrograms.enumerated() where combinationProbabilities[kind][combination] > 0 {
        var seen: [(sheet: Int, cards: Set<Int>)] = []
        for draw in program {
          if !draw.distinct && draw.count > 1 {
            add("slot \(slots[draw.slot].name) draws \(draw.count) cards of sheet \(sheets[draw.sheet].name) with duplicates allowed")
          }
          let cards = Set(sheets[draw.sheet].cards)
          for earlier in seen where earlier.sheet != draw.sheet && !earlier.cards.isDisjoint(with: cards) {
            let names = [sheets[earlier.sheet].name, sheets[draw.sheet].name].sorted()
            add("sheets \(names[0]) and \(names[1]) share cards")
          }
          if seen.contains(where: { $0.sheet == draw.sheet }) {
            add("sheet \(sheets[draw.sheet].name) is drawn twice in one booster")
          }
          seen.append((draw.sheet, cards))
        }
      }
    }
    return reasons
  }
}
