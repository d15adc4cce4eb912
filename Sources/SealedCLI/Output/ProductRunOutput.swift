import Foundation
import SealedJobs
import SealedReports
import SealedSupport

/// What `sealed check-products` prints once its files are written: the table, the totals, the
/// run's error control, the lint, the findings, where the files are, and the verdict.
enum ProductRunOutput {
  /// Prints the run's outcome; throws the exit status of an interrupted run (130). Whether the
  /// run failed (exit 1) is the caller's to say.
  static func report(_ outcome: ProductsJob.Outcome, of job: ProductsJob, strict: Bool) throws {
    let summary = outcome.result.summary
    print(ProductTable.render(summary), terminator: "")
    print(summary.totals)
    print(ProductTable.errorControl(summary, job: job), terminator: "")
    print(ProductTable.lint(summary), terminator: "")
    print(FindingsOutput.render(outcome.findings, comparison: outcome.comparison, file: "findings.csv"), terminator: "")
    if !job.specsWithoutProduct.isEmpty {
      print("note: " + SpecsWithoutProduct.note(job.specsWithoutProduct))
    }
    if outcome.result.interrupted {
      print("INTERRUPTED after \(summary.rows.count) of \(job.products.count) products; the summary lists those that finished")
    }
    let seconds = String(format: "%.1f", outcome.elapsedSeconds)
    print("whole run: \(seconds) s for \(counted(summary.rows.count, "product")) of \(job.pools) pools on \(job.threads) thread(s)")
    print("summary: \(job.folder!.path)/\(ProductSummary.fileName)")
    print("page: \(job.folder!.path)/report.html")
    print("reports: \(job.folder!.path)/<product>/")
    if outcome.result.interrupted { throw CommandFailure(status: 130) }
    if let comparison = outcome.comparison {
      print(FindingsOutput.verdict(comparison))
    } else if strict && !summary.failed && summary.failed(strict: true) {
      print("FAIL: --strict: the lint of \(summary.rows.filter { !$0.warnings.isEmpty }.count) product(s) warns")
    }
  }
}
