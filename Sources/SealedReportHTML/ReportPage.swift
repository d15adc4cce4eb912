import Foundation
import SealedCharts
import SealedSupport
import SealedReports

/// The values the template shows, built from the report's tables. Every section is built
/// from whatever rows and columns its file has, so new checks or new columns appear without
/// a change here. Building it costs O(rows of the tables).
struct ReportPage {
  struct Pair { let key: String; let value: String }
  /// A column name cut at its underscores, so that a narrow column can break there.
  struct Header { struct Part { let text: String; let last: Bool }; let parts: [Part] }
  /// A table cell; `detail` (nil when there is none) is shown under the text.
  struct Cell { let text: String; let detail: String?; let cssClass: String }
  struct CheckRow { let cells: [Cell]; let failed: Bool }
  struct Figure { let title: String; let caption: String; let svg: String; let failed: Bool; let items: [String] }

  var title = "Sealed report"
  var identity: [Pair] = []
  var command = ""
  var hasChecks = false
  var verdict = ""
  var verdictClass = ""
  var checkHeader: [Header] = []
  var checkRows: [CheckRow] = []
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

  init(_ data: ReportData) {
    let run = data.run
    let set = run["set"] ?? "?"
    let rules = run["rules"] ?? "?"
    let seed = run["seed"] ?? "?"
    let isAudit = run["command_kind"] == "audit"
    title = isAudit
      ? "Sealed audit: \(set) · \(rules) · \(run["boosters"] ?? "?") boosters opened"
      : "Sealed report: \(set) · \(rules) · seed \(seed)"
    let keys = [
      ("set", "set"), ("rules", "rules"), ("rules_source", "rules source"), ("rules_sha256", "rules SHA-256"),
      ("seed", "seed"), ("pools", "pools"), ("boosters", "boosters"), ("status", "status"), ("shard", "shard"),
      ("packs", "packs read"), ("format", "file format"), ("card_identity", "cards named by"),
      ("pool_grouping", "boosters in pools"), ("resamples", "Monte Carlo samples"), ("notes", "notes"),
      ("tool_version", "Sealed version"), ("generator", "generator"), ("started_at", "started"),
    ]
    identity = keys.compactMap { key, label in run[key].flatMap { $0.isEmpty ? nil : Pair(key: label, value: $0) } }
    command = run["command"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "sealed simulate \(set) --rules \(run["rules_source"].map { $0.hasPrefix("built-in:") ? String($0.dropFirst(9)) : $0 } ?? rules) --pools \(run["pools_requested"] ?? run["pools"] ?? "?") --seed \(seed)"
    buildChecks(data)
    buildFindings(data)
    buildFairness(data)
    buildPoolMythics(data)
    buildPosition(data)
    buildSheets(data)
    hasProportions = !proportions.isEmpty
    hasFairness = !fairness.isEmpty
    hasMythics = !poolMythics.isEmpty || !position.isEmpty
    hasSheets = !sheets.isEmpty || !claims.isEmpty
    hasNotes = !notes.isEmpty
  }

  // MARK: Verdict table and proportion charts

  private mutating func buildChecks(_ data: ReportData) {
    guard let table = data.tables[data.checksName] else {
      notes.append("No checks.csv in this folder (written by sealed simulate or merge): no verdicts. Run sealed check for them.")
      return
    }
    hasChecks = true
    let verdictColumn = table.header.firstIndex(of: "verdict")
    let failedRow: ([String]) -> Bool = { row in verdictColumn.map { row[$0] == "fail" } ?? false }
    let ordered = table.rows.filter(failedRow) + table.rows.filter { !failedRow($0) }
    let summary = VerdictSummary(verdicts: table.rows.map { row in verdictColumn.map { row[$0] } ?? "" }, interrupted: data.interruption)
    verdict = summary.text
    verdictClass = summary.outcome.rawValue
    // Every column is shown; the check's name and verdict lead, and long text (detail) sits
    // under the name instead of widening the table.
    let lead = ["check", "verdict"].compactMap { table.header.firstIndex(of: $0) }
    let under = ["detail"].compactMap { table.header.firstIndex(of: $0) }
    let order = lead + table.header.indices.filter { !lead.contains($0) && !under.contains($0) }
    checkHeader = order.map { index in
      let words = table.header[index].split(separator: "_", omittingEmptySubsequences: false).map(String.init)
      return Header(parts: words.enumerated().map { Header.Part(text: $1, last: $0 == words.count - 1) })
    }
    checkRows = ordered.map { row in
      CheckRow(
        cells: order.map { index in
          let column = table.header[index]
          let value = row[index]
          if column == "verdict" { return Self.verdictCell(value) }
          let detail = column == "check" ? under.map { row[$0] }.filter { !$0.isEmpty }.joined(separator: "; ") : ""
          return Cell(text: Self.display(value), detail: detail.isEmpty ? nil : detail, cssClass: Double(value) != nil ? "num" : "")
        },
        failed: failedRow(row))
    }
    let comparisons = data.records(ReportFile.comparisons.name)
    for row in ordered {
      let record = Dictionary(zip(table.header, row), uniquingKeysWith: { first, _ in first })
      guard let observed = record["observed"].flatMap(Double.init), let expected = record["expected"].flatMap(Double.init),
        let low = record["ci_low"].flatMap(Double.init), let high = record["ci_high"].flatMap(Double.init)
      else { continue }
      let name = record["check"] ?? "check"
      let failed = failedRow(row)
      let markers = comparisons.filter { $0["check"] == name }.compactMap { comparison in
        comparison["observed"].flatMap(Double.init).map { DotIntervalChart.Marker(label: comparison["rules"] ?? "?", value: $0) }
      }
      let chart = DotIntervalChart(title: name, observed: observed, low: low, high: high, expected: expected, failed: failed, comparisons: markers)
      // The interval's own level (`ci_level`, the Holm level of the row's verdict), never 1 − alpha.
      let confidence = record["ci_level"].flatMap(Double.init).map { "\(Self.level($0)) " } ?? ""
      var caption = "observed \(Self.percent(observed, decimals: 3)) (\(confidence)interval \(Self.percent(low, decimals: 3)) to \(Self.percent(high, decimals: 3))), expected \(Self.percent(expected, decimals: 3))"
      if let n = record["n"] { caption += ", n = \(n)" }
      if let p = record["p_adjusted"], !p.isEmpty { caption += ", adjusted p = \(Self.display(p))" }
      caption += failed ? " — ✗ FAIL" : " — ✓ pass"
      if !markers.isEmpty {
        caption += "; other rule sets: " + markers.map { "\($0.label) \(Self.percent($0.value, decimals: 2))" }.joined(separator: ", ")
      }
      proportions.append(Figure(title: name, caption: caption, svg: chart.svg(), failed: failed, items: []))
    }
  }

  // MARK: Booster findings

  /// The most listed boosters with a problem.
  static let findingsShown = 20

  /// An audit's per-booster findings: the failed per-booster invariants in words, and the
  /// boosters with a problem (the card that cannot be placed named), first of the page.
  private mutating func buildFindings(_ data: ReportData) {
    findingsHeadline = data.records(data.checksName).filter { row in
      row["kind"] == "invariant" && row["verdict"] == "fail" && (row["method"] ?? "").contains("per booster")
    }.map { row in "\(row["check"] ?? "?"): \(Self.display(row["observed"] ?? "?")) violation(s) in \(row["n"] ?? "?")" }
    let problems = data.records(ReportFile.boosters.name).filter { $0["verdict"] == "fail" }
    findings = problems.prefix(Self.findingsShown).map { row in
      "\(row["booster"].map(BoosterFindings.name) ?? "?") (line \(row["line"] ?? "?")): \(row["problem"] ?? "")"
    }
    if problems.count > Self.findingsShown {
      findings.append("… \(problems.count - Self.findingsShown) more in \(ReportFile.boosters.name)")
    }
    hasFindings = !findings.isEmpty || !findingsHeadline.isEmpty
  }

  // MARK: Mythics

  private mutating func buildFairness(_ data: ReportData) {
    let rows = data.records(ReportFile.mythicFairness.name)
    var order: [String] = []
    for row in rows where !order.contains(row["rules"] ?? "") { order.append(row["rules"] ?? "") }
    for rules in order {
      let bars = rows.filter { $0["rules"] == rules }.map { row in
        BarChart.Bar(
          label: "±" + (row["difference"] ?? "?"), observed: row["observed_proportion"].flatMap(Double.init),
          expected: row["expected_proportion"].flatMap(Double.init))
      }
      guard !bars.isEmpty else { continue }
      let chart = BarChart(title: "Mythic difference between two players, rules \(rules)", bars: bars, width: 300)
      let caption = bars.map { "\($0.label): \(Self.percent($0.observed, decimals: 2)) (expected \(Self.percent($0.expected, decimals: 2)))" }.joined(separator: "; ")
      fairness.append(Figure(title: "rules \(rules)", caption: caption, svg: chart.svg(), failed: false, items: []))
    }
  }

  /// Mythics per pool for the checked rules (`pool_mythics.csv`) and for each compared rule set
  /// (`compared_pool_mythics.csv`, written by `sealed check`).
  private mutating func buildPoolMythics(_ data: ReportData) {
    let own = data.records(ReportFile.poolMythics.name)
    let compared = data.records(ReportFile.comparedPoolMythics.name)
    var groups: [(rules: String, rows: [[String: String]])] = own.isEmpty ? [] : [(data.run["rules"] ?? "?", own)]
    for row in compared {
      let rules = row["rules"] ?? "?"
      if let index = groups.firstIndex(where: { $0.rules == rules }) { groups[index].rows.append(row) } else { groups.append((rules, [row])) }
    }
    for group in groups {
      let bars = group.rows.map { row in
        BarChart.Bar(label: row["mythics"] ?? "?", observed: row["proportion"].flatMap(Double.init), expected: row["expected_proportion"].flatMap(Double.init))
      }
      let title = groups.count > 1 ? "Mythics per pool, rules \(group.rules)" : "Mythics per pool"
      let chart = BarChart(title: title, bars: bars, width: 300)
      let caption = bars.map { "\($0.label): \(Self.percent($0.observed, decimals: 2)) (expected \(Self.percent($0.expected, decimals: 2)))" }.joined(separator: "; ")
      poolMythics.append(Figure(title: title, caption: caption, svg: chart.svg(), failed: false, items: []))
    }
  }

  private mutating func buildPosition(_ data: ReportData) {
    let rows = data.records(ReportFile.mythicPosition.name)
    guard !rows.isEmpty else { return }
    let expected = rows.compactMap { $0["expected_proportion"].flatMap(Double.init) }
    let uniform = expected.count == rows.count && expected.allSatisfy { abs($0 - expected[0]) < 1e-12 } && expected[0] > 0
    let bars = rows.map { row in
      let observed = row["proportion"].flatMap(Double.init)
      let expected = row["expected_proportion"].flatMap(Double.init)
      let note = observed.flatMap { o in expected.map { e in (o - e >= 0 ? "+" : "") + Axis.fixed((o - e) * 100, decimals: 2) + " pp" } }
      return BarChart.Bar(label: "booster \(row["booster_index"] ?? "?")", observed: observed, expected: uniform ? nil : expected, note: note)
    }
    let chart = BarChart(
      title: "Position of the mythic booster", bars: bars,
      reference: uniform ? (expected[0], "uniform \(Self.percent(expected[0], decimals: 2))") : nil, width: 560)
    let caption = bars.map { "\($0.label): \(Self.percent($0.observed, decimals: 3))" }.joined(separator: "; ")
      + (uniform ? "; uniform: \(Self.percent(expected[0], decimals: 3)) each" : "")
    position.append(Figure(title: "Position of the mythic booster", caption: caption, svg: chart.svg(), failed: false, items: []))
  }

  // MARK: Sheets

  private mutating func buildSheets(_ data: ReportData) {
    if data.tables[ReportFile.sheetFrequency.name] == nil {
      notes.append("No sheet_frequency.csv in this folder (written by an older Sealed): no strips for the rules.")
    }
    let checks = data.records(data.checksName)
    let failed = Set(checks.filter { $0["verdict"] == "fail" }.compactMap { $0["check"] })
    // The spec's "equally likely" claims first: where a card the rules favour by mistake shows.
    claims = strips(data.records(ReportFile.claimFrequency.name), group: "claim", title: { "claim: \($0)" }, failed: { failed.contains($0) })
    sheets = strips(
      data.records(ReportFile.sheetFrequency.name), group: "sheet", title: { "sheet \($0)" },
      failed: { sheet in failed.contains { $0.hasPrefix("sheet \(sheet):") } })
    let exact = (data.tables[ReportFile.sheetFrequency.name] ?? data.tables[ReportFile.claimFrequency.name])?.header.contains("score") ?? false
    sheetNote = exact
      ? "Each card's score is the exact binomial tail of its copies (p_tail: conditional on the group's total, each card Binomial(total, its expected share)) as a normal score: ±z with P(Z > z) = p_tail. A card is flagged (and named in the strip) when p_tail ≤ alpha / (2K), K the cards of every strip on this page, the dashed limits ±flag_limit: under the expectations the chance that any card of the page is flagged is at most alpha, whatever the expected counts. The columns p_tail, score, flag_limit and flagged are in the CSV."
      : "These tables were written by an older Sealed without exact tails (p_tail, score): each dot is the residual (observed − expected) / √(expected × dispersion), and no card is flagged."
  }

  /// One strip per group (sheet or claim) of a frequency table, in file order: each card's
  /// exact score (or, in tables without one, its residual), flagged cards named.
  private func strips(_ rows: [[String: String]], group: String, title: (String) -> String, failed: (String) -> Bool) -> [Figure] {
    var order: [String] = []
    var seen = Set<String>()
    for row in rows where seen.insert(row[group] ?? "").inserted { order.append(row[group] ?? "") }
    return order.compactMap { name in strip(rows.filter { $0[group] == name }, title: title(name), failed: failed(name)) }
  }

  private func strip(_ cards: [[String: String]], title: String, failed: Bool) -> Figure? {
    let exact = cards.first?["score"] != nil
    let points = cards.compactMap { card -> (ResidualStrip.Point, [String: String])? in
      guard let value = card[exact ? "score" : "residual"].flatMap(Double.init) else { return nil }
      let label = "\(card["name"] ?? "?")\(card["collector_number"].map { $0.isEmpty ? "" : " #\($0)" } ?? "")"
      return (ResidualStrip.Point(label: label, value: value, flagged: card["flagged"] == "yes"), card)
    }
    guard points.count > 1 else { return nil }
    let limit = cards.compactMap { $0["flag_limit"].flatMap(Double.init) }.first ?? 0
    let strip = ResidualStrip(title: title, points: points.map(\.0), limit: limit)
    let items = strip.worst.map { index -> String in
      let card = points[index].1
      let number = card["collector_number"].map { $0.isEmpty ? "" : "#\($0), " } ?? ""
      let measure = exact
        ? "exact tail p = \(Self.display(card["p_tail"] ?? "")), score \(Axis.fixed(points[index].0.value, decimals: 2))"
        : "residual \(Axis.fixed(points[index].0.value, decimals: 2))"
      let flag = card["flagged"] == "yes" ? " — flagged" : ""
      return "\(card["name"] ?? "?") (\(number)\(card["rarity"] ?? "?")): \(card["count"] ?? "?") copies, expected \(Self.display(card["expected_count"] ?? "")), \(measure)\(flag)"
    }
    let flagged = points.filter(\.0.flagged).count
    let caption = exact
      ? "\(points.count) cards; \(flagged == 0 ? "none" : String(flagged)) flagged (exact tail at most alpha / 2K over all K cards of the page, |score| ≥ \(Axis.fixed(limit, decimals: 2)))"
      : "\(points.count) cards; residuals only (no exact tails in this table)"
    return Figure(title: title, caption: caption, svg: strip.svg(), failed: flagged > 0 || failed, items: items)
  }

  // MARK: Formatting

  /// A CSV value for people: integers as they are, other numbers with at most 4 significant
  /// digits (trailing zeros dropped), very small or large ones in exponent form.
  static func display(_ value: String) -> String {
    guard let number = Double(value), value.contains(".") || value.contains("e") else { return value }
    if number == 0 { return "0" }
    let magnitude = abs(number)
    if magnitude >= 1e-4 && magnitude < 1e7 {
      let decimals = max(0, 3 - Int(floor(log10(magnitude))))
      return trimmed(Axis.fixed(number, decimals: decimals))
    }
    let exponent = Int(floor(log10(magnitude)))
    let mantissa = number / pow(10, Double(exponent))
    return "\(trimmed(Axis.fixed(mantissa, decimals: 3)))e\(exponent)"
  }

  private static func trimmed(_ text: String) -> String {
    guard text.contains(".") else { return text }
    var result = Substring(text)
    while result.hasSuffix("0") { result = result.dropLast() }
    if result.hasSuffix(".") { result = result.dropLast() }
    return String(result)
  }

  /// A confidence level as a percentage with every digit it has up to six decimals
  /// (0.9999 → "99.99%", 0.99995 → "99.995%"), so that two levels never print alike.
  static func level(_ value: Double) -> String {
    let text = Axis.fixed(value * 100, decimals: 6)
    var trimmed = Substring(text)
    while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
    if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
    return trimmed + "%"
  }

  /// The verdict column in words and a mark, so that it does not rest on colour alone.
  static func verdictCell(_ value: String) -> Cell {
    switch value {
    case "fail": Cell(text: "✗ FAIL", detail: nil, cssClass: "fail")
    case "pass": Cell(text: "✓ pass", detail: nil, cssClass: "pass")
    case "not_tested": Cell(text: "– not tested", detail: nil, cssClass: "untested")
    default: Cell(text: value, detail: nil, cssClass: "")
    }
  }

  static func percent(_ value: Double?, decimals: Int) -> String {
    value.map { Axis.fixed($0 * 100, decimals: decimals) + "%" } ?? "none"
  }
}
