import SealedRules
import SealedEngine

/// A spec's proportion claims measured under another rule set (`sealed check --compare`): what
/// `comparisons.csv` lists and `report.html` draws beside the checked run's proportions (war:
/// the article's 78% uncommon planeswalkers beside retail's 92/121 = 76.0%).
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

  /// One proportion claim under the compared rules: boosters of the claim's kind holding at
  /// least one matching card (`successes`) among those boosters (`trials`).
  package struct Count: Sendable {
    package let claim: String
    package let given: String
    package let trials: Int
    package let successes: Int
  }

  /// The counts of one compared rule set, whose plan was compiled with
  /// `spec(_:set:kinds:)`. Cost: O(claims × kinds).
  package static func counts(plan: BoosterPlan, tally: SimulationTally) -> [Count] {
    var counts: [Count] = []
    for (index, claim) in plan.specClaims.enumerated() {
      guard case .proportion(_, let given, _) = claim.kind, let lane = plan.specClaimLanes[index] else { continue }
      let kinds = given.indices(in: plan.kinds)
      counts.append(
        Count(
          claim: claim.name, given: given.description, trials: tally.boosters(of: kinds),
          successes: tally.laneBoosters(kinds: kinds, lane: lane, atLeast: 1)))
    }
    return counts
  }
}
