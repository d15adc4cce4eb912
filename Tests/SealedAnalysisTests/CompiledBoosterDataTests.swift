import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedTestSupport
import Testing

/// mtg.wtf's compiled booster data (a copy in Tests/Fixtures/mtgwtf) as Sealed rule files.
@Suite struct CompiledBoosterDataTests {
  static let path = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgwtf/sealed_basic_data.json").path
  static let draftProducts = ["war", "dom", "grn", "rna", "m19", "xln", "rix"]

  func data() throws -> CompiledBoosterData { try CompiledBoosterData.read(path: Self.path) }

  @Test func everyProductParses() throws {
    let data = try data()
    #expect(data.products.count == 329)
    #expect(data.products.reduce(0) { $0 + $1.sheets.count } == 2023)
    #expect(data.products.allSatisfy { $0.source_set_codes == nil })
  }

  /// The July 2025 data shipped with Sealed, gzipped: the counts its README gives.
  @Test func theShippedDataOf2025Parses() throws {
    let data = try ShippedData.boosters()
    #expect(data.products.count == 538)
    #expect(data.products.reduce(0) { $0 + $1.boosters.count } == 2269)
    #expect(data.products.reduce(0) { $0 + $1.sheets.count } == 3073)
    #expect(Set(data.products.flatMap { $0.source_set_codes ?? [] }).count == 273)
    // 64-bit weights: fin's Play Booster wildcard sheet.
    let fin = try data.product("fin-play")
    #expect(fin.sheets.values.map { $0.total_weight ?? 0 }.max() == 177_008_370_000_000)
    #expect(try CompiledBoosterData.read(path: CompiledBoosterData.shippedPath()).products.count == 538)
  }

  /// An old code finds the product that took its place, with a note; the 2023 file still
  /// answers to its own codes.
  @Test func oldCodesFindTheirNewProducts() throws {
    let data = try ShippedData.boosters()
    let war = try data.find("war")
    #expect(war.product.code == "war-draft")
    #expect(war.note == "product war is war-draft in this data (mtg.wtf renamed its draft boosters SET-draft in 2024)")
    #expect(try data.find("me1").product.code == "me1-mtgo")
    #expect(try data.find("war-arena").note == nil)
    #expect(try self.data().find("war").product.code == "war")
    #expect {
      try data.find("cmb1")
    } throws: { error in
      (error as? DataError)?.description == "no product \"cmb1\" in the data (538 products); sealed rules import --list lists them"
    }
    #expect {
      try data.find("war-nope")
    } throws: { error in
      ((error as? DataError)?.description ?? "").contains("products of set war: ")
    }
  }

  /// The seven draft boosters of the built-in `mtgwtf` did not change between the two files.
  @Test(.heavy, arguments: draftProducts)
  func draftBoostersAreTheSameIn2023And2025(_ code: String) throws {
    let old = try data().product(code)
    let new = try ShippedData.boosters().product("\(code)-draft")
    #expect(new.set_code == old.set_code && new.source_set_codes == [code])
    let oldText = try CompiledBoosterRules.ruleFile([old], name: "x", source: "f")
    let newText = try CompiledBoosterRules.ruleFile([new], name: "x", source: "f")
    func body(_ text: String) -> [String] { text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.contains("# ") && !$0.hasPrefix("description") }.map(String.init) }
    #expect(body(oldText) == body(newText))
  }

  @Test func theBuiltInMtgwtfIsWhatTheImporterWrites() throws {
    let data = try ShippedData.boosters()
    var products: [CompiledBoosterData.Product] = []
    for code in Self.draftProducts { products.append(try data.product("\(code)-draft")) }
    let written = try CompiledBoosterRules.ruleFile(products, name: "mtgwtf", source: CompiledBoosterData.shippedFileName)
    let builtIn = try Fixtures.builtInRules("mtgwtf")
    #expect(builtIn.hasSuffix(written))
  }

  /// `retail` (filters, variant groups, the foil sheet by chances) and the imported draft
  /// products (mtg.wtf's card lists and weights) predict the same copies of every card and
  /// finish per pack, and the same foil rate.
  @Test(.heavy, arguments: draftProducts)
  func retailAgreesWithTheImportedDraftBooster(_ code: String) throws {
    let retail = try ShippedData.plan(code, rules: "retail")
    let mtgwtf = try ShippedData.plan(code, rules: "mtgwtf")
    let a = try Expectations(plan: retail)
    let b = try Expectations(plan: mtgwtf)
    func perFinish(_ plan: BoosterPlan, _ e: Expectations) -> [String: Double] {
      var result: [String: Double] = [:]
      for (ordinal, card) in plan.cards.enumerated() where e.cardsPerBoosterByKind[0][ordinal] > 0 {
        result["\(card.collectorNumber.text)\(plan.isFoil(ordinal) ? " foil" : "")"] = e.cardsPerBoosterByKind[0][ordinal]
      }
      return result
    }
    let left = perFinish(retail, a)
    let right = perFinish(mtgwtf, b)
    #expect(Set(left.keys) == Set(right.keys), "\(code): only retail \(Set(left.keys).subtracting(right.keys).sorted()), only mtgwtf \(Set(right.keys).subtracting(left.keys).sorted())")
    for (key, value) in left {
      guard let other = right[key] else { continue }
      #expect(abs(value - other) < 1e-12, "\(code) \(key): retail \(value), mtgwtf \(other)")
    }
    let foilA = try #require(retail.events.firstIndex { $0.name == "foil" })
    let foilB = try #require(mtgwtf.events.firstIndex { $0.name == "foil" })
    #expect(abs(a.eventProbability(foilA, kind: 0) - b.eventProbability(foilB, kind: 0)) < 1e-12)
  }

  /// A card the card data lacks is a placeholder, known by its key: drawn and counted, without
  /// name or rarity.
  @Test func cardsTheDataLacksArePlaceholders() throws {
    let json = #"[{"name": "T", "code": "tst", "set_code": "war", "boosters": [{"sheets": {"common": 2}, "weight": 1}], "sheets": {"common": {"cards": {"war:1": 1, "war:999": 1, "dom:2": 2}}}}]"#
    let path = try Fixtures.write(json, to: "data.json", in: try Fixtures.temporaryDirectory())
    let text = try CompiledBoosterRules.ruleFile(CompiledBoosterData.read(path: path).products, name: "t", source: "data.json")
    let plan = try PlanCompiler.compile(RuleSetLoader.parse(text, source: "t.yaml"), for: ShippedData.set("war"))
    let sheet = try #require(plan.sheets.first)
    let cards = sheet.cards.map { plan.cards[$0] }
    #expect(cards.map { "\($0.setCode):\($0.collectorNumber.text)" } == ["war:1", "war:999", "dom:2"])
    #expect(cards.map(\.hasData) == [true, false, false])
    #expect(cards[1].name == "war:999" && cards[1].rarity == .unknown)
    #expect(CardDataGaps(plan: plan)?.summary == "2 of 3 cards lack card data (sets dom, war)")
    let e = try Expectations(plan: plan)
    // Two distinct cards by weight 1 : 1 : 2: dom:2 first (1/2), or second after either other
    // card (1/4 × 2/3 twice): 5/6.
    #expect(abs(e.cardsPerBoosterByKind[0][sheet.cards[2]] - 5.0 / 6) < 1e-12)
  }

  @Test func badProductsAreOneLineErrors() throws {
    let folder = try Fixtures.temporaryDirectory()
    func product(_ sheets: String, boosters: String = #"[{"sheets": {"common": 2}, "weight": 1}]"#) -> String {
      #"[{"name": "Test", "code": "tst", "set_code": "war", "boosters": \#(boosters), "sheets": {\#(sheets)}}]"#
    }
    let cases: [(String, String)] = [
      (product(#""common": {"cards": {"war:1": 1, "war:2": 1}}"#, boosters: #"[{"sheets": {"rare": 2}, "weight": 1}]"#), "product tst: a booster draws from sheet rare, which the product does not define"),
      (product(#""common": {"fixed": true, "cards": {"war:1": 1, "war:2": 2}}"#, boosters: #"[{"sheets": {"common": 2}, "weight": 1}]"#), "product tst: draws 2 cards from fixed sheet common, which holds 3"),
      (product(#""common": {"fixed": true, "cards": {"war:1": 1.5}}"#), "product tst: fixed sheet common gives war:1 weight 1.5; expected a whole number of copies"),
      (product(#""common": {"cards": {"war:1": 1}}"#, boosters: #"[{"sheets": {"common": 0}, "weight": 1}]"#), "product tst: booster variant 1 draws no card; expected at least one"),
    ]
    for (json, message) in cases {
      let path = try Fixtures.write(json, to: "data.json", in: folder)
      let data = try CompiledBoosterData.read(path: path)
      #expect {
        let text = try CompiledBoosterRules.ruleFile(data.products, name: "t", source: "data.json")
        _ = try PlanCompiler.compile(RuleSetLoader.parse(text, source: "t.yaml"), for: ShippedData.set("war"))
      } throws: { error in
        ((error as? DataError)?.description ?? "").contains(message)
      }
    }
    let broken = try Fixtures.write(#"[{"name": "x"}]"#, to: "broken.json", in: folder)
    let expected = "expected mtg.wtf's compiled booster data (a JSON array of products with boosters and sheets)"
    #expect(throws: DataError("field [0].code: missing; \(expected)", at: broken)) {
      try CompiledBoosterData.read(path: broken)
    }
    let wrongType = try Fixtures.write(#"[{"name": 5, "code": "x"}]"#, to: "type.json", in: folder)
    #expect(throws: DataError("field [0].name: expected a string (product \"x\"); \(expected)", at: wrongType)) {
      try CompiledBoosterData.read(path: wrongType)
    }
    #expect(throws: DataError.self) { try data().product("nope") }
  }
}

/// A product whose sheets name cards of another set (as Strixhaven's Mystical Archive does).
@Suite struct MixedSetProductTests {
  @Test func cardsOfAnotherSetAreDrawnWhenItsDataIsLoaded() throws {
    let json = #"""
      [{"name": "War with a Dominaria slot", "code": "war-dom", "set_code": "war",
        "boosters": [{"sheets": {"common": 10, "bonus": 1}, "weight": 1}],
        "sheets": {
          "common": {"cards": {"war:5": 1, "war:7": 1, "war:8": 1, "war:9": 1, "war:12": 1, "war:14": 1, "war:15": 1, "war:16": 1, "war:18": 1, "war:19": 1, "war:20": 1}},
          "bonus": {"cards": {"dom:1": 1, "dom:2": 1, "dom:270": 1}}}}]
      """#
    let folder = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write(json, to: "mixed.json", in: folder)
    let data = try CompiledBoosterData.read(path: path)
    let text = try CompiledBoosterRules.ruleFile(data.products, name: "mixed", source: "mixed.json")
    let rules = try RuleSetLoader.parse(text, source: "mixed.yaml")
    #expect(rules.namedSets(for: "war") == ["dom"])
    var war = try ShippedData.set("war")
    // Without dom's card data: dom's cards are known by their keys alone.
    let keyed = try PlanCompiler.compile(rules, for: war)
    #expect(CardDataGaps(plan: keyed)?.remedy == "sealed cards fetch dom")
    war.otherSets["dom"] = try ShippedData.set("dom")
    let plan = try PlanCompiler.compile(rules, for: war)
    // dom:270 lies outside dom's booster range; listed cards may.
    let bonus = try #require(plan.sheets.first { $0.name == "bonus" })
    #expect(Set(bonus.cards.map { "\(plan.cards[$0].setCode):\(plan.cards[$0].collectorNumber.text)" }) == ["dom:1", "dom:2", "dom:270"])
    let pools = Simulation.openPools(plan, seed: 3, count: 50)
    #expect(pools.allSatisfy { $0.boosters.allSatisfy { $0.count == 11 && $0.last?.card.setCode == "dom" } })
    let e = try Expectations(plan: plan)
    for ordinal in bonus.cards { #expect(abs(e.cardsPerBoosterByKind[0][ordinal] - 1.0 / 3) < 1e-12) }
  }
}

/// Products are decoded one by one, side by side: a broken one is named as decoding the whole
/// array names it, and the first broken one in the data's order is the one reported.
@Suite struct CompiledBoosterDataDecodingTests {
  static let expected = "expected mtg.wtf's compiled booster data (a JSON array of products with boosters and sheets)"
  static let product = #"{"name": "P", "code": "p", "set_code": "war", "boosters": [{"sheets": {"common": 1}, "weight": 1}], "sheets": {"common": {"cards": {"war:5": 1}}}}"#

  /// A broken product is named by its index, and by its code when it has one (a product
  /// without `boosters` said only `field [94].boosters: missing`).
  @Test func aBrokenProductAmongOthersIsNamedByItsIndex() throws {
    let folder = try Fixtures.temporaryDirectory()
    let products = Array(repeating: Self.product, count: 5)
    var missing = products
    missing[3] = #"{"name": "x"}"#
    missing[4] = #"{"name": 5, "code": "x"}"#
    let path = try Fixtures.write("[" + missing.joined(separator: ",\n") + "]", to: "missing.json", in: folder)
    #expect(throws: DataError("field [3].code: missing; \(Self.expected)", at: path)) { try CompiledBoosterData.read(path: path) }
    var mistyped = products
    mistyped[2] = #"{"name": 5, "code": "x"}"#
    let typed = try Fixtures.write("[" + mistyped.joined(separator: ",") + "]", to: "type.json", in: folder)
    #expect(throws: DataError("field [2].name: expected a string (product \"x\"); \(Self.expected)", at: typed)) { try CompiledBoosterData.read(path: typed) }
    var notObject = products
    notObject[1] = "7"
    let number = try Fixtures.write("[" + notObject.joined(separator: ",") + "]", to: "number.json", in: folder)
    #expect(throws: DataError("field [1]: expected an object; \(Self.expected)", at: number)) { try CompiledBoosterData.read(path: number) }
  }

  /// The products read one by one are those of the array read whole, in order.
  @Test func theShippedDataReadsAsOneArrayDoes() throws {
    let path = try CompiledBoosterData.shippedPath()
    let data = try CompiledBoosterData.read(path: path)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    if Gzip.isCompressed(bytes) { bytes = try Gzip.inflate(bytes, source: path) }
    let whole = try JSONDecoder().decode([CompiledBoosterData.Product].self, from: bytes)
    #expect(data.products.map(\.code) == whole.map(\.code))
    #expect(data.products.count == 538)
    // Each product as its rule file says it (or why it has none).
    func files(_ products: [CompiledBoosterData.Product]) -> [String] {
      products.map { product in
        do { return try CompiledBoosterRules.ruleFile([product], name: product.code, source: "x") } catch { return "\(error)" }
      }
    }
    #expect(files(data.products) == files(whole))
  }
}
