import SealedSupport
import SealedJobs

/// The terminal form of `sealed check-products --plan`: a row per product.
enum ProductPlanTable {
  static func render(_ plan: ProductsPlan, pools: Int) -> String {
    let control = plan.control
    var lines = [
      "Pools each product needs to detect, with power \(VerdictTable.format(plan.power)) (screen and confirmation at \(VerdictTable.format(plan.power.squareRoot())) each), a proportion off by \(VerdictTable.format(plan.deviation)) or one cell \(VerdictTable.format(plan.ratio)) times as likely: the screen at \(VerdictTable.format(control.screenAlpha)) per product, the confirmation at \(VerdictTable.format(control.alpha)) / \(control.products) products with \(VerdictTable.format(plan.rows.first?.factor ?? 4)) times the pools:",
      "",
    ]
    var table = TextTable([("product", .left), ("checks", .right), ("screen", .right), ("confirmation", .right), ("pools needed", .right), ("hardest check / reason", .left)])
    for row in plan.rows {
      guard let screen = row.screen, let confirmation = row.confirmation else {
        table.append([row.product, "", "", "", "", ProductTable.shortened("refused: " + (row.refused ?? ""), to: 90)])
        continue
      }
      table.append([
        row.product, String(screen.rows.count), count(screen.pools), count(confirmation.pools), row.pools.map(String.init) ?? "none",
        ProductTable.shortened(screen.rows.isEmpty ? "(invariants only)" : row.hardest, to: 90),
      ])
    }
    lines.append(table.text)
    if let largest = plan.largest {
      let needed = largest.pools.map(String.init) ?? "more than 2^40 (no feasible run)"
      let short = plan.rows.filter { ($0.pools ?? .max) > pools && $0.refused == nil }.count
      lines.append("pools needed for every product: \(needed) (for \(largest.product): \(largest.hardest)); at --pools \(pools), \(short) of \(plan.rows.count) products fall short")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func count(_ pools: Int?) -> String { pools.map(String.init) ?? "none" }
}
