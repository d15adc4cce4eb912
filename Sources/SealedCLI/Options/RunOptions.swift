import ArgumentParser
import Foundation
import SealedSupport
import SealedRules
import SealedEngine

/// `--shard K/N`.
struct ShardArgument: ExpressibleByArgument, Sendable {
  let shard: Simulation.Shard

  init?(argument: String) {
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
    shard = Simulation.Shard(index: index, count: count)
  }
}

/// Options of every command that runs a simulation.
struct RunOptions: ParsableArguments {
  /// The most pools `--samples` writes (about 4 KB of CSV per pool).
  static let maximumSamples = 100_000

  @Option(name: .customLong("pools"), parsing: .unconditional, help: ArgumentHelp("Pools to simulate (default 1000000; 1000000, 1_000_000 or 1e6).", valueName: "n"))
  var poolsArgument: WholeNumber?

  /// `--pools`, or the default of a million (checked by `validated`).
  var pools: WholeNumber { poolsArgument ?? WholeNumber(1_000_000) }

  @OptionGroup var seedOption: SeedOption

  @OptionGroup var threadOption: ThreadOption

  /// `--threads`, or one per core (checked by `validated`).
  var threads: Int { (try? threadOption.resolve()) ?? ProcessInfo.processInfo.activeProcessorCount }

  @Option(help: ArgumentHelp("Report folder (default: reports/<set>-<rules>/).", valueName: "dir"))
  var out: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Run only part K of N equal parts of the run, for sealed merge.", valueName: "k/n"))
  var shard: ShardArgument?

  @Option(name: .customLong("samples"), parsing: .unconditional, help: ArgumentHelp("Also write the first K pools in long form to notebooks-data/<set>-<rules>/pools.csv, or with --out into the report as pools.csv (K like --pools: 1000, 1_000 or 1e3).", valueName: "k"))
  var sampleCount: WholeNumber = WholeNumber(0)

  /// `--samples` (checked by `validated`).
  var samples: Int { sampleCount.saturatedInt ?? 0 }

  @Flag(help: "Write into a report folder that holds files Sealed did not write (they are kept) or files of an earlier report this command does not write (they are dropped).")
  var force = false

  @Flag(help: "No progress bar.")
  var quiet = false

  /// Checks the values against the plan; each problem is a one-line `DataError` (exit 2).
  func validated(for plan: BoosterPlan) throws(DataError) -> (pools: Int, shard: Simulation.Shard) {
    let pools = try self.pools.wholeValue("--pools", expected: "a positive number of pools")
    guard pools > 0 else {
      throw DataError("--pools \(self.pools.text): expected a positive number of pools")
    }
    // Every count must stay exact as a Double (2^53) so that proportions are exact too.
    let cardsPerPool = plan.boostersPerPool * max(plan.maxBoosterSize, 1)
    let limit = (1 << 53) / cardsPerPool
    guard pools <= limit else {
      throw DataError("--pools \(self.pools.text): too large to count exactly; at most \(limit) pools for this rule set (split the run with --shard)")
    }
    _ = try threadOption.resolve()
    _ = try seedOption.given()
    let samples = try sampleCount.value(
      "--samples", in: 0...min(pools, Self.maximumSamples),
      expected: "0 to \(min(pools, Self.maximumSamples)) pools (at most --pools and \(Self.maximumSamples))")
    let shard = self.shard?.shard ?? .whole
    guard shard.count >= 1, shard.index >= 1, shard.index <= shard.count else {
      throw DataError("--shard \(shard): expected K/N with 1 <= K <= N")
    }
    if samples > 0 && shard.index != 1 {
      throw DataError("--samples with --shard \(shard): samples are the run's first pools, which shard 1/\(shard.count) holds")
    }
    let chunks = (pools + Simulation.chunkPools - 1) / Simulation.chunkPools
    guard shard.count <= chunks else {
      throw DataError(
        "--shard \(shard): a run of \(pools) pools has only \(chunks) chunk(s) of \(Simulation.chunkPools) pools; use at most \(chunks) shards")
    }
    return (pools, shard)
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
    return try threadArgument.value("--threads", in: 1...1024, expected: "between 1 and 1024")
  }
}
