import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedTestSupport
import Testing

/// Every product of the shipped 2025 data against the shipped card data as a user's clone has
/// it (the nine Scryfall sets, then the field's 204): it compiles and simulates, with names or on
/// card keys, or is refused in one line because a colour-balanced sheet lacks its cards' colours
/// or could only be balanced with a negative weight (as mtg.wtf's own balancing refuses).
@Suite struct ShippedProductsTests {
  /// The cards of a set from the shipped data: the nine sets' files first, then the field's.
  final class ShippedSets: @unchecked Sendable {
    let field = FieldCardData(shippedCards: Fixtures.shippedCards)
    var loaded: [String: [Card]] = [:]

    func cards(_ code: String) throws -> [Card] {
      if let cards = loaded[code] { return cards }
      let plain = Fixtures.shippedCardFile(code + ".json")
      let file = FileManager.default.fileExists(atPath: plain) ? plain : field.file(forSet: code)
      let cards = FileManager.default.fileExists(atPath: file) ? try CardDatabase.load(files: [file]).cardsBySet[code] ?? [] : []
      loaded[code] = cards
      return cards
    }
  }

  @Test func everyProductOf2025CompilesAndSimulatesOrIsRefusedInOneLine() throws {
    let sets = ShippedSets()
    var simulated = 0
    var withNames = 0
    var refused: [String] = []
    var negative: [String] = []
    for product in try ShippedData.boosters().products {
      let text = try CompiledBoosterRules.ruleFile([product], name: product.code, source: "test")
      let rules = try RuleSetLoader.parse(text, source: "\(product.code).yaml")
      let code = product.set_code.lowercased()
      var set = CardSet(code: code, cards: try sets.cards(code))
      for other in rules.namedSets(for: code) { set.otherSets[other] = CardSet(code: other, cards: try sets.cards(other)) }
      let plan: BoosterPlan
      switch Result(catching: { () throws(DataError) in try PlanCompiler.compile(rules, for: set) }) {
      case .success(let compiled):
        plan = compiled
      case .failure(let error):
        if error.message.contains("would need a negative weight") {
          negative.append(product.code)
        } else {
          #expect(error.message.contains("is colour-balanced, and ") && error.message.contains("sealed cards fetch"), "\(product.code): \(error)")
        }
        refused.append(product.code)
        continue
      }
      let sizes = Set(product.boosters.map { $0.sheets.values.reduce(0, +) })
      let pools = Simulation.openPools(plan, seed: 1, count: 2)
      #expect(pools.allSatisfy { $0.boosters.allSatisfy { sizes.contains($0.count) } }, "\(product.code)")
      simulated += 1
      if CardDataGaps(plan: plan) == nil { withNames += 1 }
    }
    // The counts docs/rules.md gives. bfz's and ogw's devoid commons are colourless by their
    // colours, and the field data has no colour identity: one colour then has too few cards.
    #expect(simulated + refused.count == 538)
    #expect(simulated == 513 && withNames == 366, "\(simulated) simulate, \(withNames) with names")
    #expect(refused.count == 25, "\(refused)")
    #expect(negative == ["bfz-draft", "ogw-draft"], "\(negative)")
  }
}
