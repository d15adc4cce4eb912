import Foundation
import SealedTestSupport
import Testing

/// Whether Debian's `chromium` is on the PATH.
private let chromiumPath: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
  .split(separator: ":").map { "\($0)/chromium" }.first { FileManager.default.isExecutableFile(atPath: $0) }

/// `report.html` in a real browser: `scripts/check-report-in-browser` passes on a real report
/// and fails on a page that logs an error and fetches an image from the network. Skipped when
/// Chromium is absent (`.ci/run` installs it; the script installs it too when run by hand).
@Suite(.heavy, .enabled(if: chromiumPath != nil, "chromium is not installed: apt-get install chromium, or run scripts/check-report-in-browser once, which installs it"))
struct BrowserReportTests {
  let script = Fixtures.repositoryRoot.appendingPathComponent("scripts/check-report-in-browser").path

  /// Runs the script; returns its exit status and what it printed (both streams).
  func run(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [script] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test(.heavy) func aRealReportPassesAndABrokenPageFails() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("war-sealed")
    let check = try SealedExecutable.run(
      ["check", "war", "--pools", "20000", "--seed", "1", "--out", out.path, "--quiet", "--cards", Fixtures.shippedCards])
    #expect(check.status == 0, "\(check.stderr)")
    let shots = dir.appendingPathComponent("shots")
    let good = try run([out.path, "--shots", shots.path])
    #expect(good.status == 0, "\(good.stdout)")
    #expect(good.stdout.contains("ok    no request leaves the page"))
    #expect(good.stdout.contains("ok    the verdict 'PASS: all "))
    #expect(good.stdout.hasSuffix("all checks passed\n"))
    for file in ["report.png", "report-dark.png", "report.pdf"] {
      #expect(FileManager.default.fileExists(atPath: shots.appendingPathComponent(file).path), "\(file)")
    }

    // The same page with a console error and an image from the network.
    let page = out.appendingPathComponent("report.html")
    let html = try String(contentsOf: page, encoding: .utf8)
    try Data(
      html.replacingOccurrences(
        of: "</body>", with: "<script>console.error(\"planted\")</script><img src=\"http://198.51.100.7/x.png\" alt=\"\"></body>"
      ).utf8
    ).write(to: page)
    let bad = try run([out.path, "--shots", shots.path])
    #expect(bad.status == 1, "\(bad.stdout)")
    #expect(bad.stdout.contains("FAIL  no console messages"))
    #expect(bad.stdout.contains("\"planted\""))
    #expect(bad.stdout.contains("FAIL  no request leaves the page"))
    #expect(bad.stdout.contains("http://198.51.100.7/x.png"))
  }

  /// An audit's report (audit.csv, the residual strips of its sheets) passes the same checks.
  @Test(.heavy) func anAuditReportPasses() throws {
    let dir = try Fixtures.temporaryDirectory()
    let packs = dir.appendingPathComponent("packs.csv").path
    let opened = try SealedExecutable.run(
      ["open", "war", "--rules", "retail", "--pools", "40", "--seed", "2", "--format", "csv", "--out", packs, "--cards", Fixtures.shippedCards])
    #expect(opened.status == 0, "\(opened.stderr)")
    let out = dir.appendingPathComponent("audit")
    let audit = try SealedExecutable.run(
      ["audit", "war", "--rules", "retail", "--packs", packs, "--resamples", "199", "--out", out.path, "--quiet", "--cards", Fixtures.shippedCards])
    #expect(audit.status == 0, "\(audit.stdout)")
    let result = try run([out.path, "--shots", dir.appendingPathComponent("shots").path])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("ok    the title names set, rules and boosters"))
    #expect(result.stdout.contains("ok    the verdict 'PASS: all "))
  }

  /// `sealed rules diff`'s page: mtg.wtf's 2023 file against the shipped data passes the checks
  /// (title, verdict, every product not unchanged (397: two more since a product whose sheets were renamed has changed, and two before since one whose name
  /// changed where its code stayed has changed; 55 summaries, j22's and jmp's renamed deck sheets
  /// among them), each product's summary of what changed and
  /// the 50 largest changes in its text, no request, screenshots, PDF); the same page with a
  /// product's row or a summary removed fails, naming the product.
  @Test func aReleaseDiffPagePassesAndAPageMissingAProductFails() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("diff")
    let diff = try SealedExecutable.run(["rules", "diff", Fixtures.boosters2023, "--out", out.path])
    #expect(diff.status == 1, "\(diff.stderr)")
    let good = try run([out.path, "--shots", dir.appendingPathComponent("shots").path])
    #expect(good.status == 0, "\(good.stdout)")
    #expect(good.stdout.contains("ok    the verdict 'CHANGED:'"))
    #expect(good.stdout.contains("ok    all 397 products not unchanged are listed"))
    #expect(good.stdout.contains("ok    all 55 summaries of products.csv are in the text"))
    let page = out.appendingPathComponent("report.html")
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(html.contains("booster size 19 → 20"))
    let damaged = html.replacingOccurrences(of: "<td>cmb1</td>", with: "<td></td>")
      .replacingOccurrences(of: "<td>bro-jumpstart</td><td>size</td><td>booster size 19 → 20", with: "<td>bro-jumpstart</td><td>size</td><td>")
    try Data(damaged.utf8).write(to: page)
    let bad = try run([out.path, "--shots", dir.appendingPathComponent("shots").path])
    #expect(bad.status == 1, "\(bad.stdout)")
    #expect(bad.stdout.contains("FAIL  all 397 products not unchanged are listed\n      cmb1"))
    #expect(bad.stdout.contains("FAIL  all 55 summaries of products.csv are in the text\n      bro-jumpstart"))
  }

  /// `sealed check-products`' page: a run whose two products the screen flags (tdm-play failing
  /// exact claims, mor-draft passing; check-products.md's seed 25) passes the checks (verdict,
  /// run.csv's facts, every finding and every product cell for cell, each link's report there);
  /// the same page with a product's checks count changed, or its confirmation's link gone, fails
  /// naming the product.
  @Test func aCheckProductsPagePassesAndAPageWithAWrongCellFails() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("products")
    let checked = try SealedExecutable.run(
      ["check-products", "--products", "tdm-play,mor-draft", "--family", "538", "--pools", "10000", "--seed", "25", "--quiet", "--out", out.path])
    #expect(checked.status == 1, "\(checked.stderr)")
    let shots = dir.appendingPathComponent("shots").path
    let good = try run([out.path, "--shots", shots])
    #expect(good.status == 0, "\(good.stdout)")
    #expect(good.stdout.contains("ok    the verdict 'FAIL: 2 products: 1 pass, 1 fail, 0 refused'"), "\(good.stdout)")
    #expect(good.stdout.contains("ok    all 21 findings of findings.csv, cell for cell"), "\(good.stdout)")
    #expect(good.stdout.contains("ok    each product links its report and, when flagged, its confirmation's, and they are there"))
    let page = out.appendingPathComponent("report.html")
    let html = try String(contentsOf: page, encoding: .utf8)
    let row = try #require(html.range(of: "<a href=\"mor-draft/report.html\">mor-draft</a>"))
    let damaged = html.replacingOccurrences(of: "<td class=\"num\">13</td>", with: "<td class=\"num\">14</td>", range: row.lowerBound..<html.endIndex)
      .replacingOccurrences(of: " · <a href=\"confirm/tdm-play/report.html\">confirmation</a>", with: "")
    #expect(damaged != html)
    try Data(damaged.utf8).write(to: page)
    let bad = try run([out.path, "--shots", shots])
    #expect(bad.status == 1, "\(bad.stdout)")
    #expect(bad.stdout.contains("FAIL  each product's cells are summary.csv's\n      mor-draft\n      tdm-play"), "\(bad.stdout)")
    #expect(bad.stdout.contains("FAIL  each product links its report and, when flagged, its confirmation's, and they are there\n      tdm-play"), "\(bad.stdout)")
  }
}
