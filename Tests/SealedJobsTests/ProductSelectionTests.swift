import SealedJobs
import SealedSupport
import SealedRules
import Testing

@Suite struct ProductSelectionTests {
  func product(_ code: String, set: String) -> CompiledBoosterData.Product {
    CompiledBoosterData.Product(name: code, code: code, set_code: set, boosters: [], sheets: [:])
  }

  @Test func kindComesFromTheCode() {
    #expect(ProductKind.of(code: "mkm-play", set: "mkm") == "play")
    #expect(ProductKind.of(code: "war-draft", set: "war") == "draft")
    #expect(ProductKind.of(code: "MKM-Collector", set: "MKM") == "collector")
    #expect(ProductKind.of(code: "eld-theme-w", set: "eld") == "theme")
    #expect(ProductKind.of(code: "snc-prerelease-brokers", set: "snc") == "prerelease")
    #expect(ProductKind.of(code: "khm-arena-1", set: "khm") == "arena")
    #expect(ProductKind.of(code: "mkm-collector-sample", set: "mkm") == "collector-sample")
    #expect(ProductKind.of(code: "znr-box-topper-foil", set: "znr") == "box-topper")
    #expect(ProductKind.of(code: "dmu-jumpstart", set: "dmu") == "jumpstart")
    #expect(ProductKind.of(code: "lea", set: "lea") == "booster")
  }

  /// Reference values: FNV-1a-64 of "" is its offset basis and of "a" 0xaf63dc4c8601ec8c
  /// (the published test vectors of the FNV authors); SplitMix64.mix of 0 is 0.
  @Test func seedsDependOnTheRunSeedAndTheCodeOnly() {
    let a = ProductSeed.derive(runSeed: 7, code: "mkm-play")
    #expect(a == ProductSeed.derive(runSeed: 7, code: "MKM-PLAY"))
    #expect(a != ProductSeed.derive(runSeed: 8, code: "mkm-play"))
    #expect(a != ProductSeed.derive(runSeed: 7, code: "mkm-draft"))
    #expect(ProductSeed.derive(runSeed: 0xcbf2_9ce4_8422_2325, code: "") == 0)
    #expect(ProductSeed.derive(runSeed: 0xaf63_dc4c_8601_ec8c, code: "a") == 0)
  }

  @Test func patternsAreGlobsRepeatableOrCommaSeparated() throws {
    let products = [product("mkm-play", set: "mkm"), product("mkm-collector", set: "mkm"), product("otj-play", set: "otj"), product("war-draft", set: "war")]
    #expect(try ProductPattern.select(products, patterns: []).count == 4)
    #expect(try ProductPattern.select(products, patterns: ["*-play"]).map(\.code) == ["mkm-play", "otj-play"])
    #expect(try ProductPattern.select(products, patterns: ["MKM-*", "war-draft"]).map(\.code) == ["mkm-play", "mkm-collector", "war-draft"])
    #expect(try ProductPattern.select(products, patterns: ["war-draft, otj-p?ay"]).map(\.code) == ["otj-play", "war-draft"])
    #expect(throws: DataError.self) { try ProductPattern.select(products, patterns: ["*-jumpstart"]) }
    #expect(throws: DataError.self) { try ProductPattern.select(products, patterns: ["mkm-play,"]) }
  }
}
