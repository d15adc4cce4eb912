import SealedSupport
import SealedReports
import SealedReportHTML

/// Adds `report.html`, made from the values written into the CSV files among `files`, to the
/// files of a report folder.
enum HTMLReportFile {
  static func adding(to files: [(name: String, contents: String)], contents: ReportContents) throws(DataError) -> [(name: String, contents: String)] {
    files + [(HTMLReport.fileName, try HTMLReport.render(contents))]
  }
}
