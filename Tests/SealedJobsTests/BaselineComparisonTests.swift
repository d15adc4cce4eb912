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
}
