import ArgumentParser
import Foundation
import SealedSupport
import SealedJobs

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
    var settings = MergeJob.Settings(folders: folders, toolVersion: SealedCommand.version)
    (settings.cards, settings.out, settings.force) = (cardOptions.cards, out, force)
    let job = try MergeJob(settings)
    let outcome = try job.run()
    Note.replaced(try JobProgress.writing { try job.write(outcome) }, in: job.folder.path)
    print(
      "merged \(outcome.shards) shard\(outcome.shards == 1 ? "" : "s"): \(outcome.pools) pools (\(outcome.boosters) boosters); the shards ran \(String(format: "%.2f", outcome.seconds)) s in all, \(String(format: "%.2f", outcome.threadSeconds)) thread-seconds")
    print("reports: \(job.folder.path)/")
    if let spec = job.merged.spec {
      print("next: sealed check \(job.merged.plan.setCode) --tallies \(job.folder.path) (the shards counted spec \"\(spec.name)\")")
    }
  }
}
