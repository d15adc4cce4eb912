import Foundation
import SealedReports
@testable import SealedReportHTML
import Testing

/// `CheckProductsPage`, a `sealed check-products` run's page, from tables as the run writes
/// them: its banner follows the baseline's findings when there is one (what the run's exit
/// status follows), an interrupted run says so, the run's times stay off the page, a refused
/// product links nothing, and text from the data is escaped.
@Suite struct CheckProductsPageTests {
  static let summaryHeader = ReportFile.summary.columns

  /// A summary row of `product` with the given verdict and screen.
  static func row(_ product: String, verdict: String, screen: String = "pass", reason: String = "") -> [String] {
    var fields = Dictionary(uniqueKeysWithValues: summaryHeader.map { ($0, "") })
    fields["product"] = product
    fields["verdict"] = verdict
    fields["screen"] = verdict == "refused" ? "" : screen
    fields["confirm_pools"] = screen == "flagged" ? "400" : ""
    fields["checks"] = "12"
    fields["seconds"] = "0.25"
    fields["reason"] = reason
    return summaryHeader.map { fields[$0]! }
  }

  static func render(_ rows: [[String]], run extra: [[String]] = [], findings: [[String]] = []) throws -> String {
    var summary = CSVTable(header: summaryHeader)
    rows.forEach { summary.append($0) }
    var run = CSVTable(header: ["key", "value"])
    ([["data", "/data/boosters.json"], ["pools", "100"], ["threads", "7"], ["elapsed_seconds", "12.34"], ["started_at", "2026-12-06T18:00:00Z"]] + extra)
      .forEach { run.append($0) }
    var found = CSVTable(header: ReportFile.findings.columns)
    findings.forEach { found.append($0) }
    return try CheckProductsPage.render(run: run, summary: summary, findings: found, confirmFolder: "confirm")
  }

  @Test func withoutABaselineTheBannerCountsTheProducts() throws {
    let page = try Self.render([
      Self.row("aaa-draft", verdict: "pass", screen: "flagged"), Self.row("bbb-draft", verdict: "fail"),
      Self.row("ccc-<b>", verdict: "refused", reason: "sheet \"x\" & <y>"),
    ])
    #expect(page.contains(">FAIL: 3 products: 1 pass, 1 fail, 1 refused</p>"))
    #expect(page.contains("<title>Sealed check-products: boosters.json</title>"))
    #expect(page.contains("<a href=\"aaa-draft/report.html\">aaa-draft</a>"))
    #expect(page.contains("flagged, confirmed at 400 pools · <a href=\"confirm/aaa-draft/report.html\">confirmation</a>"))
    #expect(page.contains("<td>ccc-&lt;b&gt;</td>") && page.contains("sheet &quot;x&quot; &amp; &lt;y&gt;"))
    #expect(page.contains("<td class=\"fail\">fail</td>") && page.contains("<td class=\"untested\">refused</td>"))
    #expect(!page.contains("ccc-<b>"))
    // The run's times and threads, which differ between two runs of one seed, are left out.
    #expect(!page.contains("12.34") && !page.contains("2026-12-06T18") && !page.contains("0.25") && !page.contains(">threads<"))
  }

  @Test func aBaselineDecidesTheBanner() throws {
    let rows = [Self.row("aaa-draft", verdict: "fail")]
    let known: [[String]] = [["baseline", "old.csv"], ["findings_new", "0"], ["findings_changed", "0"], ["findings_known", "3"], ["findings_unchecked", "0"], ["findings_lost", "0"]]
    #expect(try Self.render(rows, run: known).contains(">PASS: nothing new against the baseline (3 known findings)</p>"))
    var changed = known
    changed[1][1] = "2"
    changed[2][1] = "1"
    #expect(try Self.render(rows, run: changed).contains(">FAIL: 2 new findings and 1 changed finding against the baseline</p>"))
    // Products lost are counted as products, as the terminal counts them.
    let lost = known + [["products_lost", "1"]]
    #expect(try Self.render(rows, run: lost).contains(">FAIL: 1 product of the baseline not in the release against the baseline</p>"))
  }

  /// With --strict a product whose lint warns fails the run, and the page says so as the
  /// terminal does (it said PASS, and that warnings fail the run only with --strict).
  @Test func strictFailsOnALintWarning() throws {
    var warned = Self.row("aaa-draft", verdict: "pass")
    warned[Self.summaryHeader.firstIndex(of: "lint")!] = "warn"
    let strict = try Self.render([warned], run: [["strict", "yes"]])
    #expect(strict.contains(">FAIL: --strict: the lint of 1 product(s) warns</p>") && strict.contains("they fail the run (--strict)"))
    let lenient = try Self.render([warned], run: [["strict", "no"]])
    #expect(lenient.contains(">PASS: 1 product, every one passes</p>") && lenient.contains("they fail the run only with --strict"))
  }

  @Test func anInterruptedRunSaysSo() throws {
    let page = try Self.render([Self.row("aaa-draft", verdict: "pass")], run: [["products_matched", "5"], ["status", "interrupted"]])
    #expect(page.contains(">INTERRUPTED after 1 of 5 products</p>"))
  }

  @Test func findingsAreListedWhenThereAreSome() throws {
    let rows = [Self.row("aaa-draft", verdict: "fail")]
    #expect(!(try Self.render(rows)).contains("id=\"findings\""))
    let page = try Self.render(rows, findings: [["aaa-draft", "rules", "sheet common", "3 < 4", "", ""]])
    #expect(page.contains("<tr><td>aaa-draft</td><td>rules</td><td>sheet common</td><td>3 &lt; 4</td><td></td></tr>"))
  }

  /// Every page's template holds the style sheet's marker once (a template without it would
  /// render a page with no style, silently).
  @Test func everyPageTemplateTakesTheSharedStyleSheet() {
    for template in [PackageResources.report_mustache, PackageResources.release_diff_mustache, PackageResources.check_products_mustache] {
      #expect(String(decoding: template, as: UTF8.self).components(separatedBy: PageTemplate.styleMarker).count == 2)
    }
    #expect(String(decoding: PackageResources.page_style_css, as: UTF8.self).contains("--fail:"))
  }
}
