import SealedCards
import SealedRules
import SealedEngine

/// What a run counted, read off its tally beside what the plan expects (`Expectations`): the
/// observed side of the rules' checks and of the report files, derived in one place.
package enum ObservedCounts {
  /// Cards of each rarity drawn into each slot, by the plan's slot order. Cost: O(sites ×
  /// sheet size).
  package static func slotRarities(plan: BoosterPlan, tally: SimulationTally) -> [[Rarity: Int]] {
    var result = [[Rarity: Int]](repeating: [:], count: plan.slots.count)
    for (siteIndex, site) in plan.sites.enumerated() {
      let sheet = plan.sheets[site.draw.sheet]
      for ordinal in sheet.cards {
        let count = tally.siteCards[siteIndex * tally.cardCount + ordinal]
        if count > 0 { result[site.draw.slot][plan.cards[ordinal].rarity, default: 0] += count }
      }
    }
    return result
  }

  /// Boosters holding a reported event among boosters of a kind (or of every kind).
  package struct EventCount: Sendable {
    package let event: String
    package let eventIndex: Int
    /// The kind's name, or `any`.
    package let given: String
    /// The kind, or nil for every booster (`any`).
    package let kind: Int?
    package let count: Int
    package let trials: Int
    package let expected: Double
  }

  /// Each reported event for each booster kind it is given for (the rows of `events.csv` and
  /// the rules' event checks). Cost: O(events × kinds × lane size).
  package static func events(plan: BoosterPlan, expectations: Expectations, tally: SimulationTally) -> [EventCount] {
    var rows: [EventCount] = []
    for (index, event) in plan.events.enumerated() where event.isReported {
      let lane = index + 1
      var givens: [(String, Int?)] = event.givenKinds.map { (plan.kinds[$0], $0) }
      if event.givenAny { givens.append(("any", nil)) }
      for (given, kind) in givens {
        let kinds = kind.map { [$0] } ?? Array(plan.kinds.indices)
        rows.append(
          EventCount(
            event: event.name, eventIndex: index, given: given, kind: kind,
            count: tally.laneBoosters(kinds: kinds, lane: lane, atLeast: 1), trials: tally.boosters(of: kinds),
            expected: expectations.eventProbability(index, kind: kind)))
      }
    }
    return rows
  }
}

extension SimulationTally {
  /// Boosters of `kind` holding at least `minimum` cards of `lane`.
  package func laneBoosters(kind: Int, lane: Int, atLeast minimum: Int) -> Int {
    laneHistogram(kind: kind, lane: lane).enumerated().reduce(0) { $0 + ($1.offset >= minimum ? $1.element : 0) }
  }

  /// Boosters of any of `kinds` holding at least `minimum` cards of `lane`.
  package func laneBoosters(kinds: [Int], lane: Int, atLeast minimum: Int) -> Int {
    kinds.reduce(0) { $0 + laneBoosters(kind: $1, lane: lane, atLeast: minimum) }
  }

  /// Boosters of any of `kinds`.
  package func boosters(of kinds: [Int]) -> Int { kinds.reduce(0) { $0 + boostersByKind[$1] } }
}
