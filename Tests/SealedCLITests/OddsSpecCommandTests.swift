import Foundation
import SealedTestSupport
import Testing

/// The shipped mkm-play spec (WotC's published odds) run by `sealed check` on mtg.wtf's
/// mkm-play, by path (specs/mkm-play.yaml) and by name: every claim gets its row, with the
/// verdict its data allows: claims decided by sheets and card keys pass, the ones about
/// rarities of cards without data (mkm's showcase cards, The List's, the Special Guests') are
/// not tested, never passed.
@Suite struct OddsSpecCommandTests {
  static let expected: [(claim: String, row: String)] = [
    ("14 Magic cards per booster", ",pass,rules+spec,"),
    ("slots 1-6 are commons of mkm", ",not_tested,spec,"),
    ("slots 8-10 are uncommons", ",not_tested,spec,"),
    ("slot 11 is a rare or mythic rare", ",not_tested,spec,"),
    ("slot 7 is a card of mkm (not The List's, not a Special Guest) in 87.5% of boosters", ",pass,spec,"),
    ("slot 7 is a common of mkm in 87.5% of boosters", ",not_tested,spec,"),
    ("slot 7 draws from The List's sheet (The List or a Special Guest) in 12.5% of boosters", ",pass,spec,"),
    ("a common or uncommon of The List in 9.38% of boosters", ",not_tested,spec,"),
    ("a rare or mythic of The List in 1.56% of boosters", ",not_tested,spec,"),
    ("a card of The List in 10.94% of boosters", ",pass,spec,"),
    ("a Special Guest in 1.56% of boosters", ",pass,spec,"),
  ]

  @Test(.heavy, arguments: ["specs/mkm-play.yaml", "mkm-play"])
  func theMkmPlaySpecGivesEveryClaimItsVerdict(_ spec: String) throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("mkm")
    let specArgument = spec.hasSuffix(".yaml") ? Fixtures.repositoryRoot.appendingPathComponent(spec).path : spec
    let result = try SealedExecutable.run(
      ["check", "mkm", "--rules", "mkm-play", "--spec", specArgument, "--pools", "2000", "--seed", "7",
       "--compare", "none", "--out", out.path, "--quiet", "--cards", Fixtures.shippedCards])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let rows = try String(contentsOf: out.appendingPathComponent("checks.csv"), encoding: .utf8).split(separator: "\n").map(String.init)
    for (claim, verdict) in Self.expected {
      let quoted = claim.contains(",") ? "\"\(claim)\"" : claim
      let row = rows.first { $0.hasPrefix(quoted + ",") }
      #expect(row?.contains(verdict) == true, "\(claim): \(row ?? "no row")")
      if verdict.hasPrefix(",not_tested") { #expect(row?.contains("lack card data") == true, "\(row ?? "")") }
    }
  }

  /// A misspelt sheet in a spec is bad input: one line naming the claim's place and the
  /// product's sheets, exit 2.
  @Test func anUnknownSheetIsBadInput() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write(
      "name: odds\nclaims:\n  - name: the list\n    odds: { sheet: teh_list, in: 1/8 }\n", to: "odds.yaml", in: dir)
    let result = try SealedExecutable.run(
      ["check", "mkm", "--rules", "mkm-play", "--spec", path, "--pools", "100", "--cards", Fixtures.shippedCards])
    #expect(result.status == 2)
    let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("sealed: note:") }
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.contains("odds.yaml:3:5: claim \"the list\": unknown sheet \"teh_list\"; the sheets of rules \"mkm-play\" for mkm: basic, common_with_showcase,") == true, "\(result.stderr)")
  }
}
