import SealedRules
import SealedEngine
import SealedVerdicts

/// Every card's copies within a group of cards against the copies the plan predicts, with its
/// standardised residual (observed − expected) / √(expected · d), d the group's dispersion (the
/// same as its check's): the rows of `sheet_frequency.csv` (the groups are the plan's sheets)
/// and of `claim_frequency.csv` (the groups are a spec's "equally likely" claims). The squares
/// of a group's residuals add up to the statistic of its chi-square check (before any pooling
/// of small bins), so a card that makes a group fail stands out; `SealedStats.CardTails` gives
/// each card its exact tail.
package struct GroupFrequency: Sendable {
  /// One card of one group: the group's name, the card's ordinal in `plan.cards`, its copies
  /// and the copies expected.
  package struct Row: Sendable {
    package let group: String
    package let card: Int
    package let observed: Int
    package let expected: Double
    /// nil when the card is never expected in the group.
    package let residual: Double?
    /// The card's exact tail within its group, when computed (`SealedStats.CardTails`).
    package var tail: CardTail?
    /// What to call the card instead of its name (an audit's class of cards, named as the pack
    /// file names them), and whether its collector number says which card it is (not for a
    /// class of cards known by name alone).
    package var label: String?
    package var isNumbered = true

    /// A card's row, its residual computed with the group's dispersion `dispersion`.
    package init(group: String, card: Int, observed: Int, expected: Double, dispersion: Double) {
      self.group = group
      self.card = card
      self.observed = observed
      self.expected = expected
      residual = expected > 0 ? (Double(observed) - expected) / (expected * dispersion).squareRoot() : nil
    }
  }

  package var rows: [Row]

  package init(rows: [Row]) {
    self.rows = rows
  }

  /// Every sheet the rules expect any card of, in the plan's sheet order: a sheet's observed
  /// count of a card adds up its draws over every draw site using the sheet; the expected count
  /// adds up, over those sites, the boosters that used the site times the card's inclusion
  /// probability there; d is the sheet's dispersion (`Expectations.sheetCounts`). Cost:
  /// O(sites × sheet size).
  package static func sheets(plan: BoosterPlan, expectations: Expectations, tally: SimulationTally) -> GroupFrequency {
    var rows: [Row] = []
    for (sheetIndex, sheet) in plan.sheets.enumerated() {
      let counts = expectations.sheetCounts(sheetIndex, tally: tally)
      guard counts.expected.contains(where: { $0 > 0 }) else { continue }
      for (index, ordinal) in sheet.cards.enumerated() {
        rows.append(
          Row(
            group: sheet.name, card: ordinal, observed: counts.observed[index], expected: counts.expected[index],
            dispersion: counts.dispersion ?? 1))
      }
    }
    return GroupFrequency(rows: rows)
  }

  /// Every card a spec claims to be equally likely (`distribution: { uniform: ... }`) against
  /// its equal share of the claim's copies, d the claim's dispersion
  /// (`Expectations.uniformClaimDispersion`); none when the plan was compiled without a spec.
  /// Cost: O(cards × claims).
  package static func claims(plan: BoosterPlan, expectations: Expectations, tally: SimulationTally) -> GroupFrequency {
    let copies = tally.cardCopies
    var rows: [Row] = []
    for claim in plan.specClaims {
      guard case .uniform(let filter) = claim.kind else { continue }
      let ordinals = plan.boosterRangeOrdinals.filter { filter.matches(plan.cards[$0]) }
      guard ordinals.count > 1 else { continue }
      let dispersion = expectations.uniformClaimDispersion(cards: ordinals) ?? 1
      let expected = Double(ordinals.reduce(0) { $0 + copies[$1] }) / Double(ordinals.count)
      for ordinal in ordinals {
        rows.append(Row(group: claim.name, card: ordinal, observed: copies[ordinal], expected: expected, dispersion: dispersion))
      }
    }
    return GroupFrequency(rows: rows)
  }
}
