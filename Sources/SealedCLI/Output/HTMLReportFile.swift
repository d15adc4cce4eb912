import SealedSupport
import SealedReports
import SealedReportHTML

/// Adds `report.html`, made from the CSV files among `files`, to the files of a report folder.
enum HTMLReportFile {
  static func adding(to files: [(name: String, contents: String)], tables: [(name: String, table: CSVTable)]) throws(DataError) -> [(name: String, contents: String)] {
    files + [(HTMLReport.fileName, try HTMLReport.render(ReportData(tables: tables)))]
  }
}
