import SealedSupport
import SealedRules
import SealedEngine
import SealedStats

/// Every limit a run's options are held to, in one place: the commands take their ranges from
/// here (for their help and their parsing) and the jobs validate by these functions, so a
/// number is checked once and worded one way. Each error is one line naming the option as the
/// user wrote it. Every function is O(1).
package enum RunLimits {
  /// Worker threads.
  package static let threads = 1...1024
  /// The most pools `--samples` writes (about 4 KB of CSV per pool).
  package static let maximumSamples = 100_000
  /// The most pools one pack file of `sealed open` holds.
  package static let maximumOpenedPools = 10_000_000
  /// The Monte Carlo samples an audit may draw for each check's null.
  package static let resamples = 0...1_000_000
  /// The most pools a check started from the browser app (`sealed serve`) runs unless
  /// `--max-check-pools` says otherwise: it holds every core of the server's machine while the
  /// page waits; a larger run is `sealed check`'s.
  package static let maximumAppCheckPools = 10_000_000

  /// `--max-check-pools` of `sealed serve`, in any of the forms a pool count takes (`1e6`,
  /// `1_000_000`): from 1 to 2^38, the most boosters any check counts exactly (each check still
  /// refuses more pools than its rule set allows, as `sealed check`).
  package static func appCheckPoolLimit(_ given: WholeNumber) throws(DataError) -> Int {
    let limit = Distributions.maximumBinomialTrials
    return try given.value("--max-check-pools", in: 1...limit, expected: "a number of pools from 1 to \(limit) (2^38, the most a check counts exactly)")
  }

  /// `--threads`: 1 to 1024.
  package static func threads(_ given: WholeNumber) throws(DataError) -> Int {
    try given.value("--threads", in: threads, expected: "between \(threads.lowerBound) and \(threads.upperBound)")
  }

  /// `--pools` of a simulation of `plan`: positive, and every count exact (`Simulation.Request`).
  package static func pools(_ given: WholeNumber, plan: BoosterPlan) throws(DataError) -> Int {
    let pools = try positivePools(given)
    let limit = Simulation.Request.maximumPools(for: plan)
    guard pools <= limit else {
      throw DataError("--pools \(given.text): too large to count exactly; at most \(limit) pools for this rule set (split the run with --shard)")
    }
    return pools
  }

  /// `--pools` of a checked run: its exact binomial tests take at most 2^38 boosters.
  package static func checkedPools(_ pools: Int, plan: BoosterPlan) throws(DataError) {
    let limit = Distributions.maximumBinomialTrials / plan.boostersPerPool
    guard pools <= limit else {
      throw DataError("--pools \(pools): sealed check tests at most \(limit) pools (its exact binomial tests take at most 2^38 boosters); use sealed simulate for larger runs")
    }
  }

  /// `--pools` of each product of `sealed check-products` (a pool of an imported product is
  /// `CompiledBoosterRules.boostersPerPool` boosters).
  package static func productPools(_ given: WholeNumber, option: String = "--pools") throws(DataError) -> Int {
    let pools = try given.wholeValue(option, expected: "a positive number of pools")
    let limit = Distributions.maximumBinomialTrials / CompiledBoosterRules.boostersPerPool
    guard pools > 0, pools <= limit else {
      throw DataError("\(option) \(given.text): expected a positive number of pools, at most \(limit) (the exact tests take at most 2^38 boosters)")
    }
    return pools
  }

  /// `--family` of `check-products`: the products a run's confirmations share its error rate
  /// over, at least the `matched` products the run checks (before any `--shard`).
  package static func family(_ given: WholeNumber, matched: Int) throws(DataError) -> Int {
    let products = try given.wholeValue("--family", expected: "a positive number of products")
    guard products > 0 else { throw DataError("--family \(given.text): expected a positive number of products") }
    // Fewer than the run checks would confirm each at alpha / family, and the run's error rate
    // could reach alpha times the products over the family (it printed "0.001 over 1 product"
    // for three).
    guard products >= matched else {
      throw DataError(
        "--family \(given.text): fewer than the \(matched) products this run matches; the run's error rate is shared over at least the products it checks (give \(matched) or more, or leave --family out)")
    }
    return products
  }

  /// `--samples` of a run of `pools` pools: at most the run's pools and `maximumSamples`.
  package static func samples(_ given: WholeNumber, pools: Int) throws(DataError) -> Int {
    let most = min(pools, maximumSamples)
    return try given.value("--samples", in: 0...most, expected: "0 to \(most) pools (at most --pools and \(maximumSamples))")
  }

  /// A shard needs the run's seed: each shard drawing a seed of its own would make parts of
  /// different runs, which `sealed merge` refuses only once every shard has run.
  package static func shardSeed(_ shard: Simulation.Shard?, seedGiven: Bool) throws(DataError) {
    // (A shard that is no K/N is refused as such, by the checks of the shard itself.)
    guard let shard, shard != .whole, !seedGiven, shard.count >= 1, (1...shard.count).contains(shard.index) else { return }
    throw DataError("--shard \(shard) without --seed: every shard of a run must be given the run's seed (each would draw its own); add --seed S, the same for every shard")
  }

  /// `--shard K/N` of a run of `pools` pools: 1 <= K <= N, and no more shards than chunks.
  package static func shard(_ shard: Simulation.Shard, request: Simulation.Request) throws(DataError) {
    switch request.problem {
    case .invalidShard:
      throw DataError("--shard \(shard): expected K/N with 1 <= K <= N")
    case .moreShardsThanChunks(let chunks):
      throw DataError(
        "--shard \(shard): a run of \(request.pools) pools has only \(chunks) chunk(s) of \(Simulation.chunkPools) pools; use at most \(chunks) shards")
    case .noPools, .tooManyPools, nil:
      return
    }
  }

  /// `--pools` of `sealed open`'s pack files: 1 to `maximumOpenedPools`.
  package static func openedPools(_ given: WholeNumber) throws(DataError) -> Int {
    try given.value("--pools", in: 1...maximumOpenedPools, unit: "pools")
  }

  /// `--resamples` of an audit.
  package static func resamples(_ given: WholeNumber) throws(DataError) -> Int {
    try given.value("--resamples", in: resamples, unit: "samples")
  }

  /// `--alpha`: a level strictly between 0 and 1.
  package static func level(_ alpha: Double, option: String = "--alpha") throws(DataError) -> Double {
    guard alpha > 0 && alpha < 1 else { throw DataError("\(option) \(echo(alpha)): expected a level between 0 and 1") }
    return alpha
  }

  /// A decimal option's value as a user would have typed it: `0` and `-1`, not `0.0` and
  /// `-1.0` (Swift's description of a whole Double); other values as Swift shortest prints them.
  static func echo(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// `--deviation`, `--power` and `--ratio` of a `--plan`: a deviation and a power strictly
  /// between 0 and 1, and a ratio of 0 or more, other than 1.
  package static func planEffect(deviation: Double, ratio: Double, power: Double) throws(DataError) {
    guard deviation > 0 && deviation < 1 else { throw DataError("--deviation \(echo(deviation)): expected a value between 0 and 1") }
    guard power > 0 && power < 1 else { throw DataError("--power \(echo(power)): expected a value between 0 and 1") }
    guard ratio >= 0 && ratio != 1 && ratio.isFinite else { throw DataError("--ratio \(echo(ratio)): expected a weight of 0 or more, other than 1") }
  }

  private static func positivePools(_ given: WholeNumber) throws(DataError) -> Int {
    let pools = try given.wholeValue("--pools", expected: "a positive number of pools")
    guard pools > 0 else { throw DataError("--pools \(given.text): expected a positive number of pools") }
    return pools
  }
}
