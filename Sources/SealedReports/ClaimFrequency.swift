import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis

/// Every card a spec claims to be equally likely (`distribution: { uniform: ... }`) against
/// its equal share of the copies the run counted, with its standardised residual
/// (observed − expected) / √(expected · d), d the claim's dispersion (the same as its check's,
/// `Expectations.uniformClaimDispersion`): the rows of `claim_frequency.csv`, written by
/// `sealed check`. The squares of a claim's residuals add up to the statistic of that claim's
/// chi-square check, so a card that rules favour by mistake stands out here even though the
/// rules' own expectations (`sheet_frequency.csv`) agree with the simulation. O(cards × claims).
public struct ClaimFrequency: Sendable {
  /// One card of one claim: the claim's name, the card's ordinal in `plan.cards`, its copies, its
  /// equal share of the claim's copies, and its residual (nil when that share is zero).
  package struct Row: Sendable {
    package let claim: String
    package let card: Int
    package let observed: Int
    package let expected: Double
    package let residual: Double?
    /// The card's exact tail within its claim, when computed (`SealedStats.CardTails`).
    package var tail: CardTail?
  }

  package var rows: [Row]

  /// The rows of the plan's uniform claims (none when it was compiled without a spec).
  public init(plan: BoosterPlan, expectations: Expectations, tally: SimulationTally) {
    let copies = tally.cardCopies
    var rows: [Row] = []
    for claim in plan.specClaims {
      guard case .uniform(let filter) = claim.kind else { continue }
      let ordinals = plan.boosterRangeOrdinals.filter { filter.matches(plan.cards[$0]) }
      guard ordinals.count > 1 else { continue }
      let dispersion = expectations.uniformClaimDispersion(cards: ordinals) ?? 1
      let total = ordinals.reduce(0) { $0 + copies[$1] }
      let expected = Double(total) / Double(ordinals.count)
      for ordinal in ordinals {
        rows.append(
          Row(
            claim: claim.name, card: ordinal, observed: copies[ordinal], expected: expected,
            residual: expected > 0 ? (Double(copies[ordinal]) - expected) / (expected * dispersion).squareRoot() : nil))
      }
    }
    self.rows = rows
  }

  /// `claim_frequency.csv`, rounded like `sheet_frequency.csv`.
  public func table(plan: BoosterPlan) -> FrequencyTable {
    FrequencyTable(
      file: .claimFrequency,
      rows: rows.map { row in
        let card = plan.cards[row.card]
        return FrequencyRow(
          group: row.claim, card: card, number: card.collectorNumber.text, name: card.name, observed: row.observed,
          expected: row.expected, residual: row.residual, tail: row.tail)
      })
  }
}
