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
@Suite(.heavy) struct ShippedProductsTests {
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

  /// What opening every product of a file on the shipped card data gave.
  struct Opened {
    var simulated = 0
    var withNames = 0
    var refused: [String] = []
    var negative: [String] = []
  }

  /// Compiles every product of `data` on the shipped card data (placeholders where it lacks
  /// cards) and opens two pools of each, whose boosters must have a size the product gives; a
  /// product that cannot be compiled must be refused in one line (a colour-balanced sheet
  /// without colours, or one that would need a negative weight).
  static func openEveryProduct(of data: CompiledBoosterData) throws -> Opened {
    let sets = ShippedSets()
    var opened = Opened()
    for product in data.products {
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
          opened.negative.append(product.code)
        } else {
          #expect(error.message.contains("is colour-balanced, and ") && error.message.contains("sealed cards fetch"), "\(product.code): \(error)")
        }
        opened.refused.append(product.code)
        continue
      }
      let sizes = Set(product.boosters.map { $0.sheets.values.reduce(0, +) })
      let pools = Simulation.openPools(plan, seed: 1, count: 2)
      #expect(pools.count == 2 && pools.allSatisfy { $0.boosters.allSatisfy { sizes.contains($0.count) } }, "\(product.code)")
      opened.simulated += 1
      if CardDataGaps(plan: plan) == nil { opened.withNames += 1 }
    }
    return opened
  }

  @Test(.heavy) func everyProductOf2025CompilesAndSimulatesOrIsRefusedInOneLine() throws {
    let opened = try Self.openEveryProduct(of: ShippedData.boosters())
    let (simulated, withNames, refused, negative) = (opened.simulated, opened.withNames, opened.refused, opened.negative)
    // The counts docs/rules.md gives. bfz's and ogw's devoid commons are colourless by their
    // colours, and the field data has no colour identity: one colour then has too few cards.
    #expect(simulated + refused.count == 538)
    #expect(simulated == 513 && withNames == 366, "\(simulated) simulate, \(withNames) with names")
    #expect(refused.count == 25, "\(refused)")
    #expect(negative == ["bfz-draft", "ogw-draft"], "\(negative)")
  }

  /// The 2023 file (Tests/Fixtures/mtgwtf) on the same card data: 312 of its 329 products
  /// simulate (258 with every card's name), the 17 others are refused in one line (colour-
  /// balanced commons of sets whose data has no colours).
  @Test(.heavy) func everyProductOf2023CompilesAndSimulatesOrIsRefusedInOneLine() throws {
    let opened = try Self.openEveryProduct(of: CompiledBoosterData.read(path: Fixtures.boosters2023))
    #expect(opened.simulated + opened.refused.count == 329)
    #expect(opened.simulated == 312 && opened.withNames == 258, "\(opened.simulated) simulate, \(opened.withNames) with names")
  }
}
