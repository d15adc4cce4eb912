import Foundation
import SealedTestSupport
import Testing

/// `sealed report` rebuilds the page of a report folder; a check-products run or a lint writes a
/// run.csv but no report: refused in one line (a check-products folder got a page of "? · ?",
/// unlisted in its manifest, which the next run then refused as not Sealed's).
@Suite struct ReportOfOtherRunsTests {
  @Test func aRunOfProductsOrALintIsRefusedAndTheNextRunStillWorks() throws {
    let dir = try Fixtures.temporaryDirectory()
    let products = dir.appendingPathComponent("cp").path
    let run = ["check-products", "--products", "war-draft", "--pools", "1000", "--seed", "1", "--out", products, "--quiet"]
    #expect(try SealedExecutable.run(run).status == 0)
    let refused = try SealedExecutable.run(["report", products])
    #expect(refused.status == 2)
    #expect(refused.stderr == "sealed: error: \(products): a sealed check-products run, whose products' reports are folders of their own here; sealed report \(products)/CODE rebuilds one's page\n")
    #expect(!FileManager.default.fileExists(atPath: products + "/report.html"))
    #expect(try SealedExecutable.run(run).status == 0)
    #expect(try SealedExecutable.run(["report", products + "/war-draft"]).status == 0)
    let lint = dir.appendingPathComponent("lint").path
    #expect(try SealedExecutable.run(["rules", "lint", "--products", "war-draft", "--out", lint]).status == 0)
    let notReport = try SealedExecutable.run(["report", lint])
    #expect(notReport.status == 2)
    #expect(notReport.stderr.hasPrefix("sealed: error: \(lint): the run.csv of sealed rules lint, which has no report page to rebuild"), "\(notReport.stderr)")
  }
}
