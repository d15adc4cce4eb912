import SealedJobs
import SealedReports
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

  /// An exact finding (a claim's exact share, a lint warning, a refusal) that says something
  /// else than the baseline is `changed` and fails the comparison (a Special Guest share gone
  /// from 1/20 to 1/8 once passed as `known`); a simulated finding's numbers may differ.
  @Test func anExactFindingThatSaysSomethingElseHasChanged() {
    let before = [
      Finding(product: "otj-play", source: .claim, check: "a Special Guest in 1 of 64 boosters", found: "the data's share is exactly 1/20"),
      Finding(product: "war-draft", source: .rules, check: "sheet foil", found: "X2 300 on 263 df"),
      Finding(product: "eoe-play", source: .lint, check: "guest-set sheet special_guest", found: "spg 104-113, tdm's"),
    ]
    let now = [
      Finding(product: "otj-play", source: .claim, check: "a Special Guest in 1 of 64 boosters", found: "the data's share is exactly 1/8", exact: true),
      Finding(product: "war-draft", source: .rules, check: "sheet foil", found: "X2 310 on 263 df"),
      Finding(product: "eoe-play", source: .lint, check: "guest-set sheet special_guest", found: "spg 64-73, dsk's"),
    ]
    let comparison = BaselineComparison(findings: now, baseline: before, file: "f", checked: ["otj-play", "war-draft", "eoe-play"])
    #expect(comparison.changed.map(\.finding.product) == ["otj-play", "eoe-play"])
    #expect(comparison.changed.map(\.before) == ["the data's share is exactly 1/20", "spg 104-113, tdm's"])
    #expect(comparison.known.map(\.product) == ["war-draft"])
    #expect(comparison.new.isEmpty && comparison.gone.isEmpty && !comparison.nothingNew)
    #expect(comparison.status[now[0].key] == "changed" && comparison.status[now[1].key] == "known")
    // The same words are known.
    let same = BaselineComparison(findings: before, baseline: before, file: "f", checked: ["otj-play", "war-draft", "eoe-play"])
    #expect(same.changed.isEmpty && same.known.count == 3 && same.nothingNew)
  }
}
