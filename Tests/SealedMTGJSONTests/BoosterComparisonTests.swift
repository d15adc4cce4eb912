import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedAnalysis
import SealedTestSupport
import Testing

@testable import SealedMTGJSON

/// An MTGJSON `booster` product and the same product in mtg.wtf's compiled data (the 2023 file
/// in Tests/Fixtures/mtgwtf) give the same expectations card by card, where the two releases
/// define the same product.
///
/// MTGJSON's files are of 2021-2022, mtg.wtf's of May 2023, and the two differ in two ways,
/// each checked here: mtg.wtf's 2023 sheets hold the showcase (and borderless) printings beside
/// the regular ones at a share of their weight, where MTGJSON's hold the regular printing alone;
/// and for neo, mtg.wtf changed the land and double-faced sheets' weights after February 2022.
@Suite struct BoosterComparisonTests {
  static let compiledData = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgwtf/sealed_basic_data.json").path

  /// The MTGJSON product and its set's cards, read from the real file.
  func mtgjson(_ set: String, _ product: String = "default") throws -> (CompiledBoosterData.Product, CardSet) {
    let loaded = try MTGJSONBoosterImport(path: MTGJSONFixtures.gzipped(set)).load([product])
    let converted = try #require(loaded.products.first)
    return (converted, try #require(loaded.cardSets[set.lowercased()]))
  }

  func mtgwtf(_ code: String) throws -> CompiledBoosterData.Product {
    try CompiledBoosterData.read(path: Self.compiledData).product(code)
  }

  func expectations(_ product: CompiledBoosterData.Product, _ cards: CardSet) throws -> Expectations {
    let text = try CompiledBoosterRules.ruleFile([product], name: "compare", source: product.code)
    return try Expectations(plan: PlanCompiler.compile(RuleSetLoader.parse(text, source: product.code), for: cards))
  }

  /// Expected copies per booster by card key (`set:number`, `:foil` for foil finishes).
  func perCard(_ e: Expectations) -> [String: Double] {
    var result: [String: Double] = [:]
    for (ordinal, card) in e.plan.cards.enumerated() {
      let key = "\(card.key.setCode):\(card.collectorNumber.text)" + (e.plan.isFoil(ordinal) ? ":foil" : "")
      result[key, default: 0] += e.cardsPerBoosterByKind[0][ordinal]
    }
    return result
  }

  /// mtg.wtf's product with every printing that MTGJSON's product does not name (a showcase,
  /// borderless or other extra printing) folded onto the printing of the same name that it
  /// does name; mtg.wtf's `12a` (the front of a double-faced card) is `12`.
  func foldingShowcases(
    _ product: CompiledBoosterData.Product, onto reference: CompiledBoosterData.Product, _ cards: CardSet
  ) -> CompiledBoosterData.Product {
    func card(_ number: String) -> Card? {
      cards.cards.first { $0.collectorNumber.text == number }
        ?? (number.last?.isLetter == true ? cards.cards.first { $0.collectorNumber.text == String(number.dropLast()) } : nil)
    }
    // By finish (foil or not): the numbers the reference names, and the lowest for each name.
    var named: [Bool: [String: Card]] = [:]
    var namedNumbers: [Bool: Set<String>] = [:]
    for key in reference.sheets.values.flatMap(\.cards.keys) {
      let parts = key.split(separator: ":")
      let foil = parts.count > 2
      namedNumbers[foil, default: []].insert(String(parts[1]))
      if let card = card(String(parts[1])), named[foil]?[card.name].map({ card.collectorNumber < $0.collectorNumber }) ?? true {
        named[foil, default: [:]][card.name] = card
      }
    }
    var folded = product
    for (name, sheet) in product.sheets {
      var weights: [String: Double] = [:]
      for (key, weight) in sheet.cards {
        let parts = key.split(separator: ":").map(String.init)
        guard let card = card(parts[1]) else {
          weights[key, default: 0] += weight
          continue
        }
        let own = card.collectorNumber.text
        let foil = parts.count > 2
        let number = namedNumbers[foil]?.contains(own) == true ? own : named[foil]?[card.name]?.collectorNumber.text ?? own
        weights[([parts[0], number] + parts.dropFirst(2)).joined(separator: ":"), default: 0] += weight
      }
      folded.sheets[name]!.cards = weights
    }
    return folded
  }

  /// The product with colour balancing turned off (mtg.wtf's unfolded sheets give showcase
  /// printings other weights, and weighted balancing is not supported yet); what a booster
  /// holds of each rarity and finish does not depend on it.
  func unbalanced(_ product: CompiledBoosterData.Product) -> CompiledBoosterData.Product {
    var copy = product
    for name in copy.sheets.keys { copy.sheets[name]!.balance_colors = nil }
    return copy
  }

  func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 }

  @Test func znrDefaultIsMtgwtfsZnrWithItsShowcasesFolded() throws {
    let (product, cards) = try mtgjson("ZNR")
    let ours = perCard(try expectations(product, cards))
    let theirs = try mtgwtf("znr")
    let folded = perCard(try expectations(foldingShowcases(theirs, onto: product, cards), cards))
    let keys = Set(ours.keys).union(folded.keys)
    let differing = keys.filter { !close(ours[$0] ?? 0, folded[$0] ?? 0) }.sorted()
    #expect(differing.isEmpty, "\(differing.prefix(5).map { "\($0): \(ours[$0] ?? 0) vs \(folded[$0] ?? 0)" })")
    #expect(ours.values.filter { $0 > 0 }.count > 300)
    // Cards per booster: 15, of which a foil in 1 of 3 boosters (27 + 121 of 444 weight).
    #expect(close(ours.values.reduce(0, +), 15))
    #expect(close(ours.filter { $0.key.hasSuffix(":foil") }.values.reduce(0, +), 148.0 / 444))
    // Unfolded, mtg.wtf's showcases take part of their card's share: the regular printing of a
    // card with a showcase printing is less likely there, and the showcase is not in MTGJSON's.
    let unfolded = perCard(try expectations(unbalanced(theirs), cards))
    #expect(ours["znr:63"]! > unfolded["znr:63"]!)
    #expect(ours["znr:281"] ?? 0 == 0 && unfolded["znr:281"]! > 0)
  }

  /// Unfolded, what must agree whatever the printings: the booster variants' probabilities, the
  /// expected rares and mythics, foils and cards per booster; and for znr every rarity (neo's
  /// double-faced sheet mixes commons and uncommons in other proportions in 2023, below).
  @Test(.heavy, arguments: [("ZNR", "znr"), ("NEO", "neo")])
  func raritiesAndFoilsPerBoosterAgree(set: String, code: String) throws {
    let (product, cards) = try mtgjson(set)
    let theirProduct = try mtgwtf(code)
    func byRarity(_ e: Expectations) -> [String: Double] {
      var result: [String: Double] = [:]
      for (ordinal, card) in e.plan.cards.enumerated() {
        result["\(card.rarity)\(e.plan.isFoil(ordinal) ? " foil" : "")", default: 0] += e.cardsPerBoosterByKind[0][ordinal]
      }
      return result
    }
    let a = byRarity(try expectations(unbalanced(product), cards))
    let b = byRarity(try expectations(unbalanced(theirProduct), cards))
    for key in ["rare", "mythic", "common foil", "uncommon foil", "rare foil", "mythic foil"] {
      #expect(close(a[key] ?? 0, b[key] ?? 0), "\(set) \(key): \(a[key] ?? 0) vs \(b[key] ?? 0)")
    }
    #expect(close(a["common", default: 0] + a["uncommon", default: 0], b["common", default: 0] + b["uncommon", default: 0]))
    if set == "ZNR" {
      #expect(close(a["common", default: 0], b["common", default: 0]))
    } else {
      #expect(!close(a["common", default: 0], b["common", default: 0]))
    }
    #expect(close(a["rare", default: 0] + a["mythic", default: 0], 1))
    #expect(close(a.values.reduce(0, +), 15) && close(b.values.reduce(0, +), 15))
    let shares = { (p: CompiledBoosterData.Product) -> [Double] in
      let total = p.boosters.map(\.weight).reduce(0, +)
      return p.boosters.map { $0.weight / total }.sorted()
    }
    #expect(shares(product) == shares(theirProduct))
  }

  /// neo: the rare, common and uncommon sheets agree card by card once showcases are folded;
  /// the land and double-faced sheets do not, because mtg.wtf changed their weights after
  /// MTGJSON's file of February 2022 (lands: every land 1 of 30 there; in 2023 common lands
  /// 1 of 20, basic lands 1 of 60, full-art basic lands still 1 of 30. Double-faced cards: each
  /// common 28/240 and uncommon 9/240 there, 10/116 and 7/116 in 2023). Each of their cards is
  /// drawn once per booster, so its expectation is its share of its sheet in either product.
  @Test func neoAgreesExceptOnItsLandAndDoubleFacedSheets() throws {
    let (product, cards) = try mtgjson("NEO")
    let ours = perCard(try expectations(product, cards))
    let theirProduct = foldingShowcases(try mtgwtf("neo"), onto: product, cards)
    let folded = perCard(try expectations(theirProduct, cards))
    func shares(_ sheet: CompiledBoosterData.Sheet) -> [String: Double] {
      let total = sheet.cards.values.reduce(0, +)
      return sheet.cards.mapValues { $0 / total }
    }
    var ourShares = shares(product.sheets["land"]!)
    ourShares.merge(shares(product.sheets["dfcCommonUncommon"]!)) { a, _ in a }
    var theirShares = shares(theirProduct.sheets["land"]!)
    theirShares.merge(shares(theirProduct.sheets["dfc_common_uncommon"]!)) { a, _ in a }
    #expect(Set(ourShares.keys) == Set(theirShares.keys))
    var agreeing = 0
    var differing = 0
    for key in Set(ours.keys).union(folded.keys) where !key.hasSuffix(":foil") {
      let a = ours[key] ?? 0
      let b = folded[key] ?? 0
      if let ourShare = ourShares[key] {
        #expect(close(a, ourShare) && close(b, theirShares[key]!), "\(key): \(a) vs \(b)")
        if !close(a, b) { differing += 1 }
      } else {
        #expect(close(a, b), "\(key): \(a) vs \(b)")
        if a > 0 { agreeing += 1 }
      }
    }
    #expect(agreeing == 101 + 80 + 77)
    #expect(differing == 20 + 14)
    #expect(close(ours["neo:264"]!, 1.0 / 30) && close(folded["neo:264"]!, 1.0 / 20))
    #expect(close(ours["neo:283"]!, 1.0 / 30) && close(folded["neo:283"]!, 1.0 / 60))
    #expect(close(ours["neo:4"]!, 28.0 / 240) && close(folded["neo:4"]!, 10.0 / 116))
  }

  /// bro: its products draw a retro artifact from brr, which BRO.json does not hold, so they
  /// are refused; the sheets it can resolve are mtg.wtf's, card for card and weight for weight.
  @Test func broNamesCardsOfBrrAndItsOwnSheetsAreMtgwtfs() throws {
    let path = MTGJSONFixtures.gzipped("BRO")
    let error = #expect(throws: DataError.self) { try MTGJSONBoosterImport(path: path).load(["default"]) }
    #expect(error?.description.contains("product bro-default: sheet brrRetroArtifact names 126 cards not in the file (uuid ") == true, "\(error?.description ?? "")")
    // A file of one set: the message says where another set's cards are (the conversion's own
    // verdict that cards are missing, not the message's words, decides).
    #expect(error?.description.hasSuffix("; cards of other sets are in AllPrintings.json") == true)
    let listed = try MTGJSONBoosterImport(path: path).list()
    #expect(listed.count == 2 && listed.allSatisfy { $0.opens.text.hasSuffix("; cards of other sets are in AllPrintings.json") })
    var sets: [MTGJSONSet] = []
    try MTGJSONReader(path: path).read { sets.append($0) }
    let set = try #require(sets.first)
    let keys = MTGJSONBoosterImport.keys(of: set)
    let products = try MTGJSONBoosterProduct.products(from: try #require(set.booster), location: path)
    let theirs = try mtgwtf("bro")
    for (ours, name) in [("common", "common"), ("uncommon", "uncommon"), ("mechBasic", "mech_basic")] {
      var converted: [String: Double] = [:]
      for (uuid, weight) in products["default"]!.sheets[ours]!.cards { converted[try #require(keys[uuid]), default: 0] += weight }
      #expect(converted == theirs.sheets[name]!.cards, "\(ours)")
    }
    let ourWeights = products["default"]!.boosters.map(\.weight).sorted()
    #expect(ourWeights == theirs.boosters.map(\.weight).sorted())
  }
}
