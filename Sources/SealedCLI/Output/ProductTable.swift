import SealedJobs

/// The table `sealed check-products` prints: a row per product checked.
enum ProductTable {
  static func render(_ summary: ProductSummary) -> String {
    var table = TextTable([
      ("product", .left), ("kind", .left), ("set", .left), ("verdict", .left), ("checks", .right), ("not tested", .right),
      ("pools", .right), ("seconds", .right), ("lacking data", .right), ("failing checks / reason", .left),
    ])
    for row in summary.rows {
      let why = row.verdict == .refused ? row.reason : row.failing.joined(separator: "; ")
      table.append([
        row.product, row.kind, row.set, row.verdict.rawValue, String(row.checks), String(row.notTested), String(row.pools),
        String(format: "%.2f", row.seconds), row.verdict == .refused ? "" : String(row.lacking), Self.shortened(why, to: 90),
      ])
    }
    return table.text
  }

  /// The lint's totals, then its first 20 warnings, indented.
  static func lint(_ summary: ProductSummary) -> String {
    var text = summary.lintTotals + "\n"
    let warnings = summary.rows.flatMap(\.warnings)
    for warning in warnings.prefix(20) { text += "  " + warning.text + "\n" }
    if warnings.count > 20 { text += "  ... (\(warnings.count) in all; summary.csv's warnings column lists them)\n" }
    return text
  }

  /// The error control's line: how many products the screen flagged and what their
  /// confirmations found.
  static func errorControl(_ summary: ProductSummary, job: ProductsJob) -> String {
    let confirmed = summary.rows.filter { $0.confirm != nil }
    // The confirmations' own statistical verdicts (a product failing an exact claim fails
    // whatever its confirmation found).
    let failed = confirmed.filter { $0.confirmationFailed == true }.count
    let control = job.control
    return "screen at \(control.screenAlpha) per product: \(confirmed.count) of \(summary.rows.filter { $0.flagged != nil }.count) flagged"
      + (confirmed.isEmpty ? "" : ", confirmed at \(job.confirmPools) pools: \(failed) fail, \(confirmed.count - failed) pass")
      + "; the run's error rate \(control.alpha) over \(control.products) product\(control.products == 1 ? "" : "s")\n"
  }

  static func shortened(_ text: String, to length: Int) -> String {
    text.count <= length ? text : String(text.prefix(length - 3)) + "..."
  }
}
