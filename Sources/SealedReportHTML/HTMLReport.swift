import Mustache
import SealedSupport
import SealedReports
import SealedVerdicts

/// `report.html`: one self-contained page (inline SVG and CSS, no script, nothing fetched)
/// made from a report's typed values (`ReportContents`), showing its verdicts, proportions, mythic fairness, mythic booster position
/// and every card's standardised residual per sheet, with the run's identity and the command
/// that reproduces it. Made from the template `Resources/report.mustache` and the charts of
/// `SealedCharts`. Costs O(rows of the report's tables); about 15 ms and 125 kB for war after 1,000,000 pools (Benchmarks, ReportWriting).
public enum HTMLReport {
  package static let fileName = ReportFile.page.name

  /// The page for a report's values: those a command has just written into its CSV files, or
  /// those `ReportContents.read(folder:)` read back from them.
  public static func render(_ contents: ReportContents) throws(DataError) -> String {
    try template.get().render(ReportPage(contents))
  }

  /// The page's template, parsed once per process.
  private static let template: Result<MustacheTemplate, DataError> = Result { () throws(DataError) in
    try PageTemplate.parse(PackageResources.report_mustache, name: "report")
  }
}
