import Foundation
import SealedSupport
import SealedRules
import SealedAnalysis
import SealedTestSupport
import Testing

@testable import SealedMTGJSON

/// `MTGJSONBoosterImport` on AllPrintings-shaped files: products are named SET-NAME, and a
/// product whose sheets name cards of another set resolves them in a second pass.
@Suite struct AllPrintingsRulesTests {
  func expectations(_ loaded: MTGJSONBoosterImport.Loaded) throws -> [String: Double] {
    let product = try #require(loaded.products.first)
    let text = try CompiledBoosterRules.ruleFile([product], name: "t", source: "t")
    let plan = try PlanCompiler.compile(RuleSetLoader.parse(text, source: "t"), for: try #require(loaded.cardSets[product.set_code]))
    let e = try Expectations(plan: plan)
    var result: [String: Double] = [:]
    for (ordinal, card) in plan.cards.enumerated() {
      result["\(card.setCode):\(card.collectorNumber.text)\(plan.isFoil(ordinal) ? ":foil" : "")", default: 0] += e.cardsPerBoosterByKind[0][ordinal]
    }
    return result
  }

  /// Set ZZZ holds NEO's cards and ZNR's booster object and comes before ZNR in the file: its
  /// product names only znr cards, found in the second pass, and expects what znr-default does.
  @Test(.heavy) func aProductNamingAnotherSetsCardsResolvesThem() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try MTGJSONFixtures.allPrintings([("NEO", "ZZZ"), ("ZNR", "ZNR")], in: dir, boosterOf: ["ZZZ": "ZNR"])
    let mixed = try MTGJSONBoosterImport(path: path).load(["zzz-default"])
    let product = try #require(mixed.products.first)
    #expect(product.code == "zzz-default")
    #expect(product.set_code == "zzz")
    #expect(product.sheets.values.allSatisfy { $0.cards.keys.allSatisfy { $0.hasPrefix("znr:") } })
    #expect(mixed.cardSets["zzz"]?.otherSets["znr"] != nil)
    // --list settles them too, after the second pass (znr's cards) and a third (zzz's own).
    let listed = try MTGJSONBoosterImport(path: path).list()
    #expect(listed.map(\.code) == ["zzz-arena", "zzz-default", "znr-arena", "znr-default"])
    #expect(listed.allSatisfy { $0.opens == .yes }, "\(listed.map(\.opens.text))")
    let own = try MTGJSONBoosterImport(path: MTGJSONFixtures.gzipped("ZNR")).load(["default"])
    let a = try expectations(mixed)
    let b = try expectations(own)
    #expect(Set(a.filter { $0.value > 0 }.keys) == Set(b.filter { $0.value > 0 }.keys))
    for (key, value) in b where value > 0 {
      #expect(abs(value - (a[key] ?? 0)) < 1e-12, "\(key)")
    }
  }

  @Test(.heavy) func productsAreNamedBySetAndABareNameMustBeUnique() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try MTGJSONFixtures.allPrintings([("ZNR", "ZNR"), ("NEO", "NEO")], in: dir)
    let listed = try MTGJSONBoosterImport(path: path).list()
    #expect(listed.map(\.code) == ["znr-arena", "znr-default", "neo-arena", "neo-default"])
    #expect(listed.allSatisfy { $0.opens == .yes })
    let neo = try MTGJSONBoosterImport(path: path).load(["NEO-arena"])
    #expect(neo.products.map(\.code) == ["neo-arena"])
    #expect(neo.version == "5.2.0+test")
    let error = #expect(throws: DataError.self) { try MTGJSONBoosterImport(path: path).load(["default"]) }
    #expect(error?.description.contains("product \"default\" is in more than one set (znr-default, neo-default); name it as SET-default") == true, "\(error?.description ?? "")")
  }
}
