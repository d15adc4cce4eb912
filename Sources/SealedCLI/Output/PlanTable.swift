import SealedSupport
import SealedRules
import SealedStats

/// The terminal form of `sealed check --plan`.
enum PlanTable {
  static func render(_ checkPlan: CheckPlan, plan: BoosterPlan) -> String {
    var lines: [String] = []
    lines.append(
      "Pools needed to detect, with power \(VerdictTable.format(checkPlan.power)) at alpha \(VerdictTable.format(checkPlan.alpha)) / \(checkPlan.tests) checks, a proportion off by \(VerdictTable.format(checkPlan.deviation)) (binomial) or one cell (a card, a rarity, a position, a count of mythics) \(VerdictTable.format(checkPlan.ratio)) times as likely as the rules say (chi-square):")
    lines.append("")
    var table = TextTable([("check", .left), ("test", .left), ("expected", .right), ("detect", .right), ("trials", .right), ("per pool", .right), ("pools", .right)])
    for row in checkPlan.rows {
      table.append([
        row.name, row.test.rawValue, VerdictTable.format(row.expected), VerdictTable.format(row.alternative), String(row.trials),
        VerdictTable.format(row.trialsPerPool), row.pools.map(String.init) ?? Self.unsized(row),
      ])
    }
    lines.append(table.text)
    if checkPlan.rows.isEmpty {
      lines.append("no statistical checks to plan for \(plan.setCode) under \(plan.rulesName): every check is an invariant")
    } else if let largest = checkPlan.largest {
      let pools = largest.pools.map(String.init) ?? "more than 2^40 (no feasible run)"
      lines.append("\(checkPlan.rows.count) statistical checks planned: every one the run makes (invariants need no plan: one violation fails them)")
      lines.append("pools needed: \(pools) (for \(largest.name))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What a proportion says for its pools (or boosters, in an audit's plan) when the deviation
  /// asked for stays inside the range its published figure accepts: no run can find it.
  static let insideFigure = "inside the figure's range"

  /// What a row no run can size says instead of its pools.
  static func unsized(_ row: CheckPlan.Row) -> String {
    if row.insideFigure { return insideFigure }
    return row.counts ? "beyond 2^40" : "nothing to count"
  }
}
