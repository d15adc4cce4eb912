import Foundation
import SealedTestSupport
import Testing

/// check-products applies a product's built-in published spec by itself, and summary.csv says
/// which spec and how many of its claims were tested: otj-play's spec (WotC's "1 of 64" for a
/// Special Guest) fails on mtg.wtf's July 2025 data, which gives The List's Special Guests
/// 1/5 × 10/40 = 1/20 of boosters; war-draft has no published spec.
@Suite struct PublishedSpecCommandTests {
  @Test func checkProductsNamesTheSpecAndCountsItsClaims() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("run")
    let result = try SealedExecutable.run(
      ["check-products", "--products", "otj-play,war-draft", "--pools", "3000", "--seed", "5", "--out", out.path, "--quiet"])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    let lines = try String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8).split(separator: "\n").map(String.init)
    let header = CSVLine.fields(lines[0])
    #expect(Array(header[14...16]) == ["spec", "claims_tested", "claims_not_tested"], "\(header)")
    #expect(Array(header.suffix(3)) == ["data_vs_maker", "engine_vs_data", "booster_data"], "\(header)")
    let rows = lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, CSVLine.fields($0))) }
    let otj = try #require(rows.first { $0["product"] == "otj-play" })
    #expect(otj["verdict"] == "fail" && otj["spec"] == "otj-play", "\(otj)")
    // otj's five claims, each decided exactly by the data (its engine row is no claim of its own).
    #expect(otj["claims_tested"] == "5" && otj["claims_not_tested"] == "0", "\(otj)")
    #expect(otj["data_vs_maker"] == "fail" && otj["engine_vs_data"] == "pass" && otj["screen"] == "pass", "\(otj)")
    #expect(otj["failing_checks"]?.contains("a Special Guest in 1 of 64 boosters") == true, "\(otj)")
    let war = try #require(rows.first { $0["product"] == "war-draft" })
    #expect(war["verdict"] == "pass" && war["spec"] == "" && war["claims_tested"] == "" && war["claims_not_tested"] == "", "\(war)")
    #expect(war["data_vs_maker"] == "" && war["engine_vs_data"] == "pass", "\(war)")
  }
}
