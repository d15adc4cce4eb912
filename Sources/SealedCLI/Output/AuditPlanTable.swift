import SealedSupport
import SealedRules
import SealedReports
import SealedAudit
import SealedStats

/// `sealed audit --plan`: the opened boosters each check needs.
enum AuditPlanTable {
  static func render(_ auditPlan: AuditPlan, plan: BoosterPlan, deviation: Double, ratio: Double, power: Double, alpha: Double) -> String {
    var lines = [
      "\(plan.setName) (\(plan.setCode)) · rules \"\(plan.rulesName)\": opened boosters needed to detect, with power \(CSVNumber.format(power)) at alpha \(CSVNumber.format(alpha)) over \(auditPlan.testCount) checks,",
      "a proportion off by \(CSVNumber.format(deviation)), or in a sheet the rarest card \(CSVNumber.format(ratio)) times as likely as the rules say",
      "",
    ]
    var table = TextTable([("check", .left), ("kind", .left), ("expected", .left), ("boosters needed", .right)])
    for row in auditPlan.rows {
      table.append([row.check, row.kind.rawValue, row.expected, row.boosters.map { String($0) } ?? (row.insideFigure ? PlanTable.insideFigure : "-")])
    }
    lines.append(table.text)
    return lines.joined(separator: "\n")
  }
}
