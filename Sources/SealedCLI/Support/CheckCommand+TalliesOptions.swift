import SealedSupport
import SealedRules
import SealedReports

extension CheckCommand {
  /// `check --tallies DIR` checks the run the tallies record, under its own rules, pools, seed
  /// and booster range: an option that names another value is refused, naming both (an equal
  /// one is accepted, so a script may pass the run's own options). `--spec` is checked where the
  /// spec is read.
  func refuseOptionsThatDisagree(with record: RunRecord, in directory: String) throws(DataError) {
    let run = "the tallies in \(directory)"
    if let given = planOptions.rulesArgument {
      let rules = try RuleSetLoader.load(given)
      guard rules.text == record.rulesText else {
        throw DataError(
          "--rules \(given): \(run) were counted under rules \"\(record.rulesName)\" (\(record.rulesSource)); leave --rules out, or give those rules")
      }
    }
    if let given = runOptions.poolsArgument {
      let pools = try given.wholeValue("--pools", expected: "the run's \(record.poolsRequested) pools")
      guard pools == record.poolsRequested else {
        throw DataError("--pools \(given): \(run) are of a run of \(record.poolsRequested) pools; leave --pools out, or give \(record.poolsRequested)")
      }
    }
    if let seed = try seedOption.given(), seed != record.seed {
      throw DataError("--seed \(seed): \(run) are of seed \(record.seed); leave --seed out, or give \(record.seed)")
    }
    if let boosterMax = try planOptions.setOptions.boosterMax(), boosterMax != record.boosterMax {
      throw DataError(
        "--booster-max \(boosterMax): \(run) drew from collector numbers 1-\(record.boosterMax); leave --booster-max out, or give \(record.boosterMax)")
    }
    if runOptions.samples != 0 {
      throw DataError(
        "--samples \(runOptions.sampleCount): \(run) keep counts, not pools; write samples with the run's first shard (sealed check --shard 1/N --samples K)")
    }
  }

  /// `--seed`, through the run options.
  private var seedOption: SeedOption { runOptions.seedOption }
}
