import Foundation
import SealedSupport
import SealedRules
import SealedReports

/// A run's findings against a baseline (`--baseline FILE`, the `findings.csv` of an earlier
/// run): which are new, which were known, which the baseline had for a product this run
/// checked but this run did not find (fixed, or not detected at these pools), and which it had
/// for a product the release no longer holds (a release that lost products). Findings are
/// matched by `Finding.Key`: product, source and check, never the numbers a simulation found;
/// an exact finding (`Finding.exact`: a lint warning of a rule that reads no card data, a
/// claim's exact share) whose words differ from the baseline's, or a refusal whose reason does
/// (its counts and place in the rule file aside), is `changed`, which fails the comparison as a
/// new one does.
package struct BaselineComparison: Sendable {
  /// The baseline file as given.
  package let file: String
  package let new: [Finding]
  package let known: [Finding]
  /// Exact findings the baseline knew that now say something else, with what it said.
  package let changed: [(finding: Finding, before: String)]
  /// Findings of the baseline for products this run checked that this run did not make.
  package let gone: [Finding]
  /// Findings of the baseline for products that the run would have checked but the release
  /// does not hold: lost products, which fail the comparison as new findings do.
  package let missing: [Finding]
  /// Claim findings of the baseline for products this run checked without that claim (no spec,
  /// or another spec: `--specs` left out or changed): not looked at, so neither fixed nor
  /// known; they fail the comparison as new findings do.
  package let unchecked: [Finding]

  /// Compares `findings` with `baseline` (read from `file`); `checked` are the codes of the
  /// products this run checked, `lost` those of the baseline's products that the release lacks
  /// and the run would have checked (`lostProducts`), `claims` the names of the spec claims it
  /// checked per product (nil: the run checks no claims, as `rules lint`, whose baseline holds
  /// its lint findings alone). Cost: O(findings + baseline).
  package init(
    findings: [Finding], baseline: [Finding], file: String, checked: Set<String>, lost: Set<String> = [],
    claims: [String: Set<String>]? = nil
  ) {
    self.file = file
    let said = Dictionary(baseline.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    let now = Set(findings.map(\.key))
    new = findings.filter { said[$0.key] == nil }
    changed = findings.compactMap { finding in
      guard let before = said[finding.key] else { return nil }
      return Self.isChanged(finding, from: before) ? (finding, before.found) : nil
    }
    let changedKeys = Set(changed.map(\.finding.key))
    known = findings.filter { said[$0.key] != nil && !changedKeys.contains($0.key) }
    var seen = Set<Finding.Key>()
    let notLookedAt = { (finding: Finding) in
      guard let claims, finding.source == .claim else { return false }
      return !(claims[finding.product] ?? []).contains(finding.check)
    }
    unchecked = baseline.filter { checked.contains($0.product) && !now.contains($0.key) && notLookedAt($0) && seen.insert($0.key).inserted }
    gone = baseline.filter { checked.contains($0.product) && !now.contains($0.key) && seen.insert($0.key).inserted }
    missing = baseline.filter { lost.contains($0.product) && seen.insert($0.key).inserted }
  }

  /// Whether `finding` says something else than the baseline's `before` (of the same key): an
  /// exact finding in other words; a refusal for another reason, whatever its numbers (how many
  /// cards lack data) and place in the product's rule file; a finding naming a card that the
  /// baseline's did not (`Finding.cards`: a sheet already warned about that holds a new card of
  /// another rarity). A baseline without `found` or `cards` (not kept) knows the finding by its
  /// key alone.
  static func isChanged(_ finding: Finding, from before: Finding) -> Bool {
    if !before.cards.isEmpty && !Set(finding.cards).isSubset(of: before.cards) { return true }
    guard !before.found.isEmpty, before.found != finding.found else { return false }
    if finding.exact { return true }
    return finding.source == .refused && refusalShape(before.found) != refusalShape(finding.found)
  }

  /// The products of `baseline` that a run of the release's products (`releaseCodes`) picked by
  /// `patterns` (every product when empty) would have checked, but the release does not hold;
  /// none for a shard, which checks part of the release by its own order.
  package static func lostProducts(
    baseline: [Finding], releaseCodes: [String], patterns: [String], sharded: Bool = false
  ) -> Set<String> {
    guard !sharded else { return [] }
    let held = Set(releaseCodes.map { $0.lowercased() })
    return Set(baseline.map(\.product).filter { !held.contains($0.lowercased()) && ProductPattern.picks($0, patterns: patterns) })
  }

  /// A refusal's reason without its place in the rule file (`product:CODE:LINE:COLUMN: `) and
  /// with every run of digits as `#`: what the refusal says, not the counts it found.
  static func refusalShape(_ reason: String) -> String {
    var text = Substring(reason)
    if let place = text.prefixMatch(of: #/product:[^:]*(:\d+)*: /#) { text = text[place.range.upperBound...] }
    return String(text.replacing(#/\d+/#, with: "#"))
  }

  /// The codes of the lost products, sorted.
  package var lostCodes: [String] { Set(missing.map(\.product)).sorted() }

  /// The word that names the shipped data's baseline instead of a file.
  package static let shippedWord = "shipped"

  /// Reads a baseline: a `findings.csv`, or `shipped` for the shipped data's. A file that
  /// cannot be read or is not one is a one-line `DataError` naming it.
  package static func read(_ given: String) throws(DataError) -> [Finding] {
    let file = given == shippedWord ? try CompiledBoosterData.shippedBaselinePath() : given
    let data: Data
    let (limit, kind) = (256 << 20, "findings.csv of an earlier run as --baseline")
    do {
      data = try FileBytes.read(file, limit: limit, kind: kind)
    } catch {
      // The size refusal says what was expected already.
      if error == FileBytes.tooLarge(file, limit: limit, kind: kind) { throw error }
      throw DataError("\(error.message); expected a findings.csv of an earlier run as --baseline", at: file)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw DataError("cannot read the baseline as UTF-8 text; expected a findings.csv of an earlier run", at: file)
    }
    // Booster data given where its findings belong (`--baseline sealed_basic_data.json`) said
    // "line 3: 2 fields, expected 1 like the header".
    if let first = text.first(where: { !$0.isWhitespace }), first == "[" || first == "{" {
      throw DataError(
        "this is JSON (booster data?), not a findings.csv; expected the findings.csv of an earlier check-products or rules lint run, or shipped",
        at: file)
    }
    return try FindingsTable.read(text, name: file)
  }

  /// Each finding's status for `findings.csv`'s `status` column.
  package var status: [Finding.Key: String] {
    var status: [Finding.Key: String] = [:]
    for finding in known { status[finding.key] = "known" }
    for (finding, _) in changed { status[finding.key] = "changed" }
    for finding in new { status[finding.key] = "new" }
    return status
  }

  /// Whether the run found nothing the baseline lacks, no exact finding changed, and the
  /// release lost no product of it.
  package var nothingNew: Bool { new.isEmpty && changed.isEmpty && missing.isEmpty && unchecked.isEmpty }
}
