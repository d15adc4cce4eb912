import SealedSupport
import SealedRules
import SealedEngine

/// A spec's proportion claims measured under another rule set (`sealed check --compare`): the
/// rows of `comparisons.csv`, which `report.html` draws beside the checked run's proportions
/// (war: the article's 78% uncommon planeswalkers beside retail's 92/121 = 76.0%).
package enum ClaimComparison {
  /// The spec to compile another rule set with: its proportion claims for the set, each counted
  /// over the same booster kind when the other rules have it, else over every booster (`any`).
  package static func spec(_ spec: SpecDefinition, set: String, kinds: [String]) -> SpecDefinition {
    var result = spec
    result.claims = spec.claims(for: set).compactMap { claim in
      guard case .proportion(let cards, let given, let expected) = claim.kind else { return nil }
      var copy = claim
      copy.kind = .proportion(cards: cards, given: given.isAvailable(in: kinds) ? given : .any, expected: expected)
      return copy
    }
    return result
  }

  /// The rows of `comparisons.csv` for one compared rule set, whose plan was compiled with
  /// `spec(_:set:kinds:)`: boosters of the claim's kind holding at least one matching card, over
  /// those boosters.
  package static func rows(plan: BoosterPlan, tally: SimulationTally) -> [ComparisonRow] {
    var rows: [ComparisonRow] = []
    for (index, claim) in plan.specClaims.enumerated() {
      guard case .proportion(_, let given, _) = claim.kind, let lane = plan.specClaimLanes[index] else { continue }
      let kinds = given.indices(in: plan.kinds)
      let trials = kinds.reduce(0) { $0 + tally.boostersByKind[$1] }
      let successes = kinds.reduce(0) { $0 + tally.laneBoosters(kind: $1, lane: lane, atLeast: 1) }
      rows.append(
        ComparisonRow(
          check: claim.name, rules: plan.rulesName, given: given.description, n: trials,
          observed: trials == 0 ? nil : Double(successes) / Double(trials)))
    }
    return rows
  }
}
