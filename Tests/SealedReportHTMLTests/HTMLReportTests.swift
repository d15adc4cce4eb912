import Foundation
import SealedSupport
import SealedCards
import SealedReports
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

  /// A sheet as an older Sealed wrote it: residuals only.
  static let sheets = table(
    ["sheet", "set", "collector_number", "name", "rarity", "count", "expected_count", "residual"],
    (1...101).map { number in
      let residual = number == 42 ? 12.5 : Double(number % 9) / 4 - 1
      return ["common", "war", String(number), number == 42 ? "Biased Card" : "Card \(number)", "common", "594", "594", String(residual)]
    })

  /// A sheet with exact tails: card 42 flagged; card 7 has the largest residual-like score
  /// after it but its exact tail is not small enough to flag it.
  static let exactSheets = table(
    ["sheet", "set", "collector_number", "name", "rarity", "count", "expected_count", "residual", "p_tail", "score", "flag_limit", "flagged"],
    (1...101).map { number in
      let (name, score, p, flagged) =
        number == 42 ? ("Biased Card", "6.1", "5.3e-10", "yes")
        : number == 7 ? ("Rare Near Miss", "3.1", "0.00097", "no") : ("Card \(number)", String(Double(number % 9) / 4 - 1), "0.4", "no")
      return ["common", "war", String(number), name, "common", "594", "594", "0", p, score, "4.056", flagged]
    })

  static let position = table(
    ["booster_index", "pools", "proportion", "expected_proportion"],
    (1...6).map { ["\($0)", "166", "0.166", "0.16666666666666666"] })

  /// The page of a folder holding `tables`, read back as `sealed report DIR` reads it.
  func page(_ tables: [(name: String, table: CSVTable)]) throws -> String {
    let dir = try Fixtures.temporaryDirectory()
    for (name, table) in tables { try Fixtures.write(table.text, to: name, in: dir) }
    return try HTMLReport.render(try ReportContents.read(folder: dir.path))
  }

  /// The text of the `<tbody>` rows of the verdict table, in order.
  func verdictRows(_ html: String) throws -> [String] {
    let body = try #require(html.components(separatedBy: "<tbody>").dropFirst().first?.components(separatedBy: "</tbody>").first)
    return body.components(separatedBy: "<tr").dropFirst().map { String($0) }
  }

  /// The page prints no execution fact, so two runs of one seed write the same page whatever
  /// the thread count (it printed when the run started: a review).
  @Test func thePagePrintsNoExecutionFacts() throws {
    var run = Self.run
    for (key, value) in [("threads", "7"), ("elapsed_seconds", "12.34"), ("boosters_per_second", "480000"), ("started_at", "2026-12-07T02:10:22Z")] {
      run.append([key, value])
    }
    let html = try page([("run.csv", run), ("checks.csv", Self.checks())])
    for value in ["2026-12-07T02:10:22Z", "12.34", "480000"] { #expect(!html.contains(value), "\(value)") }
  }

  /// Mythic charts whose check was not made (cards without card data, counted as not mythic)
  /// say so (mkm-collector-sample's said "0: observed 100.000%, expected 100.000%": a review).
  @Test func mythicChartsOfAnUntestedCheckSaySo() throws {
    let mythics = Self.table(["mythics", "pools", "proportion", "expected_proportion"], [["0", "1000", "1.0", "1.0"]])
    var checks = Self.checks()
    checks.append([
      "mythics per pool", "chi_square", "0", "", "", "", "", "", "", "", "", "0.001", "not_tested", "rules",
      "not tested: the cards' rarities are unknown: 116 of 426 cards lack card data (sets mkm, plst, spg)",
    ])
    let html = try page([("run.csv", Self.run), ("checks.csv", checks), ("pool_mythics.csv", mythics)])
    #expect(html.contains("The mythic charts count a card without card data as not mythic, so their checks were not made: "))
    #expect(html.contains("116 of 426 cards lack card data (sets mkm, plst, spg)"))
    let tested = try page([("run.csv", Self.run), ("checks.csv", Self.checks()), ("pool_mythics.csv", mythics)])
    #expect(!tested.contains("The mythic charts count"))
  }

  /// A page without a spec's claims does not introduce its strips with them (a simulation's
  /// page said "Against the spec's ... claims": a review).
  @Test func stripsWithoutClaimsDoNotNameASpec() throws {
    let html = try page([("run.csv", Self.run), ("checks.csv", Self.checks()), ("sheet_frequency.csv", Self.sheets)])
    #expect(html.contains("Against the rules' own expectations for each sheet"))
    #expect(!html.contains("Against the spec's"))
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

  @Test func theBiasedCardIsNamedAndFlaggedByItsExactTail() throws {
    let html = try page([("run.csv", Self.run), ("checks.csv", Self.checks()), ("sheet_frequency.csv", Self.exactSheets)])
    let sheets = try #require(html.components(separatedBy: "id=\"sheets\"").last)
    #expect(sheets.contains("Biased Card #42 +6.10"))
    #expect(sheets.contains("<li>Biased Card (#42, common): 594 copies, expected 594, exact tail p = 5.3e-10, score 6.10 — flagged</li>"))
    #expect(sheets.contains("<li>Rare Near Miss (#7, common): 594 copies, expected 594, exact tail p = 0.00097, score 3.10</li>"))
    // The count comes from the flagged column, the limit from flag_limit.
    #expect(sheets.contains("101 cards; 1 flagged (exact tail at most alpha / 2K over all K cards of the page, |score| ≥ 4.06)"))
    #expect(sheets.contains("<figure class=\"failed\">"))
    #expect(sheets.components(separatedBy: "class=\"note fail\"").count == 2)
  }

  /// A strip names at most `ResidualStrip.maximumNamed` flagged cards; the list below it names
  /// every one (an audit's sheet once flagged 13, and 5 were on the page nowhere).
  @Test func everyFlaggedCardIsListedWhenMoreAreFlaggedThanTheStripNames() throws {
    let flaggedNumbers = Set(1...13)
    let sheets = Self.table(
      ["sheet", "set", "collector_number", "name", "rarity", "count", "expected_count", "residual", "p_tail", "score", "flag_limit", "flagged"],
      (1...60).map { number in
        let flagged = flaggedNumbers.contains(number)
        let score = flagged ? String(4.5 + Double(number) / 10) : String(Double(number % 9) / 4 - 1)
        return ["common", "war", String(number), "Card \(number)", "common", "9", "4", "0", flagged ? "1e-9" : "0.4", score, "4.056", flagged ? "yes" : "no"]
      })
    let html = try page([("run.csv", Self.run), ("sheet_frequency.csv", sheets)])
    let section = try #require(html.components(separatedBy: "id=\"sheets\"").last)
    #expect(section.contains("60 cards; 13 flagged"))
    for number in flaggedNumbers {
      #expect(section.contains("<li>Card \(number) (#\(number), common): 9 copies,"), "Card \(number)")
    }
    // The strip itself labels the eight largest.
    #expect(section.components(separatedBy: "class=\"note fail\"").count == 9)
    #expect(section.components(separatedBy: " — flagged</li>").count == 14)
  }

  @Test func tablesWithoutExactTailsShowResidualsAndFlagNothing() throws {
    let html = try page([("run.csv", Self.run), ("sheet_frequency.csv", Self.sheets)])
    let sheets = try #require(html.components(separatedBy: "id=\"sheets\"").last)
    #expect(sheets.contains("<li>Biased Card (#42, common): 594 copies, expected 594, residual 12.50</li>"))
    #expect(sheets.contains("101 cards; residuals only"))
    #expect(!sheets.contains("class=\"note fail\""))
  }

  /// The page printed "99.9% interval" for a row whose interval is at 99.99% (its Holm level,
  /// ci_level) because it printed 1 − alpha.
  @Test func eachIntervalCarriesItsOwnLevel() throws {
    var checks = Self.table(Self.CheckHeader.columns + ["ci_level"], [])
    checks.append([
      "uncommon planeswalker in 78% of non-mythic boosters", "binomial", "5000000", "0.77977", "0.78", "", "", "0.3", "1",
      "0.77904", "0.78049", "0.001", "pass", "spec", "boosters", "0.9999",
    ])
    checks.append(["boosters holding foil", "binomial", "36", "0.36", "0.225", "", "", "0.05", "0.8", "0.13", "0.65", "0.01", "pass", "rules", "", "0.9991"])
    let html = try page([("run.csv", Self.run), ("checks.csv", checks)])
    #expect(html.contains("observed 77.977% (99.99% interval 77.904% to 78.049%)"))
    #expect(html.contains("(99.91% interval 13.000% to 65.000%)"))
    #expect(!html.contains("99.9% interval") && !html.contains("99.0% interval"))
    #expect(html.contains("ci_level: the level at which Holm"))
  }

  @Test func aCheckNotTestedIsNeitherAPassNorAFailure() throws {
    var checks = Self.checks()
    checks.append(["no card twice in a booster (spec)", "invariant", "0", "", "", "", "", "", "", "", "", "0.001", "not_tested", "spec", "not tested: the file does not give each card's finish"])
    let passing = Self.table(checks.header, checks.rows.filter { $0[12] != "fail" })
    let html = try page([("run.csv", Self.run), ("checks.csv", passing)])
    #expect(html.contains("id=\"verdict\">PASS: 2 of 3 checks passed, 1 not tested</p>"))
    #expect(html.contains("<td class=\"untested\">– not tested</td>"))
    let failing = try page([("run.csv", Self.run), ("checks.csv", checks)])
    #expect(failing.contains("id=\"verdict\">FAIL: 1 of 4 checks failed, 1 not tested</p>"))
  }

  @Test func anInterruptedRunHasNoPassingVerdict() throws {
    var run = Self.run
    run.append(["status", "interrupted"])
    run.append(["pools_requested", "1000000000"])
    let html = try page([("run.csv", run), ("checks.csv", Self.table(Self.CheckHeader.columns, Self.checks().rows.filter { $0[12] == "pass" }))])
    #expect(html.contains("id=\"verdict\">INTERRUPTED after 1000 of 1000000000 pools: no verdict (on those pools none of 2 checks failed)</p>"))
    #expect(!html.contains(">PASS"))
  }

  @Test func anAuditsImpossibleBoostersComeFirst() throws {
    let boosters = Self.table(["booster", "line", "kind", "verdict", "problem"], [
      ["1", "2", "non_mythic_booster", "pass", ""],
      ["7", "86", "", "fail", "no booster of these rules holds these cards together: Nicol Bolas, Dragon-God (war 207): no draw of this booster's kind holds it"],
    ])
    var audit = Self.table(Self.CheckHeader.columns + ["ci_level", "method"], [])
    audit.append(["every booster is one the rules can make", "invariant", "36", "1", "0", "", "", "", "", "", "", "0.01", "fail", "rules", "", "", "exact (per booster)"])
    var run = Self.run
    run.append(["command_kind", "audit"])
    let html = try page([("run.csv", run), ("audit.csv", audit), ("boosters.csv", boosters)])
    let findings = try #require(html.components(separatedBy: "<section id=\"findings\">").dropFirst().first)
    #expect(html.components(separatedBy: "<section id=\"findings\">")[0].contains("id=\"verdict\""))
    #expect(html.range(of: "<section id=\"findings\">")!.lowerBound < html.range(of: "<section id=\"run\">")!.lowerBound)
    #expect(findings.contains("<strong>every booster is one the rules can make: 1 violation(s) in 36</strong>"))
    #expect(findings.contains("<li>booster 7 (line 86): no booster of these rules holds these cards together: Nicol Bolas, Dragon-God (war 207)"))
    #expect(!findings.components(separatedBy: "</section>")[0].contains("booster 1 "))
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

  /// The template's values are escaped byte by byte (`PageTemplate`): a quote or `<` that a
  /// combining mark follows, one `Character`, is escaped too (Mustache's own escaping left it).
  @Test func valuesAreEscapedByteByByte() throws {
    var run = Self.run
    run.append(["notes", "say \"\u{301}hi\" <\u{301}b> & 'x'"])
    let html = try page([("run.csv", run)])
    // Kept in a `let`: swift-testing's `#expect` cannot expand such a literal.
    let escaped = "say &quot;\u{301}hi&quot; &lt;\u{301}b&gt; &amp; &#39;x&#39;"
    #expect(html.contains(escaped))
    #expect(html.hasPrefix("<!DOCTYPE html>\n"))
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
    var checks = Self.table(Self.CheckHeader.columns, [])
    checks.append(["a, quoted \"name\"", "invariant", "3", "0", "0", "", "", "", "", "", "", "0.01", "pass", "rules", "two\nlines"])
    try Fixtures.write(checks.text, to: "checks.csv", in: dir)
    let contents = try ReportContents.read(folder: dir.path)
    let row = try #require(contents.checks?.rows.first)
    #expect(row.name == "a, quoted \"name\"" && row.detail == "two\nlines" && row.kind == .invariant && row.n == 3)
    #expect(row.observed == 0 && row.statistic == nil && row.alpha == 0.01 && row.verdict == .pass && row.source == .rules)
    #expect(contents.run.table == Self.run)
    // Written again, the values give the file's text.
    #expect(contents.checks?.table == checks)
    func error(_ checks: String) throws -> String {
      try Fixtures.write(checks, to: "checks.csv", in: dir)
      return #expect(throws: DataError.self) { try ReportContents.read(folder: dir.path) }?.description ?? ""
    }
    let header = Self.CheckHeader.columns.joined(separator: ",")
    #expect(try error("check,detail\nonly one field\n").contains("checks.csv: line 2: 1 fields, expected 2"))
    #expect(try error("\(header)\nc,binomial,3,abc,0,,,,,,,0.01,pass,rules,\n").contains("checks.csv:2: column observed: expected a number or nothing, got \"abc\""))
    #expect(try error("\(header)\nc,binomial,3,0,0,,,,,,,0.01,maybe,rules,\n").contains("column verdict: expected pass, fail or not_tested, got \"maybe\""))
    #expect(try error("check,detail\nc,d\n").contains("checks.csv:2: no column kind; expected the columns check,kind,n,"))
    // A method is one of the words audit.csv writes, read into its case.
    #expect(try error("\(header),method\nc,binomial,3,0,0,,,,,,,0.01,pass,rules,,exact\n").contains(
      "checks.csv:2: column method: expected a method as audit.csv writes it (docs/audit.md lists them), got \"exact\""))
    try Fixtures.write("\(header),method\nc,invariant,3,0,0,,,,,,,0.01,pass,rules,,exact (per booster)\n", to: "checks.csv", in: dir)
    #expect(try ReportContents.read(folder: dir.path).checks?.rows.first?.method == .exactPerBooster)
    let empty = try Fixtures.temporaryDirectory()
    #expect(throws: DataError.self) { try ReportContents.read(folder: empty.path) }
  }
}
