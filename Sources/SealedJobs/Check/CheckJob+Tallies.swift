import Foundation
import SealedSupport
import SealedRules
import SealedAnalysis
import SealedReports
import SealedStats

extension CheckJob {
  /// What `sealed check SET --tallies DIR` is asked for: the merged run's folder, and the
  /// options as given (nil where not given). The run's own rules, pools, seed and booster range
  /// are the tallies'; an option that names another value is refused, naming both (an equal
  /// one is accepted, so that a script may pass the run's own options).
  package struct TalliesSettings: Sendable {
    package var directory: String
    package var set: String
    package var rules: String?
    package var pools: WholeNumber?
    package var seed: UInt64?
    package var boosterMax: Int?
    package var samples = WholeNumber(0)
    package var cards: String?
    /// `--spec` as given: nil for the spec the shards counted, `none` for none.
    package var specArgument: String?
    package var alpha: Double?
    package var compare: String?
    package var threads: WholeNumber?
    package var out: String?
    package var force = false
    package var toolVersion: String

    package init(directory: String, set: String, toolVersion: String) {
      self.directory = directory
      self.set = set
      self.toolVersion = toolVersion
    }

    /// The options beside set, rules, pools and seed that the reproducing command line needs.
    var reproducingOptions: [String] {
      CheckJob.Settings(
        simulation: .init(source: PlanSource(set: set), toolVersion: toolVersion), specArgument: specArgument, alpha: alpha,
        compare: compare
      ).reproducingOptions
    }
  }

  /// The check of a merged sharded run's tallies, exactly as the unsharded run would be checked
  /// (the same plan, spec and seed, so the same `checks.csv`). Refuses a shard, an interrupted
  /// run, another set, options that disagree with the run, tallies that do not fit the rules,
  /// spec and cards, and checks the report folder up front.
  package init(tallies settings: TalliesSettings) throws(DataError) {
    let directory = settings.directory
    let record = try TalliedRun.record(folder: directory, set: settings.set)
    try Self.refuseOptionsThatDisagree(settings, with: record)
    let tallied = try TalliedRun(record: record, folder: directory, specOption: settings.specArgument) {
      (code, rules, boosterMax) throws(DataError) in
      try PlanSource.loadSet(code, for: rules, cards: settings.cards, boosterMax: boosterMax)
    }
    alpha = try RunLimits.level(settings.alpha ?? tallied.spec?.alpha ?? CheckRun.defaultAlpha)
    try RunLimits.checkedPools(record.tally.pools, plan: tallied.plan)
    plan = tallied.plan
    spec = tallied.spec
    expectations = try Expectations(plan: tallied.plan)
    seed = record.seed
    threads = try settings.threads.map { given throws(DataError) in try RunLimits.threads(given) } ?? ProcessInfo.processInfo.activeProcessorCount
    toolVersion = settings.toolVersion
    // The spec the shards counted, when --spec did not name it here.
    reproducingOptions = (settings.specArgument == nil ? tallied.countedSpecOption : []) + settings.reproducingOptions
    stageNote = nil
    let folder = try ReportFolder(
      path: settings.out ?? "reports/\(tallied.plan.reportName)", writes: ReportFile.checkFolder.names, force: settings.force)
    comparisons = try ComparedRules.plans(
      compare: settings.compare.map(ComparedRules.listed), for: tallied.cardSet, rulesName: tallied.plan.rulesName, spec: tallied.spec)
    counts = .tallies(tallied, folder: folder, directory: directory)
  }

  /// The folder of the merged tallies, when the job checks them.
  package var talliesDirectory: String? {
    if case .tallies(_, _, let directory) = counts { return directory }
    return nil
  }

  private static func refuseOptionsThatDisagree(_ settings: TalliesSettings, with record: RunRecord) throws(DataError) {
    let run = "the tallies in \(settings.directory)"
    if let given = settings.rules {
      let rules = try RuleSetLoader.load(given)
      // The same rules from another release of the same product are the same rules.
      guard RuleSetDefinition.fingerprintText(of: rules.text) == RuleSetDefinition.fingerprintText(of: record.rulesText) else {
        throw DataError(
          "--rules \(given): \(run) were counted under rules \"\(record.rulesName)\" (\(record.rulesSource)); leave --rules out, or give those rules")
      }
    }
    if let given = settings.pools {
      let pools = try given.wholeValue("--pools", expected: "the run's \(record.poolsRequested) pools")
      guard pools == record.poolsRequested else {
        throw DataError("--pools \(given): \(run) are of a run of \(record.poolsRequested) pools; leave --pools out, or give \(record.poolsRequested)")
      }
    }
    if let seed = settings.seed, seed != record.seed {
      throw DataError("--seed \(seed): \(run) are of seed \(record.seed); leave --seed out, or give \(record.seed)")
    }
    if let boosterMax = settings.boosterMax, boosterMax != record.boosterMax {
      throw DataError(
        "--booster-max \(boosterMax): \(run) drew from collector numbers 1-\(record.boosterMax); leave --booster-max out, or give \(record.boosterMax)")
    }
    if (settings.samples.saturatedInt ?? 0) != 0 {
      throw DataError(
        "--samples \(settings.samples): \(run) keep counts, not pools; write samples with the run's first shard (sealed check --shard 1/N --samples K)")
    }
  }
}
