import Foundation
import SealedTestSupport
import Testing

/// An audit tests a spec's own "equally likely" claim as `sealed check` does: scaled by the
/// exact dispersion of the rules' draws, not by a null drawn from rules that disagree with it.
@Suite struct SpecClaimAuditTests {
  let cards = ["--cards", Fixtures.shippedCards]

  /// Rules that favour war #42 (weight 1.3 among the commons) keep the `sealed` spec, whose
  /// claim says the commons are equally likely. Divided by the null's dispersion (2.31 at 3,000
  /// pools, grown with #42's excess) the claim passed an audit at p 0.28 (a review); divided by
  /// the rules' exact dispersion (0.91, as check divides it) it fails, and #42 is flagged in
  /// claim_frequency.csv. The correct rules share the claim (their common sheet is uniform), so it
  /// is their hypothesis, scaled by their null, and passes on the same seeds.
  @Test func aClaimTheRulesBreakFailsTheAudit() throws {
    let dir = try Fixtures.temporaryDirectory()
    let sealed = try Fixtures.builtInRules("sealed")
    let favoured = try Fixtures.write(
      sealed.replacingOccurrences(of: "\nname: sealed\n", with: "\nname: sealed-c42\n")
        .replacingOccurrences(
          of: "common:   { rarity: common, type_excludes: Basic Land }",
          with: "common:   { rarity: common, type_excludes: Basic Land, weights: [{ collector_numbers: \"42\", weight: 1.3 }] }"),
      to: "sealed-c42.yaml", in: dir)
    #expect(try String(contentsOfFile: favoured, encoding: .utf8).contains("weight: 1.3"))
    for (rules, fails) in [(favoured, true), ("sealed", false)] {
      let packs = dir.appendingPathComponent(fails ? "c42.csv" : "sealed.csv").path
      let opened = try SealedExecutable.run(
        ["open", "war", "--rules", rules, "--pools", "2000", "--seed", "12", "--format", "csv", "--out", packs] + cards)
      #expect(opened.status == 0, "\(opened.stderr)")
      let out = dir.appendingPathComponent(fails ? "a-c42" : "a-sealed")
      let audit = try SealedExecutable.run(
        ["audit", "war", "--rules", rules, "--packs", packs, "--resamples", "199", "--seed", "1", "--quiet", "--out", out.path] + cards)
      #expect(audit.status == (fails ? 1 : 0), "\(audit.stdout)\(audit.stderr)")
      let rows = try String(contentsOf: out.appendingPathComponent("audit.csv"), encoding: .utf8).split(separator: "\n")
      let claim = try #require(rows.first { $0.hasPrefix("commons equally likely,") }.map(String.init))
      #expect(claim.contains(fails ? ",fail,spec," : ",pass,rules+spec,"), "\(claim)")
      #expect(claim.contains(fails ? "of the rules' draws, exact" : "from the Monte Carlo null"), "\(claim)")
      let method = fails ? "scaled by the rules' exact dispersion" : "scaled by the null's dispersion"
      #expect(claim.contains(",\"asymptotic chi-square, \(method)\","), "\(claim)")
      // A claim of its own lists its cards in claim_frequency.csv; one the rules share is their
      // sheet's check, its cards in sheet_frequency.csv under the sheet's name.
      let sheets = try String(contentsOf: out.appendingPathComponent("sheet_frequency.csv"), encoding: .utf8)
      if fails {
        let frequencies = try String(contentsOf: out.appendingPathComponent("claim_frequency.csv"), encoding: .utf8)
        let card42 = try #require(frequencies.split(separator: "\n").first { $0.hasPrefix("commons equally likely,war,42,") })
        #expect(card42.hasSuffix(",yes"), "\(card42)")
      } else {
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("claim_frequency.csv").path))
        #expect(sheets.contains("\ncommon,war,42,"), "the common sheet's cards stay in sheet_frequency.csv")
      }
    }
  }
}
