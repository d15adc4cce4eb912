import Foundation
import SealedSupport
import SealedRules

/// `--products PATTERN`: shell globs over product codes (`*-play`, `mkm-*`, `war-draft`),
/// matched without regard to case, repeatable or comma separated.
package enum ProductPattern {
  /// The products whose codes match any of `patterns` (each may hold several, comma
  /// separated), in the data's order; all products when `patterns` is empty. Throws a
  /// one-line `DataError` for a pattern that matches no product or is empty.
  package static func select(
    _ products: [CompiledBoosterData.Product], patterns: [String]
  ) throws(DataError) -> [CompiledBoosterData.Product] {
    let globs = globs(patterns)
    guard !globs.isEmpty else { return products }
    for glob in globs {
      guard !glob.isEmpty else { throw DataError("--products: expected a pattern of product codes (like *-play or mkm-*), got an empty one") }
      guard products.contains(where: { matches(glob, $0.code) }) else {
        throw DataError(
          "--products \(glob): no product code matches it (\(products.count) products; patterns are globs like *-play or mkm-*; sealed rules import --list lists the codes)")
      }
    }
    return products.filter { product in globs.contains { matches($0, product.code) } }
  }

  /// Whether `patterns` pick the product code `code` (every code when they are empty).
  package static func picks(_ code: String, patterns: [String]) -> Bool {
    let globs = globs(patterns)
    return globs.isEmpty || globs.contains { matches($0, code) }
  }

  /// The globs of `patterns`, each split at commas, trimmed and lowercased.
  static func globs(_ patterns: [String]) -> [String] {
    patterns.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
  }

  /// Whether `code` matches the glob (`*`, `?`, `[...]`), ignoring case.
  package static func matches(_ glob: String, _ code: String) -> Bool {
    fnmatch(glob.lowercased(), code.lowercased(), 0) == 0
  }
}
