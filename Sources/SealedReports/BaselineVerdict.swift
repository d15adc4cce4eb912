/// The verdict line of a run held to a baseline (`--baseline`), worded once for the terminal's
/// last line and a check-products run's page: `PASS: nothing new against the baseline (3 known
/// findings)`, `FAIL: 2 new findings and 1 changed finding against the baseline`.
package enum BaselineVerdict {
  /// The line of these counts: findings new, changed and not checked, products of the baseline
  /// the release lacks, and findings known.
  package static func text(new: Int, changed: Int, unchecked: Int, lostProducts: Int, known: Int) -> String {
    func many(_ count: Int, _ noun: String, _ nouns: String) -> String { "\(count) \(count == 1 ? noun : nouns)" }
    guard new + changed + unchecked + lostProducts > 0 else {
      return "PASS: nothing new against the baseline (\(many(known, "known finding", "known findings")))"
    }
    let parts = (new > 0 ? [many(new, "new finding", "new findings")] : [])
      + (changed > 0 ? [many(changed, "changed finding", "changed findings")] : [])
      + (unchecked > 0 ? [many(unchecked, "finding", "findings") + " not checked"] : [])
      + (lostProducts > 0 ? [many(lostProducts, "product", "products") + " of the baseline not in the release"] : [])
    return "FAIL: \(parts.joined(separator: " and ")) against the baseline"
  }
}
