import SealedCore
import SealedStats

/// The terminal form of `sealed check --plan`.
enum PlanTable {
  static func render(_ checkPlan: CheckPlan, plan: BoosterPlan) -> String {
    var lines: [String] = []
    lines.append(
      "Pools needed to detect, with power \(VerdictTable.format(checkPlan.power)) at alpha \(VerdictTable.format(checkPlan.alpha)) / \(checkPlan.tests) checks, a proportion off by \(VerdictTable.format(checkPlan.deviation)) (binomial) or one card or position \(VerdictTable.format(checkPlan.ratio)) times as likely as the others (chi-square):")
    lines.append("")
    var table = TextTable([("check", .left), ("test", .left), ("expected", .right), ("detect", .right), ("trials", .right), ("per pool", .right), ("pools", .right)])
    for row in checkPlan.rows {
      table.append([
        row.name, row.test.rawValue, VerdictTable.format(row.expected), VerdictTable.format(row.alternative), String(row.trials),
        VerdictTable.format(row.trialsPerPool), String(row.pools),
      ])
    }
    lines.append(table.text)
    if checkPlan.rows.isEmpty {
      lines.append("no proportions or chi-square claims to plan for \(plan.setCode) under \(plan.rulesName)")
    } else if let largest = checkPlan.largest {
      lines.append("pools needed: \(largest.pools) (for \(largest.name))")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
