import SealedCore
import SealedStats

/// The terminal form of `sealed check --plan`.
enum PlanTable {
  static func render(_ checkPlan: CheckPlan, plan: BoosterPlan) -> String {
    var lines: [String] = []
    lines.append(
      "Pools needed to detect a deviation of \(VerdictTable.format(checkPlan.deviation)) with power \(VerdictTable.format(checkPlan.power)) at alpha \(VerdictTable.format(checkPlan.alpha)) / \(checkPlan.tests) checks:")
    lines.append("")
    var table = TextTable([("proportion", .left), ("expected", .right), ("detect", .right), ("trials", .right), ("per pool", .right), ("pools", .right)])
    for row in checkPlan.rows {
      table.append([
        row.name, VerdictTable.format(row.expected), VerdictTable.format(row.alternative), String(row.trials),
        VerdictTable.format(row.trialsPerPool), String(row.pools),
      ])
    }
    lines.append(table.text)
    if checkPlan.rows.isEmpty {
      lines.append("no proportions to test for \(plan.setCode) under \(plan.rulesName)")
    } else {
      lines.append("pools needed: \(checkPlan.pools)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
