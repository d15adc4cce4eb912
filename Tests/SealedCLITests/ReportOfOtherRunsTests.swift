import Foundation
import SealedTestSupport
import Testing

/// `sealed report` rebuilds the page of a report folder, a check-products run's too (from its
/// run.csv, summary.csv and findings.csv, the page the run wrote byte for byte, listed in the
/// manifest when an earlier Sealed wrote none); a lint writes a run.csv but no report: refused in
/// one line (a check-products folder got a page of "? · ?", unlisted in its manifest, which the
/// next run then refused as not Sealed's).
@Suite struct ReportOfOtherRunsTests {
  @Test func aRunOfProductsIsRebuiltALintRefusedAndTheNextRunStillWorks() throws {
    let dir = try Fixtures.temporaryDirectory()
    let products = dir.appendingPathComponent("cp").path
    let run = ["check-products", "--products", "war-draft", "--pools", "1000", "--seed", "1", "--out", products, "--quiet"]
    #expect(try SealedExecutable.run(run).status == 0)
    let page = products + "/report.html"
    let written = try String(contentsOfFile: page, encoding: .utf8)
    // A folder of an earlier Sealed: no page, none in the manifest.
    try FileManager.default.removeItem(atPath: page)
    let manifest = products + "/manifest.csv"
    let listed = try String(contentsOfFile: manifest, encoding: .utf8)
    try Data(listed.replacingOccurrences(of: "report.html,,\n", with: "").utf8).write(to: URL(fileURLWithPath: manifest))
    let rebuilt = try SealedExecutable.run(["report", products])
    #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
    #expect(rebuilt.stdout == "report: \(page)\n")
    #expect(try String(contentsOfFile: page, encoding: .utf8) == written)
    #expect(try String(contentsOfFile: manifest, encoding: .utf8) == listed)
    #expect(try SealedExecutable.run(run).status == 0)
    #expect(try SealedExecutable.run(["report", products + "/war-draft"]).status == 0)
    let lint = dir.appendingPathComponent("lint").path
    #expect(try SealedExecutable.run(["rules", "lint", "--products", "war-draft", "--out", lint]).status == 0)
    let notReport = try SealedExecutable.run(["report", lint])
    #expect(notReport.status == 2)
    #expect(notReport.stderr.hasPrefix("sealed: error: \(lint): the run.csv of sealed rules lint, which has no report page to rebuild"), "\(notReport.stderr)")
    // A diff's folder has a page, made from the two releases, which its files do not hold (the
    // refusal said it had none).
    let diff = dir.appendingPathComponent("diff").path
    #expect(try SealedExecutable.run(["rules", "diff", "shipped", "--out", diff]).status == 0)
    let diffReport = try SealedExecutable.run(["report", diff])
    #expect(diffReport.status == 2)
    #expect(diffReport.stderr.hasPrefix("sealed: error: \(diff): the run.csv of sealed rules diff, whose page is made from the two releases, not from its files (run sealed rules diff again)"), "\(diffReport.stderr)")
  }
}
