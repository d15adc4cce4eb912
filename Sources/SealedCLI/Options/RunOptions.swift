import ArgumentParser
import Foundation
import SealedCore

/// A pool count: digits with optional `_` separators, or an exact power-of-ten form like 1e7.
struct PoolCount: ExpressibleByArgument, Sendable {
  let value: Int

  init?(argument: String) {
    let text = argument.replacingOccurrences(of: "_", with: "").lowercased()
    if let value = Int(text) {
      self.value = value
    } else if let double = Double(text), double.isFinite, double == double.rounded(), abs(double) < 9.2e18,
      text.contains("e")
    {
      self.value = Int(double)
    } else {
      return nil
    }
  }

  init(_ value: Int) { self.value = value }

  var defaultValueDescription: String { String(value) }
}

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

  @Option(help: ArgumentHelp("Pools to simulate (e.g. 1000000, 1_000_000 or 1e6).", valueName: "n"))
  var pools: PoolCount = PoolCount(1_000_000)

  @OptionGroup var seedOption: SeedOption

  @Option(help: ArgumentHelp("Worker threads (default: all cores).", valueName: "n"))
  var threads: Int = ProcessInfo.processInfo.activeProcessorCount

  @Option(help: ArgumentHelp("Report folder (default: reports/<set>-<rules>/).", valueName: "dir"))
  var out: String?

  @Option(help: ArgumentHelp("Run only part K of N equal parts of the run, for sealed merge.", valueName: "k/n"))
  var shard: ShardArgument?

  @Option(help: ArgumentHelp("Also write the first K pools in long form to notebooks-data/<set>-<rules>/pools.csv.", valueName: "k"))
  var samples: Int = 0

  @Flag(help: "Write into a report folder that holds files Sealed did not write (they are kept) or files of an earlier report this command does not write (they are dropped).")
  var force = false

  @Flag(help: "No progress bar.")
  var quiet = false

  /// Checks the values against the plan; each problem is a one-line `DataError` (exit 2).
  func validated(for plan: BoosterPlan) throws(DataError) -> (pools: Int, shard: Simulation.Shard) {
    let pools = self.pools.value
    guard pools > 0 else { throw DataError("--pools \(pools): expected a positive number of pools") }
    // Every count must stay exact as a Double (2^53) so that proportions are exact too.
    let cardsPerPool = plan.boostersPerPool * max(plan.maxBoosterSize, 1)
    let limit = (1 << 53) / cardsPerPool
    guard pools <= limit else {
      throw DataError("--pools \(pools): too large to count exactly; at most \(limit) pools for this rule set (split the run with --shard)")
    }
    guard threads >= 1 && threads <= 1024 else {
      throw DataError("--threads \(threads): expected between 1 and 1024")
    }
    guard samples >= 0 && samples <= min(pools, Self.maximumSamples) else {
      throw DataError("--samples \(samples): expected 0 to \(min(pools, Self.maximumSamples)) pools (at most --pools and \(Self.maximumSamples))")
    }
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
