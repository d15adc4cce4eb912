import SealedSupport
import SealedRules
import SealedEngine
import SealedReports
import SealedPackFiles
import SealedAnalysis
import SealedVerdicts
import SealedStats
import SealedAudit

/// The files of an audit's report folder: `run.csv` (what was audited, how), `audit.csv`
/// (the verdicts), `boosters.csv` (each booster listed, and what is wrong with it),
/// `sheet_frequency.csv` (each sheet's cards against the rules). `report.html` is made from the
/// same values.
package enum AuditReport {
  /// The report of `audit`, made from `session`'s boosters of `packs` (read as `format`, cards
  /// told apart by `identity`) under `plan`, with how it was run. Cost: the rows of the tables
  /// already made; nothing is written.
  package static func contents(
    _ audit: AuditRun, session: AuditSession, plan: BoosterPlan, packs: String, format: PackFileFormat,
    identity: CardIdentity, grouping: PoolGrouping, seed: UInt64, alpha: Double, spec: SpecDefinition?, threads: Int,
    elapsed: Double, startedAt: String, command: String, toolVersion: String
  ) -> ReportContents {
    let findings = session.findings
    var rows: [(String, String)] = [
      ("command_kind", RunTable.auditKind), ("set", plan.setCode), ("set_name", plan.setName), ("rules", plan.rulesName),
      ("rules_source", plan.rulesSource), ("rules_sha256", plan.rulesSHA256), ("spec", spec?.name ?? ""),
      ("packs", packs), ("format", format.optionName), ("card_identity", identity.rawValue), ("boosters", String(findings.boosters)),
      ("cards", String(findings.cards)), ("pools", grouping == .grouped ? String(session.accumulator.counts.pools) : ""),
      ("pool_grouping", grouping.rawValue), ("resamples", String(audit.resamples)), ("seed", String(seed)),
      ("alpha", CSVNumber.format(alpha)), ("tool_version", toolVersion),
      ("generator", String(Simulation.generatorVersion)), ("threads", String(threads)),
      ("elapsed_seconds", CSVNumber.format((elapsed * 1000).rounded() / 1000)), ("started_at", startedAt),
      ("command", command), ("notes", audit.notes.joined(separator: " | ")),
    ]
    if let data = plan.boosterData, let at = rows.firstIndex(where: { $0.0 == "rules_sha256" }) { rows.insert(("booster_data", data), at: at + 1) }
    var contents = ReportContents(run: RunTable(rows.map { (key: $0.0, value: $0.1) }))
    contents.checks = CheckTable(file: .audit, rows: audit.checks)
    contents.boosters = findings.listed
    contents.sheetFrequency = audit.frequencyTable.table(.sheetFrequency, plan: plan)
    if !audit.claimFrequencyTable.rows.isEmpty { contents.claimFrequency = audit.claimFrequencyTable.table(.claimFrequency, plan: plan) }
    return contents
  }
}
