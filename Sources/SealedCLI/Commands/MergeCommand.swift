import ArgumentParser
import Foundation
import SealedSupport
import SealedRules
import SealedAnalysis
import SealedReports
import SealedStats
import SealedReportHTML

/// `sealed merge`: adds shard reports into the report of the whole run.
struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Add the reports of the shards of a run (sealed simulate --shard K/N) into one report.",
    discussion: """
      Every folder must hold a tallies.json from the same run (set, rules, seed, pools) and \
      together they must be shards 1 to N. The merged report equals the report of the unsharded \
      run byte for byte, except the rows that describe execution (threads, elapsed_seconds, \
      boosters_per_second, started_at). Writes report.html too (sealed report DIR rebuilds it).
      """)

  @Argument(help: "Report folders of the shards.")
  var folders: [String]

  @OptionGroup var cardOptions: CardOptions

  @Option(help: ArgumentHelp("Report folder for the whole run (default: reports/<set>-<rules>/).", valueName: "dir"))
  var out: String?

  @Flag(help: "Write into a report folder that holds files Sealed did not write (they are kept) or files of an earlier report merge does not write (they are dropped).")
  var force = false

  func run() throws {
    guard !folders.isEmpty else { throw DataError("expected at least one shard report folder") }
    var records: [(folder: String, record: RunRecord)] = []
    for folder in folders { records.append((folder, try RunRecord.read(folder: folder))) }
    let merged = try MergedShards(records) { (code, rules, boosterMax) throws(DataError) in
      try cardOptions.loadSet(code, for: rules, boosterMax: boosterMax)
    }
    let (spec, plan, tally) = (merged.spec, merged.plan, merged.tally)
    // No thread count or elapsed time describes the whole run; the summary line gives the shards' total.
    let run = merged.run(toolVersion: SealedCommand.version)
    let expectations = try Expectations(plan: plan)
    let report = try statistics { () throws(StatisticsError) in
      try SimulationReport(plan: plan, expectations: expectations, tally: tally, run: run).withCardTails(alpha: CheckRun.defaultAlpha)
    }
    let folder = try ReportFolder(
      path: out ?? "reports/\(plan.reportName)",
      writes: ReportFile.simulationFolder.names, force: force)
    let contents = report.contents
    var files = contents.tables.map { (name: $0.name, contents: $0.table.text) }
    files.append((RunRecord.fileName, merged.record(run: run).encoded()))
    Note.replaced(try folder.commit(HTMLReportFile.adding(to: files, contents: contents)), in: folder.path)
    let seconds = records.reduce(0.0) { $0 + $1.record.elapsedSeconds }
    let threadSeconds = records.reduce(0.0) { $0 + $1.record.elapsedSeconds * Double($1.record.threads) }
    print(
      "merged \(records.count) shards: \(tally.pools) pools (\(tally.boosters) boosters); the shards ran \(String(format: "%.2f", seconds)) s in all, \(String(format: "%.2f", threadSeconds)) thread-seconds")
    print("reports: \(folder.path)/")
    if let spec {
      print("next: sealed check \(plan.setCode) --tallies \(folder.path) (the shards counted spec \"\(spec.name)\")")
    }
  }
}
