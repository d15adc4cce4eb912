import Foundation
import Mustache
import SealedReports
@testable import SealedReportHTML
import SealedTestSupport
import Testing

/// The verdict table's rows are written in Swift (`ReportPage.checkRowsHTML`), not by the
/// template's sections: they must be the bytes those sections wrote, escaping included.
@Suite struct CheckRowsHTMLTests {
  /// The sections the template held for the rows before, rendered by the template engine itself
  /// under the pages' escaping (`PageTemplate`).
  static func sections() throws -> MustacheTemplate {
    try PageTemplate.parse(
      Array(
        """
        {{#checkRows}}<tr{{#failed}} class="failed"{{/failed}}>{{#cells}}<td class="{{cssClass}}">{{text}}{{#detail}}<span class="detail">{{detail}}</span>{{/detail}}</td>{{/cells}}</tr>
        {{/checkRows}}
        """.utf8), name: "test")
  }

  @Test func rowsAreWhatTheTemplateSectionsWrote() throws {
    var checks = HTMLReportTests.checks(extraColumn: true)
    // Text to escape: markup, an ampersand, both quotes, a line break, and a quote that a
    // combining mark follows (one `Character`, escaped all the same by the pages' byte-level
    // escaping); a failed row with a detail and a passing one without.
    checks.append([
      "sheet <b>rare</b> & \"mythic\": it's \"\u{301}odd", "binomial", "10", "0.5", "0.4", "", "", "0.9", "1", "0.1",
      "0.9", "0.001", "fail", "rules", "two\nlines <i>&amp;</i>", "0.2",
    ])
    checks.append(["plain", "invariant", "10", "0", "0", "", "", "", "", "", "", "0.001", "pass", "rules", "", ""])
    let dir = try Fixtures.temporaryDirectory()
    try Fixtures.write(HTMLReportTests.run.text, to: "run.csv", in: dir)
    try Fixtures.write(checks.text, to: "checks.csv", in: dir)
    let page = ReportPage(try ReportContents.read(folder: dir.path))
    #expect(page.checkRows.count == 5)
    #expect(page.checkRows.contains { $0.failed } && page.checkRows.contains { !$0.failed })
    #expect(page.checkRowsHTML.contains("&lt;b&gt;rare&lt;/b&gt; &amp; &quot;mythic&quot;: it&#39;s"))
    // Kept in a `let`: swift-testing's `#expect` cannot expand such a literal.
    let combined = "&quot;\u{301}odd"
    #expect(page.checkRowsHTML.contains(combined))
    let written = try Self.sections().render(page)
    #expect(page.checkRowsHTML == written)
  }

  /// A page without checks has no rows, as the sections wrote none.
  @Test func noChecksNoRows() throws {
    let dir = try Fixtures.temporaryDirectory()
    try Fixtures.write(HTMLReportTests.run.text, to: "run.csv", in: dir)
    let page = ReportPage(try ReportContents.read(folder: dir.path))
    let written = try Self.sections().render(page)
    #expect(page.checkRowsHTML.isEmpty && written.isEmpty)
  }
}
