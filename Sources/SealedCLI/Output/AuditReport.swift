import SealedSupport
import SealedRules
import SealedEngine
import SealedReports
import SealedAudit
import SealedPackFiles
import SealedStats

/// The tables of an audit's report folder: `run.csv` (what was audited, how), `audit.csv`
/// (the verdicts), `boosters.csv` (each booster with a problem, and what it is),
/// `sheet_frequency.csv` (each sheet's cards against the rules). `report.html` is made from them.
enum AuditReport {
  static func tables(
    _ audit: AuditRun, session: AuditSession, rules: LoadedPlan, packs: String, format: PackFileFormat,
    identity: CardIdentity, grouping: PoolGrouping, seed: UInt64, alpha: Double, spec: SpecDefinition?, threads: Int,
    elapsed: Double, startedAt: String, command: String
  ) -> [(name: String, table: CSVTable)] {
    let plan = rules.plan
    let findings = session.findings
    var run = CSVTable(file: .run)
    let rows: [(String, String)] = [
      ("command_kind", "audit"), ("set", plan.setCode), ("set_name", plan.setName), ("rules", plan.rulesName),
      ("rules_source", plan.rulesSource), ("rules_sha256", plan.rulesSHA256), ("spec", spec?.name ?? ""),
      ("packs", packs), ("format", format.optionName), ("card_identity", identity.rawValue), ("boosters", String(findings.boosters)),
      ("cards", String(findings.cards)), ("pools", grouping == .grouped ? String(session.accumulator.counts.pools) : ""),
      ("pool_grouping", grouping.rawValue), ("resamples", String(audit.resamples)), ("seed", String(seed)),
      ("alpha", CSVNumber.format(alpha)), ("tool_version", SealedCommand.version),
      ("generator", String(Simulation.generatorVersion)), ("threads", String(threads)),
      ("elapsed_seconds", CSVNumber.format((elapsed * 1000).rounded() / 1000)), ("started_at", startedAt),
      ("command", command), ("notes", audit.notes.joined(separator: " | ")),
    ]
    for (key, value) in rows { run.append([key, value]) }
    var boosters = CSVTable(file: .boosters)
    for row in findings.listed {
      boosters.append([row.booster, String(row.line), row.kind, row.problem.isEmpty ? "pass" : "fail", row.problem])
    }
    return [
      (ReportFile.run.name, run), (ReportFile.audit.name, audit.table), (ReportFile.boosters.name, boosters),
      (ReportFile.sheetFrequency.name, audit.frequencyTable),
    ]
  }
}
