import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedReports

/// A merged run's tallies (`sealed check SET --tallies DIR`), checked against the set, its own
/// rules, spec and the card data, so that they can be checked exactly as the unsharded run
/// would be: the same plan, spec and seed, so the same `checks.csv`.
package struct TalliedRun {
  package let record: RunRecord
  package let rules: RuleSetDefinition
  package let spec: SpecDefinition?
  package let cardSet: CardSet
  package let plan: BoosterPlan

  /// Reads `folder`'s tallies record: one refused when it is a shard of a run, an interrupted
  /// run, or a run of another set than `set`.
  package static func record(folder: String, set: String) throws(DataError) -> RunRecord {
    let record = try RunRecord.read(folder: folder)
    guard record.shardCount == 1 else {
      throw DataError("shard \(record.shardIndex)/\(record.shardCount) of a run; merge all shards with sealed merge, then check the merged folder", at: folder)
    }
    guard !record.interrupted else {
      throw DataError("the run was interrupted; its tallies are not the whole run", at: folder)
    }
    guard record.set == set.lowercased() else {
      throw DataError("the tallies are of set \(record.set), not \(set)", at: folder)
    }
    return record
  }

  /// Compiles the record's rules and spec for the set's cards (`loadSet` reads them for the
  /// rules, as the run's `--booster-max` says) and checks that they are the run's: the spec
  /// named by `specOption` (nil: the record's; `none`: no spec) is the one its shards counted,
  /// the card data is the data the run used, and the tallies fit the plan.
  package init(
    record: RunRecord, folder: String, specOption: String?,
    loadSet: (_ code: String, _ rules: RuleSetDefinition, _ boosterMax: Int?) throws(DataError) -> CardSet
  ) throws(DataError) {
    let compiled = try record.compiled(
      checkSpec: { (spec, rules) throws(DataError) in try Self.checkSpec(spec, option: specOption, rules: rules, folder: folder) },
      loadSet: loadSet,
      cardsDiffer: DataError("the card data differs from the data the run used (set \(record.set)); pass the same --cards", at: folder))
    guard SimulationTally(plan: compiled.plan).isCompatible(with: record.tally), record.tally.hasConsistentArrays else {
      throw DataError("its tallies do not fit the rules, spec and cards (was it written by another version?)", at: folder)
    }
    self.record = record
    rules = compiled.rules
    spec = compiled.spec
    cardSet = compiled.cardSet
    plan = compiled.plan
  }

  /// The `--spec` the command line reproducing the run needs: none when the shards counted the
  /// spec their rules name, `--spec ARG` for one given on their command line (a merged check
  /// of `--spec mkm-play` shards printed a command without it, which checked no spec), `--spec
  /// none` when they counted none though the rules name one. Cost: loading the rules' spec.
  package var countedSpecOption: [String] {
    let own = (try? SpecLoader.load(namedBy: rules)) ?? nil
    guard let spec else { return own == nil ? [] : ["--spec", "none"] }
    if own?.text == spec.text { return [] }
    let builtIn = "built-in:"
    return ["--spec", spec.source.hasPrefix(builtIn) ? String(spec.source.dropFirst(builtIn.count)) : spec.source]
  }

  /// A merged run is checked against the spec its shards counted: `--spec` may only name that
  /// one, and rules that name a spec need its counting lanes in the tallies (or `--spec none`).
  static func checkSpec(_ spec: SpecDefinition?, option: String?, rules: RuleSetDefinition, folder: String) throws(DataError) {
    if let option {
      let wanted = option == "none" ? nil : try SpecLoader.load(option)
      guard wanted?.text == spec?.text else {
        throw DataError(
          "--spec \(option): the tallies in \(folder) counted \(spec.map { "spec \"\($0.name)\"" } ?? "no spec"); a merged run is checked against the spec its shards counted")
      }
    } else if spec == nil, let named = rules.spec {
      throw DataError(
        "the tallies hold no counting lanes for spec \"\(named)\", which the rules name (written by sealed simulate?); run the shards with sealed check --shard K/N, or pass --spec none to check the rules alone",
        at: folder)
    }
  }

  /// The facts of the checked run for `run.csv`: the merged run's seed, pools, threads, time
  /// and start, and `sealed check` with `extra` (the options beside set, rules, pools and seed)
  /// as the command line that reproduces it unsharded.
  package func run(toolVersion: String, extra: [String]) -> RunInfo {
    var run = RunInfo(
      toolVersion: toolVersion, seed: record.seed, poolsRequested: record.poolsRequested,
      threads: record.threads, elapsedSeconds: record.elapsedSeconds, startedAt: record.startedAt,
      command: ReproduceCommand.make(
        "check", set: record.set, rules: record.rulesArgument, pools: record.poolsRequested, seed: record.seed,
        extra: extra + (record.options ?? [])))
    // A merged run's execution rows stay empty in its check as in the merge.
    run.mergedShards = record.mergedShards
    return run
  }

  /// The record of the checked run: the merged tallies, as a whole run, under `run`.
  package func wholeRecord(run: RunInfo) -> RunRecord {
    RunRecord(plan: plan, rulesText: record.rulesText, run: run, shard: .whole, tally: record.tally, spec: spec, options: record.options ?? [])
  }
}
