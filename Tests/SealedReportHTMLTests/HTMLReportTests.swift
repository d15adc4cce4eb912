import Foundation
import SealedCore
import SealedReportHTML
import SealedTestSupport
import Testing

@Suite struct HTMLReportTests {
  static func table(_ header: [String], _ rows: [[String]]) -> CSVTable {
    var table = CSVTable(header: header)
    for row in rows { table.append(row) }
    return table
  }

  static let run = table(["key", "value"], [
    ["tool_version", "0.2.0"], ["set", "war"], ["rules", "sealed"], ["rules_sha256", "abc123"], ["seed", "7"],
    ["pools", "1000"], ["boosters", "6000"], ["command", "sealed check war --rules sealed --pools 1000 --seed 7"],
  ])

  static func checks(extraColumn: Bool = false) -> CSVTable {
    var header = CheckHeader.columns
    if extraColumn { header.append("effect_size") }
    let rows: [[String]] = [
      ["no card twice in a booster", "invariant", "6000", "0", "0", "", "", "", "", "", "", "0.001", "pass", "rules", "boosters holding a card twice"],
      ["uncommon planeswalker in 78% of non-mythic boosters", "binomial", "5000", "0.7802", "0.78", "", "", "0.97", "1", "0.76", "0.80", "0.001", "pass", "spec", "boosters"],
      ["sheet common: cards equally likely", "chi_square", "60000", "", "", "180.5", "100", "1e-7", "4e-6", "", "", "0.001", "fail", "rules", "largest deviation: Biased Card observed 900, expected 594"],
    ]
    return table(header, rows.map { extraColumn ? $0 + ["0.3"] : $0 })
  }

  enum CheckHeader {
    static let columns = ["check", "kind", "n", "observed", "expected", "statistic", "df", "p_value", "p_adjusted", "ci_low", "ci_high", "alpha", "verdict", "source", "detail"]
  }

  static let sheets = table(
    ["sheet", "set", "collector_number", "name", "rarity", "count", "expected_count", "residual"],
    (1...101).map { number in
      let residual = number == 42 ? 12.5 : Double(number % 9) / 4 - 1
      return ["common", "war", String(number), number == 42 ? "Biased Card" : "Card \(number)", "common", "594", "594", String(residual)]
    })

  static let position = table(
    ["booster_index", "pools", "proportion", "expected_proportion"],
    (1...6).map { ["\($0)", "166", "0.166", "0.16666666666666666"] })

  func page(_ tables: [(name: String, table: CSVTable)]) throws -> String {
    try HTMLReport.render(ReportData(tables: tables))
  }

  /// The text of the `<tbody>` rows of the verdict table, in order.
  func verdictRows(_ html: String) throws -> [String] {
    let body = try #require(html.components(separatedBy: "<tbody>").dropFirst().first?.components(separatedBy: "</tbody>").first)
    return body.components(separatedBy: "<tr").dropFirst().map { String($0) }
  }

  @Test func failuresComeFirstAndAreMarkedInWordsNotOnlyColour() throws {
    let html = try page([("run.csv", Self.run), ("checks.csv", Self.checks()), ("sheet_frequency.csv", Self.sheets)])
    let rows = try verdictRows(html)
    #expect(rows.count == 3)
    #expect(rows[0].contains("sheet common: cards equally likely"))
    #expect(rows[0].contains("✗ FAIL"))
    #expect(rows[0].contains("class=\"failed\""))
    #expect(rows[1].contains("no card twice in a booster"))
    #expect(html.contains("FAIL: 1 of 3 checks failed"))
    // Adjusted p-value and interval are shown.
    #expect(rows[0].contains(">4e-6<"))
    #expect(rows[2].contains(">0.76<") && rows[2].contains(">0.8<"))
  }

  @Test func theBiasedCardIsNamedInItsSheetsStrip() throws {
    let html = try page([("run.csv", Self.run), ("checks.csv", Self.checks()), ("sheet_frequency.csv", Self.sheets)])
    let sheets = try #require(html.components(separatedBy: "id=\"sheets\"").last)
    #expect(sheets.contains("Biased Card #42 +12.50"))
    #expect(sheets.contains("<li>Biased Card (#42, common): 594 copies, expected 594, residual 12.50</li>"))
    #expect(sheets.contains("1 beyond ±"))
    #expect(sheets.contains("<figure class=\"failed\">"))
  }

  @Test func newColumnsAndRowsAppearWithoutCodeChanges() throws {
    var checks = Self.checks(extraColumn: true)
    checks.append(["a claim added later", "binomial", "10", "0.5", "0.4", "", "", "0.5", "1", "0.2", "0.8", "0.001", "pass", "spec", "", "0.1"])
    let html = try page([("run.csv", Self.run), ("checks.csv", checks)])
    #expect(html.contains("<th>effect_<wbr>size</th>"))
    #expect(html.contains("a claim added later"))
    // A binomial row has a dot-and-interval chart of its own.
    #expect(html.components(separatedBy: "<h3>a claim added later</h3>").count == 2)
  }

  @Test func proportionChartsShowComparisonRunsWhenPresent() throws {
    let comparisons = Self.table(["check", "rules", "n", "observed"], [
      ["uncommon planeswalker in 78% of non-mythic boosters", "retail", "6000", "0.76"],
    ])
    let html = try page([("run.csv", Self.run), ("checks.csv", Self.checks()), ("comparisons.csv", comparisons)])
    #expect(html.contains("retail 76.0%"))
    #expect(html.contains("other rule sets: retail 76.00%"))
  }

  @Test func mythicPositionHasTheUniformLine() throws {
    let html = try page([("run.csv", Self.run), ("mythic_position.csv", Self.position)])
    #expect(html.contains("uniform 16.67%"))
    #expect(html.contains("class=\"reference\""))
    #expect(html.contains("-0.07 pp"))
  }

  @Test func aFolderWithoutChecksSaysSoAndStillShowsTheRun() throws {
    let html = try page([("run.csv", Self.run), ("mythic_position.csv", Self.position)])
    #expect(!html.contains("id=\"verdict\""))
    #expect(html.contains("No checks.csv in this folder"))
    #expect(html.contains("sealed check war --rules sealed --pools 1000 --seed 7"))
    #expect(html.contains("<dd>abc123</dd>"))
  }

  @Test func thePageIsSelfContained() throws {
    let html = try page([("run.csv", Self.run), ("checks.csv", Self.checks()), ("sheet_frequency.csv", Self.sheets), ("mythic_position.csv", Self.position)])
    #expect(!html.contains("<script"))
    #expect(!html.contains("<link"))
    #expect(!html.contains("src="))
    #expect(!html.contains("url("))
    #expect(!html.contains("@import"))
    // The only address is the SVG namespace, which is a name, not a request.
    let addresses = html.components(separatedBy: "http").count - 1
    #expect(addresses == html.components(separatedBy: "xmlns=\"http://www.w3.org/2000/svg\"").count - 1)
    #expect(html.contains("prefers-color-scheme: dark"))
    #expect(html.contains("@media print"))
  }

  @Test func readsAFolderBackAndNamesBadFiles() throws {
    let dir = try Fixtures.temporaryDirectory()
    try Fixtures.write(Self.run.text, to: "run.csv", in: dir)
    try Fixtures.write("check,detail\n\"a, quoted \"\"name\"\"\",\"two\nlines\"\n", to: "checks.csv", in: dir)
    let data = try ReportData.read(folder: dir.path)
    #expect(data.tables["checks.csv"]?.rows == [["a, quoted \"name\"", "two\nlines"]])
    #expect(data.tables["run.csv"] == Self.run)
    try Fixtures.write("check,detail\nonly one field\n", to: "checks.csv", in: dir)
    let error = #expect(throws: DataError.self) { try ReportData.read(folder: dir.path) }
    #expect(error?.description.contains("checks.csv") == true)
    #expect(error?.description.contains("line 2: 1 fields, expected 2") == true)
    let empty = try Fixtures.temporaryDirectory()
    #expect(throws: DataError.self) { try ReportData.read(folder: empty.path) }
  }
}
