import SealedSupport
import SealedRules
import SealedAnalysis
import SealedVerdicts
import SealedReports
import SealedStats
import SealedReportHTML

/// A report folder's files made from its typed values: each CSV, the files a job adds
/// (`tallies.json`), then `report.html` rendered from the same values, so that every number
/// the page prints is the number in the CSV beside it.
package enum ReportFiles {
  /// The files of `contents`, then `extra`, then the page. Throws when the page cannot be
  /// rendered. Cost: one pass over the tables and the page's rendering.
  package static func make(
    _ contents: ReportContents, adding extra: [(name: String, contents: String)] = []
  ) throws(DataError) -> [(name: String, contents: String)] {
    contents.tables.map { (name: $0.name, contents: $0.table.text) } + extra
      + [(HTMLReport.fileName, try HTMLReport.render(contents))]
  }
}

extension GroupFrequency {
  /// `sheet_frequency.csv` or `claim_frequency.csv` (`file`), each row named by its card of
  /// `plan` (or its label) and rounded as `FrequencyRow` rounds.
  package func table(_ file: ReportFile, plan: BoosterPlan) -> FrequencyTable {
    FrequencyTable(
      file: file,
      rows: rows.map { row in
        let card = plan.cards[row.card]
        return FrequencyRow(
          group: row.group, card: card, number: row.isNumbered ? card.collectorNumber.text : "", name: row.label ?? card.name,
          observed: row.observed, expected: row.expected, residual: row.residual, tail: row.tail)
      })
  }
}

extension CheckTable {
  /// `checks.csv` of a checked run.
  package init(_ run: CheckRun) {
    self.init(file: .checks, rows: run.checks)
  }
}

extension MythicFairnessRow {
  /// The rows of several rule sets' tables as one `mythic_fairness.csv`.
  package static func rows(_ tables: [MythicFairness]) -> [MythicFairnessRow] {
    tables.flatMap(\.rows).map {
      MythicFairnessRow(rules: $0.rules, difference: $0.difference, observed: $0.observed, expected: $0.expected)
    }
  }
}

extension ComparisonRow {
  /// The rows of `comparisons.csv` for one compared rule set (`rules`).
  package static func rows(_ counts: [ClaimComparison.Count], rules: String) -> [ComparisonRow] {
    counts.map {
      ComparisonRow(
        check: $0.claim, rules: rules, given: $0.given, n: $0.trials,
        observed: $0.trials == 0 ? nil : Double($0.successes) / Double($0.trials))
    }
  }
}
