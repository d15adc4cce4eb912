import SealedReports
import SealedStats

extension CheckResult {
  /// The check as a row of `audit.csv`: a row of `checks.csv` with how its p-value was
  /// obtained and, when drawn, its Monte Carlo p-value and standard error.
  package var auditRow: CheckRow {
    var row = self.row
    row.method = method
    row.monteCarloP = monteCarloP
    row.monteCarloSE = monteCarloSE
    return row
  }
}
