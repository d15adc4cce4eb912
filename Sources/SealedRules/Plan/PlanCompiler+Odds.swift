import SealedSupport

/// A spec's odds claims met with the rules: the sheets and slots they name must exist (else a
/// spec error at the claim, listing the rules' names), and a claim about a group of cards
/// counts them per booster in a lane of its own (or a rule event's counting the same cards).
extension CompileContext {
  /// The counting lane of an odds claim about a group of cards (1-based into `events`), nil
  /// for a sheet or slot claim. Throws the claim's misfit (`misfit`) as an error at the claim.
  mutating func oddsLane(_ odds: OddsClaim, claim: SpecClaim, events: inout [PlanEvent]) throws(DataError) -> Int? {
    if let misfit = misfit(odds) { throw DataError("claim \"\(claim.name)\": \(misfit)", at: claim.location) }
    guard case .group(let group, _, _) = odds else { return nil }
    let drawn = planSheets.map { (name: $0.name, cards: $0.cards, weights: $0.weights) }
    let count = cards.count
    let ordinals = CardGroupSelection.select(group, sheets: drawn, isFoil: { $0 >= count }) { cards[$0 < count ? $0 : $0 - count] }.matching
    if let index = events.firstIndex(where: { $0.cards == ordinals }) { return index + 1 }
    events.append(PlanEvent(name: "spec: \(claim.name)", cards: ordinals, givenKinds: [], givenAny: false, isReported: false))
    return events.count
  }

  /// Why an odds claim does not fit these rules, or nil: a sheet or slot they lack (listing
  /// theirs), or a card place beyond a slot's size.
  func misfit(_ odds: OddsClaim) -> String? {
    switch odds {
    case .sheet(let name, _):
      return sheetMisfit(name)
    case .slot(let name, let places, let gives, _):
      let slotNames = layer.slots.map(\.name)
      guard slotNames.contains(name) else {
        return "unknown slot \"\(name)\"; the slots of rules \"\(rules.name)\" for \(set.code): \(slotNames.joined(separator: ", "))"
      }
      if let places, let largest = largestSlotCount(name), places.upperBound > largest {
        return "slot \"\(name)\" holds at most \(largest) card\(largest == 1 ? "" : "s"); expected card: 1 to \(largest), found \(places.upperBound)"
      }
      return gives.sheet.flatMap(sheetMisfit)
    case .group(let group, _, _):
      return group.sheet.flatMap(sheetMisfit)
    }
  }

  private func sheetMisfit(_ name: String) -> String? {
    guard layer.sheets[name] == nil else { return nil }
    return "unknown sheet \"\(name)\"; the sheets of rules \"\(rules.name)\" for \(set.code): \(layer.sheetOrder.joined(separator: ", "))"
  }

  /// The most cards a slot holds in any booster (its own count or one a variant sets).
  private func largestSlotCount(_ name: String) -> Int? {
    guard let index = layer.slots.firstIndex(where: { $0.name == name }) else { return nil }
    var largest = layer.slots[index].count
    for variant in layer.variants {
      for entry in variant.counts where entry.slot == name { largest = max(largest, entry.count) }
    }
    return largest
  }
}
