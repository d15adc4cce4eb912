import SealedSupport
import SealedVerdicts

/// A check as a row of `checks.csv` (or of `audit.csv`, which adds how each p-value was
/// obtained), with the values the file writes: what `report.html` shows in its verdict table
/// and charts; and a row of either file read back (`sealed report DIR`).
extension CheckResult {
  /// The text of `column` as the file writes it (`CSVNumber.format` for numbers, a decimal for
  /// the probabilities and the confidence interval: `1.0`, not `1`, beside `0.0213`); nil for a
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
    case "p_value": pValue.map(CSVNumber.decimal) ?? ""
    case "p_adjusted": pAdjusted.map(CSVNumber.decimal) ?? ""
    case "ci_low": confidenceLow.map(CSVNumber.decimal) ?? ""
    case "ci_high": confidenceHigh.map(CSVNumber.decimal) ?? ""
    case "alpha": CSVNumber.format(alpha)
    case "verdict": verdict.rawValue
    case "source": source.rawValue
    case "detail": detail
    case "ci_level": CSVNumber.format(confidenceLevel)
    case "tests": tests?.rawValue ?? ""
    case "exact_share": exactShare ?? ""
    case "method": method?.text ?? ""
    case "p_monte_carlo": monteCarloP.map(CSVNumber.decimal) ?? ""
    case "mc_standard_error": monteCarloSE.map(CSVNumber.decimal) ?? ""
    default: otherFields[column]
    }
  }

  /// Reads a row of `checks.csv` or `audit.csv`. Columns an older Sealed did not write are
  /// empty; a column this Sealed does not know is kept as text (`otherFields`).
  init(_ record: CSVRecord) throws(DataError) {
    self.init(
      name: try record.text("check"), kind: try record.value("kind"), source: try record.value("source"),
      n: try record.integer("n"), observed: try record.number("observed"), expected: try record.number("expected"),
      statistic: try record.number("statistic"), degreesOfFreedom: try record.optionalInteger("df"),
      pValue: try record.number("p_value"), pAdjusted: try record.number("p_adjusted"),
      confidenceLow: try record.number("ci_low"), confidenceHigh: try record.number("ci_high"),
      confidenceLevel: try record.number("ci_level"), alpha: try record.requiredNumber("alpha"),
      verdict: try record.value("verdict"), detail: record.optionalText("detail") ?? "")
    method = try record.method("method")
    monteCarloP = try record.number("p_monte_carlo")
    monteCarloSE = try record.number("mc_standard_error")
    if let text = record.optionalText("tests"), !text.isEmpty { tests = try record.value("tests") }
    exactShare = record.optionalText("exact_share").flatMap { $0.isEmpty ? nil : $0 }
    for column in record.columns where !ReportFile.audit.columns.contains(column) && !ReportFile.checks.columns.contains(column) {
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
  package var rows: [CheckResult]

  /// A table of `rows` with `file`'s columns; `file` must be `.checks` or `.audit` (it traps otherwise).
  package init(file: ReportFile, rows: [CheckResult]) {
    precondition(file == .checks || file == .audit, "a check table is checks.csv or audit.csv")
    self.file = file
    columns = file.columns
    self.rows = rows
  }

  init(file: ReportFile, columns: [String], rows: [CheckResult]) {
    self.init(file: file, rows: rows)
    self.columns = columns
  }

  /// The fields of `row` in `columns`' order.
  package func fields(_ row: CheckResult) -> [String] { columns.map { row.field($0) ?? "" } }

  /// The CSV file.
  package var table: CSVTable {
    var table = CSVTable(header: columns)
    for row in rows { table.append(fields(row)) }
    return table
  }
}
