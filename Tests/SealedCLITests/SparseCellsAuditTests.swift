import Foundation
import SealedTestSupport
import Testing

/// An audit without a Monte Carlo null leaves a chi-square check untested where its cells are too
/// sparse for the chi-square distribution (`ChiSquareValidity`): it would fail a file that is fine.
@Suite struct SparseCellsAuditTests {
  let cards = ["--cards", Fixtures.shippedCards]

  /// One pool of war under mtgwtf (seed 3) holds two foils; over the foil sheet's 264 weighted
  /// cards their Pearson statistic is 359.67 on 263 degrees of freedom, whose chi-square upper
  /// tail is 6.8e-5 (scipy 1.17.1: `chi2.sf(359.666666666669, 263)`), under the 0.01 / 11 Holm's
  /// first step asks for: the audit failed a pool the rules drew. With a null drawn, the same
  /// check is tested by Monte Carlo.
  @Test func sparseCellsWithoutANullAreNotTested() throws {
    let dir = try Fixtures.temporaryDirectory()
    let packs = dir.appendingPathComponent("one.csv").path
    let opened = try SealedExecutable.run(
      ["open", "war", "--rules", "mtgwtf", "--pools", "1", "--seed", "3", "--format", "csv", "--out", packs] + cards)
    #expect(opened.status == 0, "\(opened.stderr)")
    let audit = ["audit", "war", "--rules", "mtgwtf", "--packs", packs, "--seed", "1", "--quiet"] + cards
    let without = try SealedExecutable.run(audit + ["--resamples", "0", "--out", dir.appendingPathComponent("a").path])
    #expect(without.status == 0, "\(without.stdout)\(without.stderr)")
    let foil = try row("sheet foil", in: dir.appendingPathComponent("a/audit.csv"))
    #expect(foil.contains("not tested: 264 of 264 cells expect fewer than 1, and no Monte Carlo null was drawn (--resamples 0)"), "\(foil)")
    // Equally likely cells need 2 on average: one pool's 58 commons over 101 cards, 0.574 each.
    let common = try row("sheet common", in: dir.appendingPathComponent("a/audit.csv"))
    #expect(common.contains("not tested: 101 equally likely cells expect 0.574 each, fewer than 2, and no Monte Carlo null"), "\(common)")
    #expect(foil.contains(",none,"), "\(foil)")
    #expect(foil.contains("359.66"), "\(foil)")
    let with = try SealedExecutable.run(audit + ["--resamples", "199", "--out", dir.appendingPathComponent("b").path])
    #expect(with.status == 0, "\(with.stdout)\(with.stderr)")
    let tested = try row("sheet foil", in: dir.appendingPathComponent("b/audit.csv"))
    #expect(tested.contains(",monte carlo,"), "\(tested)")
  }

  /// A sheet whose cells meet the rule (ten pools of war under mtgwtf: 588 commons over 101
  /// cards) keeps its chi-square test without a null.
  @Test func cellsMeetingTheRuleAreTestedWithoutANull() throws {
    let dir = try Fixtures.temporaryDirectory()
    let packs = dir.appendingPathComponent("ten.csv").path
    let opened = try SealedExecutable.run(
      ["open", "war", "--rules", "mtgwtf", "--pools", "10", "--seed", "3", "--format", "csv", "--out", packs] + cards)
    #expect(opened.status == 0, "\(opened.stderr)")
    let result = try SealedExecutable.run(
      ["audit", "war", "--rules", "mtgwtf", "--packs", packs, "--resamples", "0", "--quiet", "--out", dir.appendingPathComponent("a").path] + cards)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let common = try row("sheet common", in: dir.appendingPathComponent("a/audit.csv"))
    #expect(common.contains("asymptotic chi-square"), "\(common)")
  }

  private func row(_ prefix: String, in file: URL) throws -> String {
    let text = try String(contentsOf: file, encoding: .utf8)
    return try #require(text.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init), "\(text)")
  }
}
