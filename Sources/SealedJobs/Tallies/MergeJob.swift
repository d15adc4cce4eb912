import Foundation
import SealedSupport
import SealedAnalysis
import SealedReports
import SealedStats

/// `sealed merge`: the report folders of the shards of one run read back, checked to be
/// shards 1 to N of that run, and their tallies summed into the report of the whole run,
/// which equals the unsharded run's report but for the rows that describe execution.
package struct MergeJob: Sendable {
  /// What a merge is asked for.
  package struct Settings: Sendable {
    /// The shards' report folders.
    package var folders: [String]
    package var cards: String?
    /// The report folder; nil: `reports/<set>-<rules>/`.
    package var out: String?
    package var force = false
    package var toolVersion: String

    package init(folders: [String], toolVersion: String) {
      self.folders = folders
      self.toolVersion = toolVersion
    }
  }

  /// The merged report's files, not yet written, and what the shards took.
  package struct Outcome: Sendable {
    package let files: [(name: String, contents: String)]
    package let shards: Int
    package let pools: Int
    package let boosters: Int
    /// The shards' seconds, and thread-seconds, added up.
    package let seconds: Double
    package let threadSeconds: Double
  }

  package let settings: Settings
  package let merged: MergedShards
  let records: [(folder: String, record: RunRecord)]
  package let folder: ReportFolder

  /// Reads every shard's record, checks that they are the shards of one run (`ShardMerge`),
  /// compiles their rules for the card data and sums the tallies; checks the report folder.
  /// Cost: reading the records, one compile, the sum of the tallies.
  package init(_ settings: Settings) throws(DataError) {
    guard !settings.folders.isEmpty else { throw DataError("expected at least one shard report folder") }
    var records: [(folder: String, record: RunRecord)] = []
    for folder in settings.folders { records.append((folder, try RunRecord.read(folder: folder))) }
    merged = try MergedShards(records) { (code, rules, boosterMax) throws(DataError) in
      try PlanSource.loadSet(code, for: rules, cards: settings.cards, boosterMax: boosterMax)
    }
    self.records = records
    self.settings = settings
    let out = settings.out ?? "reports/\(merged.plan.reportName)"
    try Self.refuseShardFolder(out, shards: settings.folders)
    folder = try ReportFolder(path: out, writes: ReportFile.simulationFolder.names, force: settings.force)
  }

  /// Refuses a report folder that is one of the shards' folders (the same folder once links
  /// and `.` or `..` are resolved): the merged report would replace that shard's, which a
  /// later merge needs, whether or not `--force` is given.
  static func refuseShardFolder(_ out: String, shards: [String]) throws(DataError) {
    func resolved(_ path: String) -> String {
      URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
    let target = resolved(out)
    if let shard = shards.first(where: { resolved($0) == target }) {
      throw DataError(
        "the merged report would replace the shard report in \(shard), which is one of the folders to merge; choose another --out",
        at: "--out \(out)")
    }
  }

  /// The whole run's report: its CSVs (cards flagged at `CheckRun.defaultAlpha`), its record
  /// and its page. No thread count or elapsed time describes the whole run.
  package func run() throws(DataError) -> Outcome {
    let (plan, tally) = (merged.plan, merged.tally)
    let run = merged.run(toolVersion: settings.toolVersion)
    let expectations = try Expectations(plan: plan)
    let report = try statistics { () throws(StatisticsError) in
      try SimulationReport(plan: plan, expectations: expectations, tally: tally, run: run).withCardTails(alpha: CheckRun.defaultAlpha)
    }
    return Outcome(
      files: try report.files(record: (RunRecord.fileName, merged.record(run: run).encoded())), shards: records.count,
      pools: tally.pools, boosters: tally.boosters, seconds: records.reduce(0.0) { $0 + $1.record.elapsedSeconds },
      threadSeconds: records.reduce(0.0) { $0 + $1.record.elapsedSeconds * Double($1.record.threads) })
  }

  /// Writes the outcome's files, whole or not at all; returns the report it replaced.
  package func write(_ outcome: Outcome) throws(DataError) -> PreviousReport? {
    try folder.commit(outcome.files)
  }
}
