import Foundation
import Mustache
import SealedCharts
import SealedSupport
import SealedReports

/// `report.html` of a release diff (`sealed rules diff`): one self-contained page (inline SVG
/// and CSS, no script, nothing fetched) made from the same rows as its CSV files
/// (`ReleaseDiffReport`), printing their text: the two files, what changed in each product in
/// words (products.csv's summary), the products by status, per changed product a chart of its
/// largest changes among the shares (new as bars, old as ticks), and the largest changes of all.
/// Template `Resources/release-diff.mustache`. Cost: O(rows).
package enum ReleaseDiffPage {
  /// Changes listed in the page's table (changes.csv has all of them).
  static let tableRows = 200
  /// Products charted, and bars per chart.
  static let chartedProducts = 12
  static let barsPerChart = 8

  struct Pair { let key: String; let value: String }
  struct Count { let status: String; let count: Int }
  struct Figure { let title: String; let caption: String; let svg: String }

  struct Values {
    var title: String
    var verdict: String
    var verdictClass: String
    var identity: [Pair]
    var command: String
    var counts: [Count]
    var summaries: [ReleaseDiffReport.ProductRow]
    var hasSummaries: Bool
    var productRows: [ReleaseDiffReport.ProductRow]
    var hasProductRows: Bool
    var charts: [Figure]
    var hasCharts: Bool
    var chartNote: String
    var changeRows: [ReleaseDiffReport.ChangeRow]
    var hasChanges: Bool
    var changesNote: String
  }

  /// The page of `report`.
  package static func render(_ report: ReleaseDiffReport) throws(DataError) -> String {
    try PageTemplate.parse(PackageResources.release_diff_mustache, name: "release diff").render(values(report))
  }

  static func values(_ report: ReleaseDiffReport) -> Values {
    let run = Dictionary(report.identity.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    let changed = run["changed"] == "yes"
    let shown = report.changes.prefix(tableRows)
    let charts = self.charts(report)
    return Values(
      title: "Sealed release diff: \(run["old"].map(Self.fileName) ?? "?") → \(run["new"].map(Self.fileName) ?? "?")",
      verdict: changed
        ? "CHANGED: " + report.counts.filter { $0.status != "unchanged" && $0.count > 0 }.map { "\($0.count) \($0.status)" }.joined(separator: ", ")
          + " · \(report.changes.count) measures changed"
        : "UNCHANGED: every product and every measure is the same",
      verdictClass: changed ? "fail" : "pass",
      identity: report.identity.filter { $0.key != "command" }.map { Pair(key: $0.key, value: $0.value) },
      command: run["command"] ?? "", counts: report.counts.map { Count(status: $0.status, count: $0.count) },
      summaries: report.summarized.map { report.products[$0] }, hasSummaries: !report.summarized.isEmpty,
      productRows: Self.listedProducts(report),
      hasProductRows: report.products.contains { $0.status != "unchanged" }, charts: charts, hasCharts: !charts.isEmpty,
      chartNote: "Up to \(chartedProducts) products with the largest changes among their shares (variants, booster sizes, sheets, rarities), up to \(barsPerChart) shares each.",
      changeRows: Array(shown), hasChanges: !shown.isEmpty,
      changesNote: "The \(shown.count) largest of \(report.changes.count) changes, largest relative change first (changes.csv has every one).")
  }

  /// Per product, its largest changes among shares, as a bar chart (new bars, old ticks).
  static func charts(_ report: ReleaseDiffReport) -> [Figure] {
    let shares: Set<String> = ["variant", "booster_size", "sheet_share", "rarity"]
    var byProduct: [String: [ReleaseDiffReport.ChangeRow]] = [:]
    var order: [String] = []
    for row in report.changes where shares.contains(row.measure) {
      if byProduct[row.product] == nil { order.append(row.product) }
      byProduct[row.product, default: []].append(row)
    }
    return order.prefix(chartedProducts).map { product in
      let rows = Array(byProduct[product]!.prefix(barsPerChart))
      let bars = rows.enumerated().map { index, row in
        BarChart.Bar(label: "\(index + 1)", observed: Double(row.new) ?? 0, expected: Double(row.old) ?? 0)
      }
      let chart = BarChart(title: product, bars: bars, width: 960)
      let caption = rows.enumerated().map { index, row in
        "\(index + 1): \(row.measure) \(row.subject), \(row.old) → \(row.new)"
      }.joined(separator: " · ")
      return Figure(title: product, caption: caption, svg: chart.svg())
    }
  }

  /// The products the page lists: changed first (renamed ones with changes among them), then
  /// removed, renamed only, added; unchanged ones only in products.csv.
  static func listedProducts(_ report: ReleaseDiffReport) -> [ReleaseDiffReport.ProductRow] {
    func rank(_ row: ReleaseDiffReport.ProductRow) -> Int {
      if row.changes != "0" { return 0 }
      return ["changed": 0, "removed": 1, "renamed": 2, "added": 3][row.status] ?? 4
    }
    return report.products.enumerated().filter { $0.element.status != "unchanged" }
      .sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
  }

  static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }
}
