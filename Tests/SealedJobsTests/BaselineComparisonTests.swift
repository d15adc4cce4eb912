import SealedJobs
import SealedReports
import SealedRelease
import Testing

/// A baseline's findings for products the release no longer holds are reported as lost and fail
/// the comparison (a release that lost its 52 Play and Collector Boosters once passed), unless the
/// run would not have checked those products anyway.
@Suite struct BaselineComparisonTests {
  let baseline = [
    Finding(product: "blb-play", source: .claim, check: "a rare", found: "0.8"),
    Finding(product: "blb-play", source: .lint, check: "weight-magnitude", found: "x10"),
    Finding(product: "war-draft", source: .lint, check: "sheet-size", found: "14"),
  ]

  @Test func findingsOfAProductTheReleaseLacksAreLost() {
    let lost = BaselineComparison.lostProducts(baseline: baseline, releaseCodes: ["war-draft", "WAR-play"], patterns: [])
    #expect(lost == ["blb-play"])
    let comparison = BaselineComparison(
      findings: [baseline[2]], baseline: baseline, file: "findings.csv", checked: ["war-draft", "war-play"], lost: lost)
    #expect(comparison.new.isEmpty && comparison.gone.isEmpty)
    #expect(comparison.known.map(\.product) == ["war-draft"])
    #expect(comparison.missing.map(\.check) == ["a rare", "weight-magnitude"])
    #expect(comparison.lostCodes == ["blb-play"])
    #expect(!comparison.nothingNew)
  }

  @Test func aRunThatWouldNotCheckTheProductLosesNothing() {
    let codes = ["war-draft"]
    #expect(BaselineComparison.lostProducts(baseline: baseline, releaseCodes: codes, patterns: ["war-*"]).isEmpty)
    #expect(BaselineComparison.lostProducts(baseline: baseline, releaseCodes: codes, patterns: ["war-*,*-play"]) == ["blb-play"])
    #expect(BaselineComparison.lostProducts(baseline: baseline, releaseCodes: codes, patterns: [], sharded: true).isEmpty)
    let comparison = BaselineComparison(findings: [baseline[2]], baseline: baseline, file: "f", checked: ["war-draft"])
    #expect(comparison.missing.isEmpty && comparison.nothingNew)
  }

  /// An exact finding (a claim's exact share, a warning of a lint rule that reads no card data)
  /// that says something else than the baseline is `changed` and fails the comparison (a Special
  /// Guest share gone from 1/20 to 1/8 once passed as `known`); a simulated finding's numbers, a
  /// refusal's or a card-data rule's counts (which fetching card data changes) may differ; a
  /// baseline without `found` knows findings by their keys.
  @Test func anExactFindingThatSaysSomethingElseHasChanged() {
    let before = [
      Finding(product: "otj-play", source: .claim, check: "a Special Guest in 1 of 64 boosters", found: "the data's share is exactly 1/20"),
      Finding(product: "war-draft", source: .rules, check: "sheet foil", found: "X2 300 on 263 df"),
      Finding(product: "eoe-play", source: .lint, check: "guest-set sheet special_guest", found: "spg 104-113, tdm's"),
      Finding(product: "ltr-collector", source: .refused, check: "compile", found: "93 of its 96 cards lack card data"),
      Finding(product: "ltr-collector", source: .lint, check: "sheet-rarity sheet foil_uncommon", found: "12 of its 42 cards with card data"),
    ]
    let sheetRarity = LintWarning(rule: .sheetRarity, product: "ltr-collector", place: "sheet foil_uncommon", message: "13 of its 42 cards with card data").finding
    let guest = LintWarning(rule: .guestSet, product: "eoe-play", place: "sheet special_guest", message: "spg 64-73, dsk's").finding
    let now = [
      Finding(product: "otj-play", source: .claim, check: "a Special Guest in 1 of 64 boosters", found: "the data's share is exactly 1/8", exact: true),
      Finding(product: "war-draft", source: .rules, check: "sheet foil", found: "X2 310 on 263 df"),
      guest,
      Finding(product: "ltr-collector", source: .refused, check: "compile", found: "90 of its 96 cards lack card data"),
      sheetRarity,
    ]
    #expect(guest.exact && !sheetRarity.exact)
    let checked: Set = ["otj-play", "war-draft", "eoe-play", "ltr-collector"]
    let comparison = BaselineComparison(findings: now, baseline: before, file: "f", checked: checked)
    #expect(comparison.changed.map { $0.finding.product } == ["otj-play", "eoe-play"])
    #expect(comparison.changed.map { $0.before } == ["the data's share is exactly 1/20", "spg 104-113, tdm's"])
    #expect(comparison.known.map { $0.product } == ["war-draft", "ltr-collector", "ltr-collector"])
    #expect(comparison.new.isEmpty && comparison.gone.isEmpty && !comparison.nothingNew)
    #expect(comparison.status[now[0].key] == "changed" && comparison.status[now[1].key] == "known")
    // The same words are known; so is everything against a baseline without `found`.
    let same = BaselineComparison(findings: before, baseline: before, file: "f", checked: checked)
    #expect(same.changed.isEmpty && same.known.count == 5 && same.nothingNew)
    let keysOnly = before.map { Finding(product: $0.product, source: $0.source, check: $0.check, found: "") }
    let byKeys = BaselineComparison(findings: now, baseline: keysOnly, file: "f", checked: checked)
    #expect(byKeys.changed.isEmpty && byKeys.known.count == 5 && byKeys.nothingNew)
  }

  /// A refusal for another reason is `changed` (woe-draft refused for a malformed card key passed
  /// as the known refusal for its cards' colours); its place in the rule file and its counts may
  /// differ.
  @Test func aRefusalForAnotherReasonHasChanged() {
    let colours = "product:woe-draft:726:18: sheet \"common\" is colour-balanced, and 14 of its 115 cards lack card data (their colours, like woe:3); sealed cards fetch woe"
    let before = [Finding(product: "woe-draft", source: .refused, check: "compile", found: colours)]
    let moved = colours.replacingOccurrences(of: ":726:18:", with: ":731:18:").replacingOccurrences(of: "14 of its 115", with: "12 of its 116")
    let same = BaselineComparison(
      findings: [Finding(product: "woe-draft", source: .refused, check: "compile", found: moved)], baseline: before, file: "f", checked: ["woe-draft"])
    #expect(same.changed.isEmpty && same.known.count == 1 && same.nothingNew)
    let key = "product:woe-draft:726:18: card \"woe\": expected set:number (a set code, a colon and a collector number)"
    let other = BaselineComparison(
      findings: [Finding(product: "woe-draft", source: .refused, check: "compile", found: key)], baseline: before, file: "f", checked: ["woe-draft"])
    #expect(other.changed.map(\.before) == [colours] && other.known.isEmpty && !other.nothingNew)
  }

  /// A card-data warning naming a card its baseline did not name has changed (a new common in
  /// a rare sheet already warned about passed as the known warning); its counts alone may
  /// differ (card data fetched), and a baseline without the `cards` column knows it by its key.
  @Test func aWarningNamingANewCardHasChanged() {
    let check = "sheet-rarity sheet rare"
    let text = { (count: Int) in "its name names rare, but \(count) common of its 119 cards with card data (2ed:292, 2ed:293)" }
    let before = [Finding(product: "2ed", source: .lint, check: check, found: text(2), cards: ["2ed:292", "2ed:293"])]
    let fewer = Finding(product: "2ed", source: .lint, check: check, found: text(1), cards: ["2ed:293"])
    let same = BaselineComparison(findings: [fewer], baseline: before, file: "f", checked: ["2ed"])
    #expect(same.changed.isEmpty && same.known.count == 1 && same.nothingNew)
    let planted = Finding(product: "2ed", source: .lint, check: check, found: text(3), cards: ["2ed:288", "2ed:292", "2ed:293"])
    let other = BaselineComparison(findings: [planted], baseline: before, file: "f", checked: ["2ed"])
    #expect(other.changed.map(\.before) == [text(2)] && other.known.isEmpty && !other.nothingNew)
    var unlisted = before
    unlisted[0].cards = []
    let byKey = BaselineComparison(findings: [planted], baseline: unlisted, file: "f", checked: ["2ed"])
    #expect(byKey.changed.isEmpty && byKey.nothingNew)
  }

  /// findings.csv keeps every card of a finding in its `cards` column, and reads them back.
  @Test func findingsKeepTheirCards() throws {
    let finding = Finding(product: "2ed", source: .lint, check: "sheet-rarity sheet rare", found: "x, y", cards: ["2ed:292", "2ed:293"])
    let text = FindingsTable(findings: [finding]).table.text
    #expect(text.hasPrefix("product,source,check,found,status,cards\n"))
    #expect(try FindingsTable.read(text, name: "f").map(\.cards) == [["2ed:292", "2ed:293"]])
  }

  /// A claim finding of the baseline that the run did not check (its product held to no spec,
  /// or to another) is not checked, and fails; one the run checked and no longer finds is gone;
  /// a run that checks no claims (`rules lint`, `claims` nil) leaves claim findings alone.
  @Test func aClaimNotCheckedIsNotFixed() {
    let claim = Finding(product: "war-draft", source: .claim, check: "a foil in 1 of 4 boosters", found: "the data's share is exactly 9/40")
    let unchecked = BaselineComparison(findings: [], baseline: [claim], file: "f", checked: ["war-draft"], claims: ["war-draft": []])
    #expect(unchecked.unchecked.map(\.check) == [claim.check] && unchecked.gone.isEmpty && !unchecked.nothingNew)
    let fixed = BaselineComparison(findings: [], baseline: [claim], file: "f", checked: ["war-draft"], claims: ["war-draft": [claim.check]])
    #expect(fixed.unchecked.isEmpty && fixed.gone.count == 1 && fixed.nothingNew)
    let lint = BaselineComparison(findings: [], baseline: [claim], file: "f", checked: ["war-draft"])
    #expect(lint.unchecked.isEmpty && lint.nothingNew)
  }
}
