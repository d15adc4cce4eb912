import Foundation
import SealedRules

/// The command line that reproduces a run, written into `run.csv` (`command`) and shown by
/// `report.html`: the subcommand, the set, the options that change the results (never the
/// thread count or the report folder; the card data's path when the run was given one, by
/// `--cards` or `SEALED_CARDS`: `PlanSource.reproducingCards`) and the seed actually used.
package enum ReproduceCommand {
  /// `sealed SUBCOMMAND SET --rules R --pools N --seed S` and `extra`, each word quoted as
  /// `quote` says.
  package static func make(_ subcommand: String, set: String, rules: String, pools: Int, seed: UInt64, extra: [String] = []) -> String {
    (["sealed", subcommand, set, "--rules", rules, "--pools", String(pools), "--seed", String(seed)] + extra)
      .map(quote).joined(separator: " ")
  }

  /// `sealed audit SET --rules R --packs FILE ...`.
  package static func audit(set: String, rules: String, packs: String, extra: [String]) -> String {
    (["sealed", "audit", set, "--rules", rules, "--packs", packs] + extra).map(quote).joined(separator: " ")
  }

  /// A word as a POSIX shell reads it back: as it is when it is plain, else in single quotes.
  package static func quote(_ word: String) -> String {
    let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
      (scalar.value < 128 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || "-_./:=,+%@".unicodeScalars.contains(scalar)
    }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
