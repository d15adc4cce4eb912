import ArgumentParser
import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedJobs

/// `--shard K/N`. Any text is taken here and checked by `parsed`, so that `a/b` gets the one
/// message every bad shard gets rather than the argument parser's own.
struct ShardArgument: ExpressibleByArgument, Sendable {
  let text: String
  private let parsedShard: Simulation.Shard?

  init?(argument: String) {
    text = argument
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      parsedShard = nil
      return
    }
    parsedShard = Simulation.Shard(index: index, count: count)
  }

  /// The shard, or the one-line error of text that is not two whole numbers `K/N`.
  func parsed() throws(DataError) -> Simulation.Shard {
    guard let parsedShard else { throw DataError("--shard \(text): expected K/N, two whole numbers with 1 <= K <= N (like 2/8)") }
    return parsedShard
  }

  /// The shard as given (call `parsed` first).
  var shard: Simulation.Shard { parsedShard ?? Simulation.Shard(index: 0, count: 0) }
}

/// Options of every command that runs a simulation.
struct RunOptions: ParsableArguments {
  @Option(name: .customLong("pools"), parsing: .unconditional, help: ArgumentHelp("Pools to simulate (default 1000000; 1000000, 1_000_000 or 1e6).", valueName: "n"))
  var poolsArgument: WholeNumber?

  /// `--pools`, or the default of a million (checked by `validated`).
  var pools: WholeNumber { poolsArgument ?? WholeNumber(1_000_000) }

  @OptionGroup var seedOption: SeedOption

  @OptionGroup var threadOption: ThreadOption

  @Option(help: ArgumentHelp("Report folder (default: reports/<set>-<rules>/).", valueName: "dir"))
  var out: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Run only part K of N equal parts of the run, for sealed merge; every shard needs the run's --seed.", valueName: "k/n"))
  var shard: ShardArgument?

  @Option(name: .customLong("samples"), parsing: .unconditional, help: ArgumentHelp("Also write the first K pools in long form to notebooks-data/<set>-<rules>/pools.csv, or with --out into the report as pools.csv (K at most --pools and 100000, like --pools: 1000, 1_000 or 1e3).", valueName: "k"))
  var sampleCount: WholeNumber = WholeNumber(0)

  @Flag(help: "Write into a report folder that holds files Sealed did not write (they are kept) or files of an earlier report this command does not write (they are dropped); let a run stopped by Ctrl-C replace a complete report.")
  var force = false

  @Flag(help: "No progress bar.")
  var quiet = false

  /// The simulation these options ask for, of the plan `source` gives; the job validates
  /// every value against the plan (`RunLimits`).
  func settings(source: PlanSource, spec: SpecDefinition? = nil) throws(DataError) -> SimulationJob.Settings {
    var settings = SimulationJob.Settings(source: source, toolVersion: SealedCommand.version)
    settings.spec = spec
    settings.pools = pools
    settings.seed = try seedOption.given()
    settings.threads = threadOption.threadArgument
    settings.shard = try shard?.parsed() ?? .whole
    settings.samples = sampleCount
    settings.out = out
    settings.force = force
    return settings
  }
}

/// `--threads N`: worker threads, 1 to 1024; without it, one per core.
struct ThreadOption: ParsableArguments {
  @Option(
    name: .customLong("threads"), parsing: .unconditional,
    help: ArgumentHelp("Worker threads (default: all cores, \(ProcessInfo.processInfo.activeProcessorCount) here).", valueName: "n"))
  var threadArgument: WholeNumber?

  /// The checked thread count, or one per core.
  func resolve() throws(DataError) -> Int {
    guard let threadArgument else { return ProcessInfo.processInfo.activeProcessorCount }
    return try RunLimits.threads(threadArgument)
  }
}
