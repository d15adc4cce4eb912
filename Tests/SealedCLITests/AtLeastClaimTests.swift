import Foundation
import SealedTestSupport
import Testing

/// `at_least` claims (taw/magic-search-engine #475: "two or more rares or mythics in 30% of
/// boosters") on simulations and on opened packs. Under war's retail rules a booster holds two
/// rares or mythics only when its foil (9 packs in 40) is one (15% of foils): 27/800.
@Suite(.serialized) struct AtLeastClaimTests {
  static func spec(_ share: String, in dir: URL) throws -> String {
    try Fixtures.write(
      """
      name: two-rares
      claims:
        - name: two or more rares or mythics
          odds: { cards: { rarity: [rare, mythic] }, at_least: 2, in: \(share) }

      """, to: "two-\(share.replacingOccurrences(of: "/", with: "-")).yaml", in: dir)
  }

  func row(_ folder: URL, file: String) throws -> String {
    let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    return try #require(text.split(separator: "\n").map(String.init).first { $0.hasPrefix("two or more rares or mythics,") })
  }

  @Test func theRightShareHoldsAndAWrongOneFails() throws {
    let dir = try Fixtures.temporaryDirectory()
    let cards = ["--cards", Fixtures.shippedCards]
    for (share, verdict) in [("27/800", ",pass,"), ("10%", ",fail,")] {
      let out = dir.appendingPathComponent("check-\(share.replacingOccurrences(of: "/", with: "-"))")
      let result = try SealedExecutable.run(
        ["check", "war", "--rules", "retail", "--spec", try Self.spec(share, in: dir), "--pools", "3000", "--seed", "2",
         "--compare", "none", "--out", out.path, "--quiet"] + cards)
      #expect(result.status == (verdict == ",pass," ? 0 : 1), "\(result.stdout)\(result.stderr)")
      let row = try row(out, file: "checks.csv")
      #expect(row.contains(verdict) && row.contains("boosters holding at least 2 cards of rarity rare|mythic"), "\(row)")
    }
    // The same boosters as a pack file: the audit counts them alike.
    let packs = dir.appendingPathComponent("packs.csv").path
    let opened = try SealedExecutable.run(
      ["open", "war", "--rules", "retail", "--pools", "3000", "--seed", "2", "--format", "csv", "--out", packs] + cards)
    #expect(opened.status == 0, "\(opened.stderr)")
    for (share, verdict) in [("27/800", ",pass,"), ("10%", ",fail,")] {
      let out = dir.appendingPathComponent("audit-\(share.replacingOccurrences(of: "/", with: "-"))")
      let result = try SealedExecutable.run(
        ["audit", "war", "--rules", "retail", "--spec", try Self.spec(share, in: dir), "--packs", packs, "--resamples", "0",
         "--seed", "1", "--out", out.path, "--quiet"] + cards)
      #expect(result.status == (verdict == ",pass," ? 0 : 1), "\(result.stdout)\(result.stderr)")
      let row = try row(out, file: "audit.csv")
      #expect(row.contains(verdict) && row.contains("boosters holding at least 2 cards of rarity rare|mythic"), "\(row)")
    }
    // More cards than a booster holds: no booster does (an audit once stopped on the range).
    let many = try Fixtures.write(
      "name: many\nclaims:\n  - name: twenty rares\n    odds: { cards: { rarity: [rare, mythic] }, at_least: 20, in: 0 }\n",
      to: "many.yaml", in: dir)
    for command in [["check", "war", "--rules", "retail", "--pools", "200", "--compare", "none"], ["audit", "war", "--rules", "retail", "--packs", packs]] {
      let result = try SealedExecutable.run(
        command + ["--spec", many, "--seed", "2", "--out", dir.appendingPathComponent("many-\(command[0])").path, "--quiet"] + cards)
      #expect(result.status == 0, "\(command[0]): \(result.stdout)\(result.stderr)")
    }
  }

  /// A claim's looser alpha is held at the run's, and its row says so, in a check and in an
  /// audit alike (the audit once held it without a word).
  @Test func aLooserClaimAlphaIsHeldAndSaidSoInCheckAndAudit() throws {
    let dir = try Fixtures.temporaryDirectory()
    let cards = ["--cards", Fixtures.shippedCards]
    let spec = try Fixtures.write(
      """
      name: loose
      claims:
        - name: two or more rares or mythics
          odds: { cards: { rarity: [rare, mythic] }, at_least: 2, in: 27/800 }
          alpha: 0.05

      """, to: "loose.yaml", in: dir)
    let packs = dir.appendingPathComponent("packs.csv").path
    let opened = try SealedExecutable.run(
      ["open", "war", "--rules", "retail", "--pools", "500", "--seed", "2", "--format", "csv", "--out", packs] + cards)
    #expect(opened.status == 0, "\(opened.stderr)")
    // Each command's default alpha: check's 0.001, audit's 0.01.
    let runs = [
      ("checks.csv", "0.001", ["check", "war", "--rules", "retail", "--pools", "500", "--compare", "none"]),
      ("audit.csv", "0.01", ["audit", "war", "--rules", "retail", "--packs", packs, "--resamples", "0"]),
    ]
    for (file, alpha, command) in runs {
      let out = dir.appendingPathComponent("loose-\(command[0])")
      let result = try SealedExecutable.run(command + ["--spec", spec, "--seed", "2", "--out", out.path, "--quiet"] + cards)
      #expect(result.status == 0, "\(command[0]): \(result.stdout)\(result.stderr)")
      let row = try row(out, file: file)
      #expect(row.contains("its alpha 0.05 is held at the run's \(alpha), the one Holm's procedure controls"), "\(command[0]): \(row)")
      #expect(row.contains(",\(alpha),pass,"), "\(command[0]): \(row)")
    }
  }
}
