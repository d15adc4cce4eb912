import SealedSupport
import SealedVerdicts
import SealedRules
import SealedReports
import SealedAudit
import SealedStats

/// The terminal summary of an audit: what was read, one line per check, then the verdict and
/// the boosters with a problem.
enum AuditVerdictTable {
  static func render(
    _ audit: AuditRun, session: AuditSession, spec: SpecDefinition?, alpha: Double, source: String, terminal: Terminal
  ) -> String {
    let plan = session.plan
    let findings = session.findings
    var lines: [String] = []
    let specText = spec.map { "spec \"\($0.name)\"" } ?? "no spec"
    lines.append(terminal.bold("audit of \(source): \(findings.boosters) booster\(findings.boosters == 1 ? "" : "s") of \(plan.setName) (\(plan.setCode)) · rules \"\(plan.rulesName)\" · \(specText)"))
    lines.append(
      "cards named by \(session.catalog.identity.rawValue); boosters \(session.grouping == .grouped ? "in pools of \(plan.boostersPerPool), in file order" : "each from a pool of its own")")
    lines.append("alpha \(CSVNumber.format(alpha)), p-values Holm-adjusted over \(audit.checks.filter { $0.pValue != nil }.count) statistical checks; invariants allow no violation")
    for note in audit.notes { lines.append("note: \(note)") }
    lines.append("")
    var table = TextTable([("verdict", .left), ("from", .left), ("check", .left), ("result", .left), ("method", .left), ("p adjusted", .right)])
    for check in audit.checks {
      table.append([
        VerdictTable.label(check.verdict), check.source.rawValue, check.name,
        VerdictTable.describe(check), check.method?.text ?? "",
        check.pAdjusted.map(VerdictTable.format) ?? "-",
      ])
    }
    var text = table.text
    if terminal.colors { text = text.replacingOccurrences(of: "\nFAIL ", with: "\n\u{1B}[31;1mFAIL\u{1B}[0m ") }
    lines.append(text)
    lines.append(terminal.bold(audit.summary.text))
    for check in audit.checks where check.failed {
      lines.append("  - \(check.name): \(VerdictTable.describe(check)) (\(check.detail))")
    }
    let problems = findings.problems
    for problem in problems.prefix(10) {
      lines.append("  \(BoosterFindings.name(problem.booster)) (line \(problem.line)): \(problem.problem)")
    }
    if findings.impossibleBoosters > 10 {
      // boosters.csv stops listing after `BoosterFindings.problemLimit` problems past its first rows.
      let listed = problems.count < findings.impossibleBoosters ? "lists the first \(problems.count) of them" : "lists them"
      lines.append("  ... \(findings.impossibleBoosters - 10) more boosters with a problem (\(ReportFile.boosters.name) \(listed))")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
