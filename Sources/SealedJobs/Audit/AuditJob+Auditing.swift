import Foundation
import SealedSupport
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats
import SealedAudit

extension AuditJob {
  /// Audits what `reading` counted: draws the Monte Carlo null with the engine, evaluates
  /// every check and makes the report folder's files. Cost: R × N boosters drawn (R
  /// `--resamples`, N the file's boosters), then the checks.
  package func audit(_ reading: Reading) throws(DataError) -> Outcome {
    let input = reading.session.input(
      expectations: try Expectations(plan: plan), alpha: alpha, resamples: resamples, seed: seed, threads: threads)
    let audit = try statistics { () throws(StatisticsError) in try AuditRun(input, null: Self.drawNull) }
    let elapsed = Date().timeIntervalSince(reading.started)
    let contents = AuditReport.contents(
      audit, session: reading.session, plan: plan, packs: reading.packs, format: reading.format, identity: reading.identity,
      grouping: grouping, seed: seed, alpha: alpha, spec: settings.spec, threads: threads, elapsed: elapsed,
      startedAt: RunInfo.timestamp(reading.started), command: reproducingCommand,
      toolVersion: settings.toolVersion)
    return Outcome(audit: audit, reading: reading, files: try ReportFiles.make(contents), elapsedSeconds: elapsed)
  }

  /// Writes the outcome's files into the report folder, whole or not at all; returns the
  /// report of another run it replaced.
  package func write(_ outcome: Outcome) throws(DataError) -> PreviousReport? {
    guard let folder else { throw DataError("expected a report folder for the audit") }
    return try folder.commit(outcome.files)
  }

  /// `sealed audit --plan`: how many opened boosters each check needs to detect `deviation`
  /// (proportions) or `ratio` (card frequencies) with `power`. Cost: the expectations and one
  /// power calculation per check.
  package func plan(deviation: Double, ratio: Double, power: Double) throws(DataError) -> AuditPlan {
    try RunLimits.planEffect(deviation: deviation, ratio: ratio, power: power)
    let catalog = AuditCatalog(plan: plan, set: loaded.set, identity: .printingAndFinish)
    let expectations = try Expectations(plan: plan)
    return try statistics { () throws(StatisticsError) in
      try AuditPlan(
        catalog: catalog, lanes: AuditLanes(catalog: catalog), expectations: expectations, grouping: grouping, alpha: alpha,
        deviation: deviation, ratio: ratio, power: power)
    }
  }

  /// The command line that reproduces the audit.
  var reproducingCommand: String {
    var extra = loaded.reproducingData + settings.source.reproducingCards
    if let format = settings.format { extra += ["--format", format.optionName] }
    if let spec = settings.specArgument { extra += ["--spec", spec] }
    if let alpha = settings.alpha { extra += ["--alpha", String(alpha)] }
    extra += ["--resamples", String(resamples), "--pool-grouping", grouping.rawValue, "--seed", String(seed)]
    return ReproduceCommand.audit(set: plan.setCode, rules: settings.source.rules, packs: settings.packs ?? "-", extra: extra)
  }

  /// The Monte Carlo null of `statistics`, drawn by the engine from the rules and counted as
  /// the file's boosters are (`AuditNull`).
  @Sendable static func drawNull(_ input: AuditInput, _ statistics: [AuditStatistic]) -> [[Double]] {
    AuditNull.run(
      catalog: input.catalog, lanes: input.lanes, boosters: input.observed.boosters, grouping: input.grouping,
      seed: input.seed, samples: input.resamples, threads: input.threads
    ) { counts in statistics.map { $0.value(counts) } }
  }
}
