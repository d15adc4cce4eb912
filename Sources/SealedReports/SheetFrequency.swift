import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis

/// Every card's count within each sheet against the count the rules predict, with its
/// standardised residual: the rows of `sheet_frequency.csv`.
///
/// A sheet's observed count of a card adds up its draws over every draw site using the sheet;
/// the expected count adds up, over those sites, the boosters that used the site times the
/// card's inclusion probability there. The residual is (observed − expected) / √(expected · d),
/// where d is the sheet's dispersion (`Expectations.sheetCounts`, the same as the check's). The
/// squares of a sheet's residuals add up to the
/// statistic of `sealed check`'s "sheet ..." chi-square (before any pooling of small bins), so a
/// residual beyond ±3 or so names the card that makes a sheet fail. Costs O(sites × sheet size).
package struct SheetFrequency: Sendable {
  /// One card of one sheet: the sheet's name, the card's ordinal in `plan.cards`, its count within
  /// the sheet and the count the rules predict.
  package struct Row: Sendable {
    package let sheet: String
    package let card: Int
    package let observed: Int
    package let expected: Double
    /// nil when the card is never expected in the sheet.
    package let residual: Double?
    /// The card's exact tail within its sheet, when computed (`SealedStats.CardTails`).
    package var tail: CardTail?
  }

  package var rows: [Row]

  /// The rows of every sheet the rules expect any card of, in the plan's sheet order (tails not
  /// yet computed). Cost: O(sites × sheet size).
  package init(plan: BoosterPlan, expectations: Expectations, tally: SimulationTally) {
    var rows: [Row] = []
    for (sheetIndex, sheet) in plan.sheets.enumerated() {
      let counts = expectations.sheetCounts(sheetIndex, tally: tally)
      guard counts.expected.contains(where: { $0 > 0 }) else { continue }
      let dispersion = counts.dispersion ?? 1
      for (index, ordinal) in sheet.cards.enumerated() {
        let e = counts.expected[index]
        rows.append(
          Row(
            sheet: sheet.name, card: ordinal, observed: counts.observed[index], expected: e,
            residual: e > 0 ? (Double(counts.observed[index]) - e) / (e * dispersion).squareRoot() : nil))
      }
    }
    self.rows = rows
  }

  /// `sheet_frequency.csv` (values rounded as `FrequencyRow` rounds them).
  package func table(plan: BoosterPlan) -> FrequencyTable {
    FrequencyTable(
      file: .sheetFrequency,
      rows: rows.map { row in
        let card = plan.cards[row.card]
        return FrequencyRow(
          group: row.sheet, card: card, number: card.collectorNumber.text, name: card.name, observed: row.observed,
          expected: row.expected, residual: row.residual, tail: row.tail)
      })
  }
}
