import Foundation
import SealedCharts
import SealedSupport
import SealedReports
import SealedVerdicts

/// The values the template shows, built from a report's typed values (`ReportContents`). Every
/// number is printed from the text its CSV file holds (`CSVNumber`), so the page and the files
/// beside it agree. The verdict table shows every column of its file, so a column that a newer
/// Sealed adds appears without a change here. Building it costs O(rows of the tables).
struct ReportPage {
  struct Pair { let key: String; let value: String }
  /// A column name cut at its underscores, so that a narrow column can break there.
  struct Header { struct Part { let text: String; let last: Bool }; let parts: [Part] }
  /// A table cell; `detail` (nil when there is none) is shown under the text.
  struct Cell { let text: String; let detail: String?; let cssClass: String }
  struct TableRow { let cells: [Cell]; let failed: Bool }
  struct Figure { let title: String; let caption: String; let svg: String; let failed: Bool; let items: [String] }

  var title = "Sealed report"
  var identity: [Pair] = []
  var command = ""
  var hasChecks = false
  var verdict = ""
  var verdictClass = ""
  var checkHeader: [Header] = []
  var checkRows: [TableRow] = []
  var proportions: [Figure] = []
  var fairness: [Figure] = []
  var poolMythics: [Figure] = []
  var position: [Figure] = []
  var sheets: [Figure] = []
  var claims: [Figure] = []
  var sheetNote = ""
  var notes: [String] = []
  /// An audit's boosters with a problem (`boosters.csv`), shown at the top of the page.
  var findings: [String] = []
  var findingsHeadline: [String] = []
  var hasFindings = false
  var hasProportions = false
  var hasFairness = false
  var hasMythics = false
  var hasSheets = false
  var hasNotes = false

  /// What the identity list says of a check or audit run without a spec.
  static let noSpec = "none: only the rules' own expectations are checked, no claim of a spec"

  init(_ contents: ReportContents) {
    let run = contents.run
    let set = run["set"] ?? "?"
    let rules = run["rules"] ?? "?"
    let seed = run["seed"] ?? "?"
    let isAudit = run.isAudit
    title = isAudit
      ? "Sealed audit: \(set) · \(rules) · \(run["boosters"] ?? "?") boosters opened"
      : "Sealed report: \(set) · \(rules) · seed \(seed)"
    // No execution facts (threads, times, when it started): two runs of one seed write the same
    // page whatever the thread count (it printed `started`: a review).
    let keys = [
      ("set", "set"), ("rules", "rules"), ("rules_source", "rules source"), ("rules_sha256", "rules SHA-256"),
      ("booster_data", "booster data"), ("spec", "spec"),
      ("seed", "seed"), ("pools", "pools"), ("boosters", "boosters"), ("status", "status"), ("shard", "shard"),
      ("packs", "packs read"), ("format", "file format"), ("card_identity", "cards named by"),
      ("pool_grouping", "boosters in pools"), ("resamples", "Monte Carlo samples"), ("notes", "notes"),
      ("tool_version", "Sealed version"), ("generator", "generator"),
    ]
    identity = keys.compactMap { key, label in
      // A check or audit without a spec says so (the terminal's NO SPEC): no maker's claim was tested.
      if key == "spec", run[key] == "" { return Pair(key: label, value: Self.noSpec) }
      return run[key].flatMap { $0.isEmpty ? nil : Pair(key: label, value: $0) }
    }
    command = run["command"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "sealed simulate \(set) --rules \(run["rules_source"].map { $0.hasPrefix("built-in:") ? String($0.dropFirst(9)) : $0 } ?? rules) --pools \(run["pools_requested"] ?? run["pools"] ?? "?") --seed \(seed)"
    buildChecks(contents)
    buildFindings(contents)
    buildFairness(contents.mythicFairness ?? [])
    buildPoolMythics(contents)
    buildPosition(contents.mythicPosition ?? [])
    buildSheets(contents)
    hasProportions = !proportions.isEmpty
    hasFairness = !fairness.isEmpty
    hasMythics = !poolMythics.isEmpty || !position.isEmpty
    hasSheets = !sheets.isEmpty || !claims.isEmpty
    hasNotes = !notes.isEmpty
  }

  // MARK: Verdict table and proportion charts

  private mutating func buildChecks(_ contents: ReportContents) {
    guard let table = contents.checks else {
      notes.append("No \(ReportFile.checks.name) in this folder (written by sealed simulate or merge): no verdicts. Run sealed check for them.")
      return
    }
    hasChecks = true
    let ordered = table.rows.filter { $0.verdict == .fail } + table.rows.filter { $0.verdict != .fail }
    let summary = VerdictSummary(verdicts: table.rows.map(\.verdict), interrupted: contents.interruption)
    verdict = summary.text
    verdictClass = summary.outcome.rawValue
    // Every column is shown; the check's name and verdict lead, and long text (detail) sits
    // under the name instead of widening the table.
    let columns = table.columns
    let lead = ["check", "verdict"].compactMap { columns.firstIndex(of: $0) }
    let under = ["detail"].compactMap { columns.firstIndex(of: $0) }
    let order = lead + columns.indices.filter { !lead.contains($0) && !under.contains($0) }
    checkHeader = order.map { index in
      let words = columns[index].split(separator: "_", omittingEmptySubsequences: false).map(String.init)
      return Header(parts: words.enumerated().map { Header.Part(text: $1, last: $0 == words.count - 1) })
    }
    let field = { (row: [String], name: String) in columns.firstIndex(of: name).map { row[$0] } ?? "" }
    checkRows = ordered.map { check in
      let row = table.fields(check)
      // An interval and its expected value keep their order on the page; an interval's level
      // shows every digit (0.99990909 and 0.9999 both read 0.9999).
      let intervalDigits = Self.intervalDigits(low: field(row, "ci_low"), expected: field(row, "expected"), high: field(row, "ci_high"))
      return TableRow(
        cells: order.map { index in
          let value = row[index]
          if columns[index] == "verdict" { return Self.verdictCell(check.verdict) }
          let detail = columns[index] == "check" ? under.map { row[$0] }.filter { !$0.isEmpty }.joined(separator: "; ") : ""
          let digits =
            columns[index] == "ci_level" ? 10 : ["ci_low", "ci_high", "expected"].contains(columns[index]) ? intervalDigits
            : columns[index] == "p_adjusted" ? Self.pDigits(check) : 4
          return Cell(text: Self.display(value, digits: digits), detail: detail.isEmpty ? nil : detail, cssClass: Double(value) != nil ? "num" : "")
        },
        failed: check.verdict == .fail)
    }
    proportions = ordered.compactMap { Self.proportionFigure($0, comparisons: contents.comparisons ?? []) }
  }

  /// The significant digits that show a check's adjusted p-value on its side of alpha (4, or
  /// more where 4 would read it as alpha or past it: 0.00099996 read 0.001 on a failing row).
  static func pDigits(_ check: CheckResult) -> Int {
    guard let p = check.pAdjusted else { return 4 }
    return OrderedRounding.digits(of: p, beside: check.alpha, from: 4) { display(CSVNumber.format($0), digits: $1) }
  }

  /// A binomial check's observed proportion in its interval against the expected, with the
  /// other rule sets' proportions (`comparisons.csv`) beside it; nil for a check without one.
  private static func proportionFigure(_ check: CheckResult, comparisons: [ComparisonRow]) -> Figure? {
    guard let observed = check.observed, let expected = check.expected, let low = check.confidenceLow,
      let high = check.confidenceHigh
    else { return nil }
    let name = check.name
    let failed = check.verdict == .fail
    let markers = comparisons.filter { $0.check == name }.compactMap { comparison in
      comparison.observed.map { DotIntervalChart.Marker(label: comparison.rules, value: $0) }
    }
    let chart = DotIntervalChart(title: name, observed: observed, low: low, high: high, expected: expected, failed: failed, comparisons: markers)
    // The interval's own level (`ci_level`, the Holm level of the row's verdict), never 1 − alpha.
    let confidence = check.confidenceLevel.map { "\(level($0)) " } ?? ""
    var caption = "observed \(percent(observed, decimals: 3)) (\(confidence)interval \(percent(low, decimals: 3)) to \(percent(high, decimals: 3))), expected \(percent(expected, decimals: 3))"
    caption += ", n = \(check.n)"
    if let p = check.pAdjusted { caption += ", adjusted p = \(display(CSVNumber.format(p), digits: pDigits(check)))" }
    caption += failed ? " — ✗ FAIL" : " — ✓ pass"
    if !markers.isEmpty {
      // `given` any: the rule set lacks the claim's booster kind (a mythic booster) and was
      // counted over every booster, which the caption must say (comparisons.csv's `given`).
      let givens = Dictionary(comparisons.filter { $0.check == name }.map { ($0.rules, $0.given) }, uniquingKeysWith: { a, _ in a })
      caption += "; other rule sets: " + markers.map { marker in
        let over = givens[marker.label] == "any" ? " (counted over every booster)" : ""
        return "\(marker.label) \(percent(marker.value, decimals: 2))\(over)"
      }.joined(separator: ", ")
    }
    return Figure(title: name, caption: caption, svg: chart.svg(), failed: failed, items: [])
  }

  // MARK: Booster findings

  /// The most listed boosters with a problem.
  static let findingsShown = 20

  /// An audit's per-booster findings: the failed per-booster invariants in words, and the
  /// boosters with a problem (the card that cannot be placed named), first of the page.
  private mutating func buildFindings(_ contents: ReportContents) {
    findingsHeadline = (contents.checks?.rows ?? []).filter { check in
      check.kind == .invariant && check.verdict == .fail && check.method?.isPerBooster == true
    }.map { check in "\(check.name): \(Self.display(CSVNumber.format(check.observed))) violation(s) in \(check.n)" }
    let problems = (contents.boosters ?? []).filter { $0.verdict == .fail }
    findings = problems.prefix(Self.findingsShown).map { row in
      "\(BoosterFindings.name(row.booster)) (line \(row.line)): \(row.problem)"
    }
    if problems.count > Self.findingsShown {
      findings.append("… \(problems.count - Self.findingsShown) more in \(ReportFile.boosters.name)")
    }
    hasFindings = !findings.isEmpty || !findingsHeadline.isEmpty
  }
}
