import SealedSupport
import SealedRules
import SealedEngine

/// One sheet's copies over a run: each card's observed and expected count, summed over the
/// draw sites that use the sheet, and the dispersion of Pearson's statistic over them.
package struct SheetCounts: Sendable {
  package let observed: [Int]
  package let expected: [Double]
  /// The ratio of the statistic's exact mean, Σ Var O_i / E_i over the cards expected at all,
  /// to their number less one: (n − k)/(n − 1) for k distinct of n equally likely, 1 for draws
  /// with replacement. Nil when fewer than two cards are expected.
  package let dispersion: Double?
}

extension Expectations {
  /// The counts of sheet `index` in `tally` (`sealed check`'s "sheet ..." test and the rows of
  /// `sheet_frequency.csv` both read them). Every use of a site draws a fixed number of the
  /// sheet's cards, so the total is fixed and the statistic's mean is Σ Var O_i / E_i.
  /// Cost: O(sites × sheet size).
  package func sheetCounts(_ index: Int, tally: SimulationTally) -> SheetCounts {
    let sheet = plan.sheets[index]
    var observed = [Int](repeating: 0, count: sheet.cards.count)
    for (siteIndex, site) in plan.sites.enumerated() where site.draw.sheet == index {
      for (card, ordinal) in sheet.cards.enumerated() {
        observed[card] += tally.siteCards[siteIndex * tally.cardCount + ordinal]
      }
    }
    let (expected, dispersion) = sheetExpectation(index) { site in
      Double(tally.combinations[site.kind * plan.combinations.count + site.combination])
    }
    return SheetCounts(observed: observed, expected: expected, dispersion: dispersion)
  }

  /// The expected copies of sheet `index`'s cards per pool, and the dispersion of its
  /// statistic, from the plan alone (what `sealed check --plan` sizes a run by).
  package func sheetExpectationPerPool(_ index: Int) -> (expected: [Double], dispersion: Double?) {
    let perKind = plan.expectedBoostersPerKind
    return sheetExpectation(index) { site in perKind[site.kind] * plan.combinationProbabilities[site.kind][site.combination] }
  }

  /// Expected copies and dispersion of a sheet when each draw site is used `uses(site)` times.
  private func sheetExpectation(_ index: Int, uses: (PlanSite) -> Double) -> (expected: [Double], dispersion: Double?) {
    let sheet = plan.sheets[index]
    var expected = [Double](repeating: 0, count: sheet.cards.count)
    var variance = [Double](repeating: 0, count: sheet.cards.count)
    for (siteIndex, site) in plan.sites.enumerated() where site.draw.sheet == index {
      let used = uses(site)
      for card in sheet.cards.indices {
        expected[card] += used * siteInclusion[siteIndex][card]
        variance[card] += used * siteCopyVariance(site: siteIndex, index: card)
      }
    }
    let cells = expected.indices.filter { expected[$0] > 0 }
    let dispersion = cells.count > 1
      ? max(cells.reduce(0.0) { $0 + variance[$1] / expected[$1] } / Double(cells.count - 1), 1e-9) : nil
    return (expected, dispersion)
  }
}
