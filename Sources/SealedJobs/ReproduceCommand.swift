import Foundation
import SealedRules

/// The command line that reproduces a run, written into `run.csv` (`command`) and shown by
/// `report.html`: the subcommand, the set, the options that change the results (never the
/// thread count, the report folder or the card data's location) and the seed actually used.
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

  /// The command line that reproduces one product's report of `sealed check-products`: `sealed
  /// check` with the product's own seed for a product of the shipped data (`file` nil), else
  /// `sealed check-products` of `file` on that product alone.
  package static func product(
    file: String?, pools: Int, runSeed: UInt64, specs: String?, alpha: Double?
  ) -> @Sendable (CompiledBoosterData.Product, UInt64, String?) -> String {
    let specs = specs.map { ["--specs", $0] } ?? []
    let alpha = alpha.map { ["--alpha", String($0)] } ?? []
    return { product, seed, spec in
      guard let file else {
        return make(
          "check", set: product.set_code.lowercased(), rules: product.code, pools: pools, seed: seed,
          extra: (spec.map { ["--spec", $0] } ?? []) + ["--compare", "none"] + alpha)
      }
      return (["sealed", "check-products", file, "--products", product.code, "--pools", String(pools), "--seed", String(runSeed)]
        + specs + alpha).map(quote).joined(separator: " ")
    }
  }

  /// A word as a POSIX shell reads it back: as it is when it is plain, else in single quotes.
  package static func quote(_ word: String) -> String {
    let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
      (scalar.value < 128 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || "-_./:=,+%@".unicodeScalars.contains(scalar)
    }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
