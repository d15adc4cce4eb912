import ArgumentParser
import Foundation
import SealedSupport
import SealedReports
import SealedReportHTML
import SealedJobs

/// `sealed report DIR`: rebuilds `report.html` from the CSV files of a report folder.
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Rebuild report.html from the CSV files of a report folder (simulate, check, merge, audit or check-products).",
    discussion: """
      Reads run.csv and the other CSV files of the folder (checks.csv and mythic_fairness.csv \
      when sealed check wrote them; summary.csv and findings.csv of a check-products run) and \
      writes report.html beside them, replacing it atomically (a report.html Sealed did not \
      write only with --force). Needs no card data and simulates nothing.
      """)

  @Argument(help: "A report folder.")
  var folder: String

  @Flag(help: "Replace a report.html that the folder's manifest.csv does not list (one Sealed did not write).")
  var force = false

  func run() throws {
    if RunPage.isProductsRun(folder) {
      try ReportFolder.checkRewritable(HTMLReport.fileName, in: folder, force: force)
      print("report: \(try RunPage.rebuild(folder: folder))")
      return
    }
    // Read first: a folder whose files are not the run's says so before its page is weighed.
    let contents = try ReportContents.read(folder: folder)
    try ReportFolder.checkRewritable(HTMLReport.fileName, in: folder, force: force)
    let path = (folder as NSString).appendingPathComponent(HTMLReport.fileName)
    try ReportFolder.writeFile(try HTMLReport.render(contents), to: path)
    print("report: \(path)")
  }
}
