import SealedSupport
import SealedReports
import SealedCards
import SealedRules
import SealedEngine

/// The shards of one run read back and merged (`sealed merge`): their rules and spec compiled
/// for the set's cards, and their tallies summed into the whole run's.
package struct MergedShards {
  /// The first shard's record (all shards agree on what they ran).
  package let first: RunRecord
  package let spec: SpecDefinition?
  package let plan: BoosterPlan
  package let tally: SimulationTally
  /// How many shards were merged.
  package let shardCount: Int
  /// When the earliest shard started.
  package let startedAt: String

  /// Merges the shards of `records` (folder and record each): they must be shards of one run,
  /// each once (`ShardMerge.checkShards`), run with the card data `loadSet` reads for the rules
  /// (as the run's `--booster-max` says). Cost: one compile of the plan and a sum of the tallies.
  package init(
    _ records: [(folder: String, record: RunRecord)],
    loadSet: (_ code: String, _ rules: RuleSetDefinition, _ boosterMax: Int?) throws(DataError) -> CardSet
  ) throws(DataError) {
    try ShardMerge.checkShards(records)
    let first = records[0].record
    let compiled = try first.compiled(
      loadSet: loadSet,
      cardsDiffer: DataError("the card data differs from the data the shards were run with (set \(first.set)); pass the same --cards"))
    let (spec, plan) = (compiled.spec, compiled.plan)
    self.first = first
    shardCount = records.count
    startedAt = records.map(\.record.startedAt).min() ?? RunInfo.now()
    self.spec = spec
    self.plan = plan
    tally = try ShardMerge.tally(records, plan: plan)
  }

  /// The facts of the merged run for `run.csv`. The shards ran apart (often on other
  /// machines): no thread count or elapsed time describes the whole run, so those rows stay
  /// empty; it started when its first shard did, and `sealed simulate` reproduces it.
  package func run(toolVersion: String) -> RunInfo {
    var run = RunInfo(
      toolVersion: toolVersion, seed: first.seed, poolsRequested: first.poolsRequested, threads: 0, elapsedSeconds: 0,
      startedAt: startedAt,
      command: ReproduceCommand.make(
        "simulate", set: first.set, rules: first.rulesArgument, pools: first.poolsRequested, seed: first.seed,
        extra: first.options ?? []))
    run.mergedShards = shardCount
    return run
  }

  /// The record of the merged run under `run`.
  package func record(run: RunInfo) -> RunRecord {
    RunRecord(plan: plan, rulesText: first.rulesText, run: run, shard: .whole, tally: tally, spec: spec, options: first.options ?? [])
  }
}

extension RunRecord {
  /// What `--rules` the run was given: a built-in's name or a shipped product's code, else the
  /// file's path (for the command line that reproduces it).
  package var rulesArgument: String {
    for prefix in ["built-in:", "product:"] where rulesSource.hasPrefix(prefix) {
      return String(rulesSource.dropFirst(prefix.count))
    }
    return rulesSource
  }
}
