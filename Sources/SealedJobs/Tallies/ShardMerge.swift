import SealedSupport
import SealedRules
import SealedEngine

/// The checks and the sum behind `sealed merge`: records of shards 1 to N of one run, each
/// verified (`RunRecord.decode`), added into the tally of the whole run.
public enum ShardMerge {
  /// Throws unless the records are the complete shards 1 to N of one run made by this
  /// generator: same set, rules, seed, pools, chunking and card data, none interrupted, none
  /// repeated or missing. Each error is one line naming the folder at fault.
  public static func checkShards(_ records: [(folder: String, record: RunRecord)]) throws(DataError) {
    guard let first = records.first?.record else { throw DataError("expected at least one shard report folder") }
    for (folder, record) in records {
      guard record.shardCount >= 1, record.shardCount <= 1 << 20, record.shardIndex >= 1,
        record.shardIndex <= record.shardCount
      else {
        throw DataError("shard \(record.shardIndex)/\(record.shardCount) is not a valid shard", at: folder)
      }
      guard record.chunkPools >= 1, record.chunkPools <= 1 << 20, record.poolsRequested >= 1,
        record.poolsRequested <= 1 << 53
      else {
        throw DataError("\(record.shardName): a run of \(record.poolsRequested) pools in chunks of \(record.chunkPools) is not one Sealed runs", at: folder)
      }
    }
    for (folder, record) in records.dropFirst() {
      let mismatch: String? =
        record.set != first.set ? "set \(record.set) instead of \(first.set)"
        : record.rulesSHA256 != first.rulesSHA256 ? "other rules (\(record.rulesName), sha256 \(record.rulesSHA256.prefix(12)))"
        : record.seed != first.seed ? "seed \(record.seed) instead of \(first.seed)"
        : record.poolsRequested != first.poolsRequested ? "\(record.poolsRequested) pools instead of \(first.poolsRequested)"
        : record.chunkPools != first.chunkPools ? "chunks of \(record.chunkPools) pools instead of \(first.chunkPools)"
        : record.boosterMax != first.boosterMax ? "booster range up to \(record.boosterMax) instead of \(first.boosterMax) (--booster-max)"
        : record.format != first.format
          ? "tallies of format \(record.format) instead of \(first.format) (another Sealed wrote them; their card data is fingerprinted otherwise): run every shard with one Sealed"
        : record.cardsFingerprint != first.cardsFingerprint ? "other card data"
        : record.shardCount != first.shardCount ? "shard count \(record.shardCount) instead of \(first.shardCount)"
        : record.specText != first.specText ? "other spec (\(record.specSource ?? "none") instead of \(first.specSource ?? "none"))"
        : nil
      if let mismatch {
        throw DataError("not a shard of the same run as \(records[0].folder): \(mismatch)", at: folder)
      }
    }
    for (folder, record) in records where record.generatorVersion != Simulation.generatorVersion {
      throw DataError(
        "made by Sealed \(record.toolVersion), whose generator (version \(record.generatorVersion ?? 1)) makes other pools from the same seed than this one (version \(Simulation.generatorVersion)); run every shard with this version",
        at: folder)
    }
    for (folder, record) in records where record.interrupted {
      throw DataError("shard \(record.shardIndex)/\(record.shardCount) was interrupted; run it again before merging", at: folder)
    }
    let indices = records.map(\.record.shardIndex)
    if let duplicate = Dictionary(grouping: records, by: \.record.shardIndex).first(where: { $0.value.count > 1 }) {
      throw DataError("shard \(duplicate.key)/\(first.shardCount) is given twice (\(duplicate.value.map(\.folder).joined(separator: ", ")))")
    }
    let missing = (1...first.shardCount).filter { !indices.contains($0) }
    guard missing.isEmpty else {
      throw DataError("shards \(missing.map { "\($0)/\(first.shardCount)" }.joined(separator: ", ")) are missing; merge needs all \(first.shardCount)")
    }
  }

  /// The pools of the shard `record` holds of its run.
  static func shardPools(_ record: RunRecord) -> Int {
    Simulation.Shard(index: record.shardIndex, count: record.shardCount)
      .pools(ofRun: record.poolsRequested, chunkPools: record.chunkPools)
  }

  /// The tally of the whole run: each shard's tally checked against the plan (its shape, its
  /// pools, every site's cards) and added. Call `checkShards` first. Cost: O(shards x tally size).
  package static func tally(_ records: [(folder: String, record: RunRecord)], plan: BoosterPlan) throws(DataError) -> SimulationTally {
    var tally = SimulationTally(plan: plan)
    for (folder, record) in records {
      let path = "\(folder)/\(RunRecord.fileName)"
      guard tally.isCompatible(with: record.tally) else {
        throw DataError("\(record.shardName): its tallies do not fit the rules and cards (was it written by another version?)", at: path)
      }
      let expected = shardPools(record)
      guard record.tally.pools == expected else {
        throw DataError("\(record.shardName): \(record.tally.pools) pools tallied; the shard of a run of \(record.poolsRequested) pools has \(expected)", at: path)
      }
      if let problem = record.tally.inconsistency(with: plan) {
        throw DataError("\(record.shardName): the tallies do not fit the rules: \(problem)", at: path)
      }
      tally.add(record.tally)
    }
    return tally
  }
}
