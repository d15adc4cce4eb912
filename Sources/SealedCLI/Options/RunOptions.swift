import ArgumentParser
import Foundation
import SealedCore

/// A pool count: digits with optional `_` separators, or an exact power-of-ten form like 1e7.
/// Counts beyond Int's range saturate (to Int.max or Int.min) so that validation reports them
/// like any other count that is too large or not positive.
struct PoolCount: ExpressibleByArgument, Sendable {
  let value: Int
  /// As given, for messages.
  let text: String

  init?(argument: String) {
    text = argument
    let text = argument.replacingOccurrences(of: "_", with: "").lowercased()
    if let value = Int(text) {
      self.value = value
    } else if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }), text.contains(where: \.isNumber),
      let double = Double(text)
    {
      value = double < 0 ? Int.min : Int.max  // digits only, beyond Int's range
    } else if let double = Double(text), double.isFinite, double == double.rounded(), text.contains("e") {
      value = abs(double) < 9.2e18 ? Int(double) : (double < 0 ? Int.min : Int.max)
    } else {
      return nil
    }
  }

  init(_ value: Int) {
    self.value = value
    text = String(value)
  }

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

  @Option(parsing: .unconditional, help: ArgumentHelp("Pools to simulate (e.g. 1000000, 1_000_000 or 1e6).", valueName: "n"))
  var pools: PoolCount = PoolCount(1_000_000)

  @OptionGroup var seedOption: SeedOption

  @Option(name: .customLong("threads"), parsing: .unconditional, help: ArgumentHelp("Worker threads (default: all cores, \(ProcessInfo.processInfo.activeProcessorCount) here).", valueName: "n"))
  var threadCount: Int?

  /// `--threads`, or one per core.
  var threads: Int { threadCount ?? ProcessInfo.processInfo.activeProcessorCount }

  @Option(help: ArgumentHelp("Report folder (default: reports/<set>-<rules>/).", valueName: "dir"))
  var out: String?

  @Option(help: ArgumentHelp("Run only part K of N equal parts of the run, for sealed merge.", valueName: "k/n"))
  var shard: ShardArgument?

  @Option(name: .customLong("samples"), parsing: .unconditional, help: ArgumentHelp("Also write the first K pools in long form to notebooks-data/<set>-<rules>/pools.csv, or with --out into the report as pools.csv (K like --pools: 1000, 1_000 or 1e3).", valueName: "k"))
  var sampleCount: PoolCount = PoolCount(0)

  /// `--samples`.
  var samples: Int { sampleCount.value }

  @Flag(help: "Write into a report folder that holds files Sealed did not write (they are kept) or files of an earlier report this command does not write (they are dropped).")
  var force = false

  @Flag(help: "No progress bar.")
  var quiet = false

  /// Checks the values against the plan; each problem is a one-line `DataError` (exit 2).
  func validated(for plan: BoosterPlan) throws(DataError) -> (pools: Int, shard: Simulation.Shard) {
    let pools = self.pools.value
    guard pools > 0 else {
      throw DataError("--pools \(self.pools.text): expected a positive number of pools")
    }
    // Every count must stay exact as a Double (2^53) so that proportions are exact too.
    let cardsPerPool = plan.boostersPerPool * max(plan.maxBoosterSize, 1)
    let limit = (1 << 53) / cardsPerPool
    guard pools <= limit else {
      throw DataError("--pools \(self.pools.text): too large to count exactly; at most \(limit) pools for this rule set (split the run with --shard)")
    }
    guard threads >= 1 && threads <= 1024 else {
      throw DataError("--threads \(threads): expected between 1 and 1024")
    }
    guard samples >= 0 && samples <= min(pools, Self.maximumSamples) else {
      throw DataError("--samples \(sampleCount.text): expected 0 to \(min(pools, Self.maximumSamples)) pools (at most --pools and \(Self.maximumSamples))")
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
