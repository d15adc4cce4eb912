import Foundation
import Mustache
import SealedReports
@testable import SealedReportHTML
import SealedTestSupport
import Testing

/// The page's values answer the template's names themselves instead of by reflection (issue
/// 42). Each must answer for every stored property as reflection would, and for nothing else;
/// a property added without its answer fails here, naming it.
@Suite struct ReportPageLookupTests {
  /// What reflection gives for `label` (an optional unwrapped, as the renderer's `Mirror` lookup does).
  static func reflected(_ value: Any, _ label: String) -> String {
    guard let child = Mirror(reflecting: value).children.first(where: { $0.label == label }) else { return "absent" }
    let mirror = Mirror(reflecting: child.value)
    if mirror.displayStyle == .optional { return mirror.children.first.map { String(describing: $0.value) } ?? "nil" }
    return String(describing: child.value)
  }

  static func answered(_ value: MustacheParent, _ label: String) -> String {
    value.child(named: label).map { String(describing: $0) } ?? "nil"
  }

  /// Every stored property of `value` answered as reflection answers it, and an unknown name nil.
  static func check(_ value: MustacheParent) {
    let labels = Mirror(reflecting: value).children.compactMap(\.label)
    #expect(!labels.isEmpty)
    for label in labels {
      #expect(answered(value, label) == reflected(value, label), "\(type(of: value)).\(label)")
    }
    #expect(value.child(named: "noSuchName") == nil)
  }

  @Test func everyValueOfAPageAnswersAsReflectionWould() throws {
    let dir = try Fixtures.temporaryDirectory()
    for (name, table) in [
      ("run.csv", HTMLReportTests.run), ("checks.csv", HTMLReportTests.checks(extraColumn: true)),
      ("sheet_frequency.csv", HTMLReportTests.exactSheets), ("mythic_position.csv", HTMLReportTests.position),
    ] {
      try Fixtures.write(table.text, to: name, in: dir)
    }
    let page = ReportPage(try ReportContents.read(folder: dir.path))
    Self.check(page)
    #expect(!page.identity.isEmpty && !page.checkRows.isEmpty && !page.sheets.isEmpty && !page.position.isEmpty)
    page.identity.forEach { Self.check($0) }
    page.checkHeader.forEach { Self.check($0) }
    page.checkHeader.flatMap(\.parts).forEach { Self.check($0) }
    page.checkRows.forEach { Self.check($0) }
    let cells = page.checkRows.flatMap(\.cells)
    cells.forEach { Self.check($0) }
    #expect(cells.contains { $0.detail == nil } && cells.contains { $0.detail != nil })
    (page.proportions + page.sheets + page.position).forEach { Self.check($0) }
  }
}
