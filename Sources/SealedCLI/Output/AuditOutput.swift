import SealedJobs

/// What `sealed audit` prints after its run: the verdict table, the boosters and samples,
/// where the reports went. Throws exit status 1 when a check failed.
enum AuditOutput {
  static func print(_ outcome: AuditJob.Outcome, of job: AuditJob) throws {
    let (audit, reading) = (outcome.audit, outcome.reading)
    Swift.print(
      AuditVerdictTable.render(
        audit, session: reading.session, spec: job.settings.spec, alpha: job.alpha, source: reading.packs, terminal: .standardOutput),
      terminator: "")
    let boosters = reading.session.findings.boosters
    Swift.print(
      String(
        format: "%d booster%@ read and checked in %.2f s; %d Monte Carlo samples; whole audit %.2f s", boosters,
        boosters == 1 ? "" : "s", reading.seconds, audit.resamples, outcome.elapsedSeconds))
    Swift.print("reports: \(job.folder?.path ?? "")/")
    if !audit.passed { throw CommandFailure(status: 1) }
  }
}
