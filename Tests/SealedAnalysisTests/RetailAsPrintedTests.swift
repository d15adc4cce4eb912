import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedTestSupport
import Testing

/// `retail` as printed: foils and colour-balanced commons, held against the oracles of mtg.wtf's
/// published expected values (taw/magic-search-engine's pack specs) and hand calculations.
@Suite struct RetailAsPrintedTests {
  func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool { abs(a - b) <= tolerance }

  /// Expected copies per pack of every card matching `test`, by finish.
  func perPack(_ plan: BoosterPlan, _ e: Expectations, foil: Bool = false, where test: (Card) -> Bool) -> [Double] {
    plan.cards.indices.filter { plan.isFoil($0) == foil && test(plan.cards[$0]) }.map { e.cardsPerBoosterByKind[0][$0] }
  }

  func isWalker(_ card: Card) -> Bool { card.typeLine.contains("Planeswalker") }

  @Test(arguments: ["retail", "mtgwtf"])
  func warOracles(_ rules: String) throws {
    let plan = try ShippedData.plan("war", rules: rules)
    let e = try Expectations(plan: plan)
    let uncommonWalkers = perPack(plan, e) { $0.rarity == .uncommon && isWalker($0) }
    let otherUncommons = perPack(plan, e) { $0.rarity == .uncommon && !isWalker($0) }
    #expect(uncommonWalkers.count == 20 && uncommonWalkers.allSatisfy { close($0, 23.0 / 605) })
    #expect(otherUncommons.count == 60 && otherUncommons.allSatisfy { close($0, 271.0 / 7260) })
    #expect(perPack(plan, e) { $0.rarity == .rare }.allSatisfy { close($0, 2.0 / 121) })
    #expect(perPack(plan, e) { $0.rarity == .mythic }.allSatisfy { close($0, 1.0 / 121) })
    // Commons keep their unbalanced rate exactly: 9 + 31/40 commons a pack over 101.
    let commons = perPack(plan, e) { $0.rarity == .common && !$0.isBasicLand }
    #expect(commons.count == 101 && commons.allSatisfy { close($0, (391.0 / 40) / 101) })
    #expect(perPack(plan, e) { $0.isBasicLand }.allSatisfy { close($0, 1.0 / 15) })
    // A foil in 9/40 of packs: commons and basics 60%, uncommons 25%, rares and mythics 15%
    // (rares twice as likely as mythics), every card of the set's booster range on the sheet.
    let foil = try #require(plan.events.firstIndex { $0.name == "foil" })
    #expect(close(e.eventProbability(foil, kind: 0), 9.0 / 40))
    #expect(plan.cards.count - plan.firstFoilOrdinal == 264)
    let foils = { (rarity: Rarity) in self.perPack(plan, e, foil: true) { $0.rarity == rarity }.reduce(0, +) }
    #expect(close(foils(.common), 9.0 / 40 * 0.60))
    #expect(close(foils(.uncommon), 9.0 / 40 * 0.25))
    #expect(close(foils(.rare), 9.0 / 40 * 0.15 * 106 / 121))
    #expect(close(foils(.mythic), 9.0 / 40 * 0.15 * 15 / 121))
    // mtg.wtf's compiled foil sheet: weights C+basic 5808, U 3509, R 2784, M 1392 of 1,122,880.
    let foilSheet = try #require(plan.sheets.first { $0.name == "foil" })
    for (ordinal, weight) in zip(foilSheet.cards, foilSheet.weights) {
      let compiled: Double = switch plan.cards[ordinal].rarity {
      case .common: 5808
      case .uncommon: 3509
      case .rare: 2784
      default: 1392
      }
      #expect(close(weight / foilSheet.totalWeight, compiled / 1_122_880, 1e-15))
    }
  }

  @Test func importedDomOracles() throws {
    // mtgwtf has no legend events: at most one legendary rare-slot card and one legendary
    // uncommon per pack, so their expected copies per pack are the probabilities.
    let plan = try ShippedData.plan("dom", rules: "mtgwtf")
    let e = try Expectations(plan: plan)
    var legend = CardFilter()
    legend.types = ["legendary", "creature"]
    let rareSlot = perPack(plan, e) { legend.matches($0) && ($0.rarity == .rare || $0.rarity == .mythic) }.reduce(0, +)
    let uncommon = perPack(plan, e) { legend.matches($0) && $0.rarity == .uncommon }.reduce(0, +)
    #expect(close(rareSlot, 36.0 / 121))
    #expect(close(uncommon, 0.75))
  }

  @Test func domOracles() throws {
    let plan = try ShippedData.plan("dom", rules: "retail")
    let e = try Expectations(plan: plan)
    func event(_ name: String) throws -> Int { try #require(plan.events.firstIndex { $0.name == name }) }
    #expect(close(e.eventProbability(try event("legendary_rare_mythic"), kind: 0), 36.0 / 121))
    #expect(close(e.eventProbability(try event("legendary_uncommon"), kind: 0), 0.75))
    #expect(close(e.probability(lane: try event("legendary_creature") + 1, kind: 0) { $0 == 2 }, 0.0475, 1e-4))
    #expect(close(e.probability(lane: try event("legendary_creature") + 1, kind: 0) { $0 == 2 }, 828.0 / 17424))
    // By type words: 14 legendary rares (a legendary artifact creature among them), 8 mythics.
    let legendarySheet = try #require(plan.sheets.first { $0.name == "legendary_rare_mythic" })
    #expect(legendarySheet.cards.filter { plan.cards[$0].rarity == .rare }.count == 14)
    #expect(legendarySheet.cards.filter { plan.cards[$0].rarity == .mythic }.count == 8)
    #expect(legendarySheet.cards.contains { plan.cards[$0].typeLine.hasPrefix("Legendary Artifact Creature") })
    #expect(perPack(plan, e) { $0.rarity == .rare }.allSatisfy { close($0, 2.0 / 121) })
  }

  @Test func m19LandSlotHoldsBasicsAndCommonLandsAlike() throws {
    let plan = try ShippedData.plan("m19", rules: "retail")
    let e = try Expectations(plan: plan)
    let lands = perPack(plan, e) { $0.rarity == .common && $0.typeLine.contains("Land") }
    #expect(lands.count == 30 && lands.allSatisfy { close($0, 1.0 / 30) })
    let commons = perPack(plan, e) { $0.rarity == .common && !$0.typeLine.contains("Land") }
    #expect(commons.count == 101 && commons.allSatisfy { close($0, (391.0 / 40) / 101) })
  }

  @Test(.heavy, arguments: ["war", "dom", "grn", "rna", "m19", "xln", "rix"])
  func everyBoosterHasACommonOfEachColour(_ code: String) throws {
    let plan = try ShippedData.plan(code, rules: "retail")
    var foils = 0
    var boosters = 0
    for pool in Simulation.openPools(plan, seed: 11, count: 400) {
      for booster in pool.boosters {
        boosters += 1
        let commons = booster.filter { $0.slot == "common" && !$0.foil }
        let groups = Set(commons.map { ColorBalance.group(of: $0.card) })
        #expect(groups.isSuperset(of: 0..<5), "\(code): \(commons.map(\.card.name))")
        foils += booster.filter(\.foil).count
      }
    }
    // 2400 boosters with a foil in 9/40 of them: 540 expected, sd 20.
    #expect(abs(Double(foils) - 540) < 100)
  }

  @Test func balancedDrawsKeepEveryCardsRateInTheEngine() throws {
    // Counts from the engine against the exact rate, per colour group, over 300,000 boosters.
    let plan = try ShippedData.plan("war", rules: "retail")
    let e = try Expectations(plan: plan)
    let pools = 50_000
    let tally = Simulation.run(.init(plan: plan, pools: pools, seed: 5, threads: 1)).tally
    let commons = try #require(plan.sheets.first { $0.name == "common" })
    let balance = try #require(commons.balance)
    for group in 0..<6 {
      let members = commons.cards[balance.groupStarts[group]..<balance.groupStarts[group + 1]]
      let observed = members.reduce(0) { $0 + tally.cardCopies[$1] }
      let expected = members.reduce(0.0) { $0 + e.cardsPerPool[$1] } * Double(pools)
      // Poisson-like spread: within 5 standard deviations.
      #expect(abs(Double(observed) - expected) < 5 * expected.squareRoot(), "group \(group): \(observed) vs \(expected)")
    }
  }

  @Test func balancingThatWouldNeedANegativeWeightIsRefused() throws {
    let yaml = """
      name: thin
      pool: { boosters: 6, mythic_booster: none }
      sheets:
        common: { rarity: common, type_excludes: Basic Land, collector_numbers: ["1-85", "110-264"], balanced: true }
      slots:
        - { name: common, count: 10, sheet: common }
      """
    #expect {
      try ShippedData.plan("war", yaml: yaml)
    } throws: { error in
      let text = (error as? DataError)?.description ?? ""
      return text == "test.yaml:6:5: sheet \"common\" cannot be balanced for 10 cards: colour B has 6 of 88 cards, fewer than 1/10 of the sheet, so keeping its cards' rates would need a negative weight"
    }
  }

  @Test func foilCardsShowInOpenedPools() throws {
    let plan = try ShippedData.plan("war", rules: "retail")
    let pools = Simulation.openPools(plan, seed: 2, count: 20)
    let foils = pools.flatMap { $0.boosters.joined() }.filter(\.foil)
    #expect(!foils.isEmpty)
    #expect(foils.allSatisfy { $0.slot == "common" })
  }
}
