import Foundation
import SealedReports
import SealedSupport

/// `pools_run.csv`, beside samples written to `notebooks-data/<set>-<rules>/pools.csv` apart from
/// their report: the `run.csv` of the run whose first pools they are, then `cards_fingerprint`
/// (the card data's, as the report's `tallies.json` records it: `RunRecord.fingerprint`) and
/// `samples` (how many pools were sampled). A notebook compares its set, rules, rules digest,
/// seed, booster range and data and generator with the report's `run.csv`, and the fingerprint
/// with its `tallies.json`, so that samples of another run (an earlier seed, other rules, other
/// card data) are not read beside a report as if they were its own. Samples in a report folder
/// (`--out`) need none: they sit beside their own `run.csv`.
package enum SampleOrigin {
  /// The file's name, in the samples' folder.
  package static let fileName = "pools_run.csv"

  /// The keys of `run.csv` that decide which pools a seed gives, with the card data (the
  /// `cards_fingerprint` row, compared with `tallies.json`'s `cardsFingerprint`): samples whose
  /// `pools_run.csv` agrees with a report on every one are the first pools of that report's run.
  /// `notebooks/sample_origin.py`, which the notebook and `scripts/run-notebook` read, compares
  /// the same keys (a test keeps the two lists one).
  package static let decidingKeys = ["set", "rules", "rules_sha256", "booster_data", "booster_range", "seed", "generator"]

  /// The file's text: `run` (the report's `run.csv`, as written), then `cards_fingerprint,HEX`
  /// and `samples,COUNT`.
  package static func text(run: String, cardsFingerprint: String, samples: Int) -> String {
    (run.hasSuffix("\n") || run.isEmpty ? run : run + "\n") + "cards_fingerprint,\(cardsFingerprint)\nsamples,\(samples)\n"
  }

  /// Throws unless `path` may take a run's sample facts: it is missing, or a `pools_run.csv`
  /// Sealed wrote (its first line is `run.csv`'s header), or `force`. Cost: a read of the first
  /// line.
  package static func checkReplaceable(_ path: String, force: Bool) throws(DataError) {
    guard !force, FileBytes.begins(path, with: CSVTable(file: .run).text) == false else { return }
    throw DataError("the file exists and is not the facts of samples Sealed wrote; pass --force to replace it", at: path)
  }
}
