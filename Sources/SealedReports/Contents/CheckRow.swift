import SealedSupport

/// What a check tests with: `kind` in `checks.csv`.
package enum CheckKind: String, Sendable, CaseIterable {
  case binomial
  case chiSquare = "chi_square"
  case invariant
}

/// A check's outcome. `notTested` is neither a pass nor a failure: the run could not test it.
package enum CheckVerdict: String, Sendable, CaseIterable {
  case pass
  case fail
  case notTested = "not_tested"
}

/// Where a check's claim comes from: derived from the rule set, or stated by the spec.
package enum CheckSource: String, Sendable, CaseIterable {
  case rules
  case spec
  /// One test of a hypothesis that the rules and the spec both state (same counts, same
  /// expectation): counted once in the Holm adjustment.
  case both = "rules+spec"
}

/// One row of `checks.csv` (or of `audit.csv`, which adds how each p-value was obtained), with
/// the values the file writes: what `report.html` shows in its verdict table and charts. Made
/// from a `CheckResult` (SealedStats) or read back from the file (`sealed report DIR`).
package struct CheckRow: Sendable {
  package var name: String
  package var kind: CheckKind
  package var n: Int
  package var observed: Double?
  package var expected: Double?
  package var statistic: Double?
  package var degreesOfFreedom: Int?
  package var pValue: Double?
  /// The Holm–Bonferroni adjusted p-value over the run's statistical checks.
  package var pAdjusted: Double?
  package var confidenceLow: Double?
  package var confidenceHigh: Double?
  package var alpha: Double
  package var verdict: CheckVerdict
  package var source: CheckSource
  package var detail: String
  package var confidenceLevel: Double?
  /// `audit.csv`'s: how the p-value was obtained, and the Monte Carlo p-value with its
  /// standard error.
  package var method: CheckMethod?
  package var monteCarloP: Double?
  package var monteCarloSE: Double?
  /// The fields of columns a file read back has and this Sealed does not know, by column.
  package var otherFields: [String: String] = [:]

  /// A row with the given values (no `method`, Monte Carlo values or other fields: set them after).
  package init(
    name: String, kind: CheckKind, n: Int, observed: Double?, expected: Double?, statistic: Double?,
    degreesOfFreedom: Int?, pValue: Double?, pAdjusted: Double?, confidenceLow: Double?, confidenceHigh: Double?,
    alpha: Double, verdict: CheckVerdict, source: CheckSource, detail: String, confidenceLevel: Double?
  ) {
    self.name = name
    self.kind = kind
    self.n = n
    self.observed = observed
    self.expected = expected
    self.statistic = statistic
    self.degreesOfFreedom = degreesOfFreedom
    self.pValue = pValue
    self.pAdjusted = pAdjusted
    self.confidenceLow = confidenceLow
    self.confidenceHigh = confidenceHigh
    self.alpha = alpha
    self.verdict = verdict
    self.source = source
    self.detail = detail
    self.confidenceLevel = confidenceLevel
  }

  /// The text of `column` as the file writes it (`CSVNumber.format` for numbers); nil for a
  /// column the row does not have.
  package func field(_ column: String) -> String? {
    switch column {
    case "check": name
    case "kind": kind.rawValue
    case "n": String(n)
    case "observed": CSVNumber.format(observed)
    case "expected": CSVNumber.format(expected)
    case "statistic": CSVNumber.format(statistic)
    case "df": degreesOfFreedom.map(String.init) ?? ""
    case "p_value": CSVNumber.format(pValue)
    case "p_adjusted": CSVNumber.format(pAdjusted)
    case "ci_low": CSVNumber.format(confidenceLow)
    case "ci_high": CSVNumber.format(confidenceHigh)
    case "alpha": CSVNumber.format(alpha)
    case "verdict": verdict.rawValue
    case "source": source.rawValue
    case "detail": detail
    case "ci_level": CSVNumber.format(confidenceLevel)
    case "method": method?.text ?? ""
    case "p_monte_carlo": CSVNumber.format(monteCarloP)
    case "mc_standard_error": CSVNumber.format(monteCarloSE)
    default: otherFields[column]
    }
  }

  /// Reads a row of `checks.csv` or `audit.csv`. Columns an older Sealed did not write are
  /// empty; a column this Sealed does not know is kept as text (`otherFields`).
  init(_ record: CSVRecord) throws(DataError) {
    self.init(
      name: try record.text("check"), kind: try record.value("kind"), n: try record.integer("n"),
      observed: try record.number("observed"), expected: try record.number("expected"),
      statistic: try record.number("statistic"), degreesOfFreedom: try record.optionalInteger("df"),
      pValue: try record.number("p_value"), pAdjusted: try record.number("p_adjusted"),
      confidenceLow: try record.number("ci_low"), confidenceHigh: try record.number("ci_high"),
      alpha: try record.requiredNumber("alpha"), verdict: try record.value("verdict"), source: try record.value("source"),
      detail: record.optionalText("detail") ?? "", confidenceLevel: try record.number("ci_level"))
    method = try record.method("method")
    monteCarloP = try record.number("p_monte_carlo")
    monteCarloSE = try record.number("mc_standard_error")
    for column in record.columns where ReportFile.audit.columns.firstIndex(of: column) == nil {
      otherFields[column] = record.optionalText(column)
    }
  }
}

/// The verdict table of a report: `checks.csv` (`sealed check`) or `audit.csv` (`sealed audit`).
public struct CheckTable: Sendable {
  /// `.checks` or `.audit`.
  package var file: ReportFile
  /// The columns shown: the file's (`file.columns`), or those of a file read back.
  package var columns: [String]
  package var rows: [CheckRow]

  /// A table of `rows` with `file`'s columns; `file` must be `.checks` or `.audit` (it traps otherwise).
  package init(file: ReportFile, rows: [CheckRow]) {
    precondition(file == .checks || file == .audit, "a check table is checks.csv or audit.csv")
    self.file = file
    columns = file.columns
    self.rows = rows
  }

  init(file: ReportFile, columns: [String], rows: [CheckRow]) {
    self.init(file: file, rows: rows)
    self.columns = columns
  }

  /// The fields of `row` in `columns`' order.
  package func fields(_ row: CheckRow) -> [String] { columns.map { row.field($0) ?? "" } }

  /// The CSV file.
  package var table: CSVTable {
    var table = CSVTable(header: columns)
    for row in rows { table.append(fields(row)) }
    return table
  }
}
