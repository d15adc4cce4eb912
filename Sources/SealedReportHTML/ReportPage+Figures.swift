import SealedCharts
import SealedSupport
import SealedReports
import SealedVerdicts

/// The page's charts of mythics and of every card against its expected frequency.
extension ReportPage {
  // MARK: Mythics

  mutating func buildFairness(_ rows: [MythicFairnessRow]) {
    var order: [String] = []
    for row in rows where !order.contains(row.rules) { order.append(row.rules) }
    for rules in order {
      let bars = rows.filter { $0.rules == rules }.map { row in
        BarChart.Bar(label: "±" + row.difference.rawValue, observed: row.observed, expected: row.expected)
      }
      guard !bars.isEmpty else { continue }
      let chart = BarChart(title: "Mythic difference between two players, rules \(rules)", bars: bars, width: 300)
      let caption = bars.map { "\($0.label): \(Self.percent($0.observed, decimals: 2)) (expected \(Self.percent($0.expected, decimals: 2)))" }.joined(separator: "; ")
      fairness.append(Figure(title: "rules \(rules)", caption: caption, svg: chart.svg(), failed: false, items: []))
    }
  }

  /// Mythics per pool for the checked rules (`pool_mythics.csv`) and for each compared rule set
  /// (`compared_pool_mythics.csv`, written by `sealed check`).
  mutating func buildPoolMythics(_ contents: ReportContents) {
    let own = contents.poolMythics ?? []
    // Charts of counts the run's own check could not test (cards without card data counted as
    // not mythic) say so: mkm-collector-sample's showed "0: observed 100.000%, expected 100.000%"
    // with no word (a review).
    if !own.isEmpty || !(contents.mythicPosition ?? []).isEmpty,
      let untested = contents.checks?.rows.first(where: { $0.name == "mythics per pool" && $0.verdict == .notTested })
    {
      notes.append(
        "The mythic charts count a card without card data as not mythic, so their checks were not made: "
          + untested.detail.replacingOccurrences(of: "not tested: ", with: ""))
    }
    var groups: [(rules: String, rows: [PoolShareRow])] = own.isEmpty ? [] : [(contents.run["rules"] ?? "?", own)]
    for compared in contents.comparedPoolMythics ?? [] {
      if let index = groups.firstIndex(where: { $0.rules == compared.rules }) {
        groups[index].rows.append(compared.row)
      } else {
        groups.append((compared.rules, [compared.row]))
      }
    }
    for group in groups {
      let bars = group.rows.map { row in BarChart.Bar(label: String(row.value), observed: row.proportion, expected: row.expected) }
      let title = groups.count > 1 ? "Mythics per pool, rules \(group.rules)" : "Mythics per pool"
      let chart = BarChart(title: title, bars: bars, width: 300)
      let caption = bars.map { "\($0.label): \(Self.percent($0.observed, decimals: 2)) (expected \(Self.percent($0.expected, decimals: 2)))" }.joined(separator: "; ")
      poolMythics.append(Figure(title: title, caption: caption, svg: chart.svg(), failed: false, items: []))
    }
  }

  mutating func buildPosition(_ rows: [PoolShareRow]) {
    guard !rows.isEmpty else { return }
    let expected = rows.map(\.expected)
    let uniform = expected.allSatisfy { abs($0 - expected[0]) < 1e-12 } && expected[0] > 0
    let bars = rows.map { row in
      let note = row.proportion.map { o in (o - row.expected >= 0 ? "+" : "") + Axis.fixed((o - row.expected) * 100, decimals: 2) + " pp" }
      return BarChart.Bar(label: "booster \(row.value)", observed: row.proportion, expected: uniform ? nil : row.expected, note: note)
    }
    let chart = BarChart(
      title: "Position of the mythic booster", bars: bars,
      reference: uniform ? (expected[0], "uniform \(Self.percent(expected[0], decimals: 2))") : nil, width: 560)
    let caption = bars.map { "\($0.label): \(Self.percent($0.observed, decimals: 3))" }.joined(separator: "; ")
      + (uniform ? "; uniform: \(Self.percent(expected[0], decimals: 3)) each" : "")
    position.append(Figure(title: "Position of the mythic booster", caption: caption, svg: chart.svg(), failed: false, items: []))
  }

  // MARK: Sheets

  mutating func buildSheets(_ contents: ReportContents) {
    if contents.sheetFrequency == nil {
      notes.append("No \(ReportFile.sheetFrequency.name) in this folder (written by an older Sealed): no strips for the rules.")
    }
    let failed = Set((contents.checks?.rows ?? []).filter { $0.verdict == .fail }.map(\.name))
    // The spec's "equally likely" claims first: where a card the rules favour by mistake shows.
    claims = strips(contents.claimFrequency, title: { "claim: \($0)" }, failed: { failed.contains($0) })
    sheets = strips(
      contents.sheetFrequency, title: { "sheet \($0)" }, failed: { sheet in failed.contains { $0.hasPrefix("sheet \(sheet):") } })
    let exact = (contents.sheetFrequency ?? contents.claimFrequency)?.hasTails ?? false
    sheetNote = exact
      ? "Each card's score is the exact binomial tail of its copies (p_tail: conditional on the group's total, each card Binomial(total, its expected share)) as a normal score: ±z with P(Z > z) = p_tail. A card is flagged (and named in the strip) when p_tail ≤ alpha / (2K), K the cards of every strip on this page, the dashed limits ±flag_limit: under the expectations the chance that any card of the page is flagged is at most alpha, whatever the expected counts. The columns p_tail, score, flag_limit and flagged are in the CSV."
      : "These tables were written by an older Sealed without exact tails (p_tail, score): each dot is the residual (observed − expected) / √(expected × dispersion), and no card is flagged."
  }

  /// One strip per group (sheet or claim) of a frequency table, in file order: each card's
  /// exact score (or, in tables without one, its residual), flagged cards named.
  private func strips(_ table: FrequencyTable?, title: (String) -> String, failed: (String) -> Bool) -> [Figure] {
    guard let table else { return [] }
    // The groups in order of first appearance, each with its rows, in one pass.
    var order: [String] = []
    var rows: [String: [FrequencyRow]] = [:]
    for row in table.rows {
      if rows[row.group] == nil { order.append(row.group) }
      rows[row.group, default: []].append(row)
    }
    return order.compactMap { name in
      strip(rows[name]!, exact: table.hasTails, title: title(name), failed: failed(name))
    }
  }

  private func strip(_ cards: [FrequencyRow], exact: Bool, title: String, failed: Bool) -> Figure? {
    let points = cards.compactMap { card -> (ResidualStrip.Point, FrequencyRow)? in
      guard let value = exact ? card.tail?.score : card.residual else { return nil }
      let label = "\(card.name)\(card.collectorNumber.isEmpty ? "" : " #\(card.collectorNumber)")"
      return (ResidualStrip.Point(label: label, value: value, flagged: card.tail?.flagged == true), card)
    }
    guard points.count > 1 else { return nil }
    let limit = cards.compactMap { $0.tail?.limit }.first ?? 0
    let strip = ResidualStrip(title: title, points: points.map(\.0), limit: limit)
    // The strip names at most `ResidualStrip.maximumNamed` flagged cards; the list below it
    // names every flagged card, the others after those, by |score|.
    let onStrip = strip.worst
    let flaggedOffStrip = points.indices
      .filter { points[$0].0.flagged && !onStrip.contains($0) }
      .sorted { abs(points[$0].0.value) > abs(points[$1].0.value) }
    let items = (onStrip + flaggedOffStrip).map { index -> String in
      let card = points[index].1
      let number = card.collectorNumber.isEmpty ? "" : "#\(card.collectorNumber), "
      let measure = exact
        ? "exact tail p = \(Self.display(CSVNumber.format(card.tail?.p))), score \(Axis.fixed(points[index].0.value, decimals: 2))"
        : "residual \(Axis.fixed(points[index].0.value, decimals: 2))"
      let flag = card.tail?.flagged == true ? " — flagged" : ""
      return "\(card.name) (\(number)\(card.rarity.rawValue)): \(card.count) copies, expected \(Self.display(CSVNumber.format(card.expected))), \(measure)\(flag)"
    }
    let flagged = points.filter(\.0.flagged).count
    let caption = exact
      ? "\(points.count) cards; \(flagged == 0 ? "none" : String(flagged)) flagged (exact tail at most alpha / 2K over all K cards of the page, |score| ≥ \(Axis.fixed(limit, decimals: 2)))"
      : "\(points.count) cards; residuals only (no exact tails in this table)"
    return Figure(title: title, caption: caption, svg: strip.svg(), failed: flagged > 0 || failed, items: items)
  }
}
