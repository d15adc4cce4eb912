import SealedSupport
import SealedRules
import SealedAnalysis
import SealedTestSupport
import Testing

/// Analytic expectations against hand calculations.
@Suite struct ExpectationTests {
  func card(_ plan: BoosterPlan, _ name: String) throws -> Int {
    try #require(plan.cards.firstIndex { $0.name == name })
  }

  func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool { abs(a - b) <= tolerance }

  /// What the data decides exactly is printed exactly: retail war's foil event is 9/40 (a foil
  /// variant of weight 9 beside 31), which summing the lane distribution's terms gave as
  /// 0.2249999999999999, and its planeswalker event is certain (it gave 0.9999999999999984).
  /// The exact value is the double nearest the fraction (9/40 computed as 9.0 / 40.0).
  @Test func eventsTheDataDecidesAreExact() throws {
    let plan = try ShippedData.plan("war", rules: "retail")
    let expectations = try Expectations(plan: plan)
    let event = { (name: String) in try #require(plan.events.firstIndex { $0.name == name }) }
    #expect(expectations.eventProbability(try event("foil"), kind: nil) == 9.0 / 40.0)
    #expect(expectations.eventProbability(try event("planeswalker"), kind: 0) == 1.0)
    // Under sealed, two kinds of booster and probabilities written as decimals: the uncommon
    // planeswalker is 39/50 in a non-mythic booster, 23/25 in the mythic one, (23/25 + 5 ·
    // 39/50) / 6 = 241/300 in any; every booster has exactly one planeswalker.
    let sealed = try ShippedData.plan("war")
    let sealedExpectations = try Expectations(plan: sealed)
    let uncommon = try #require(sealed.events.firstIndex { $0.name == "planeswalker_uncommon" })
    #expect(sealedExpectations.eventProbability(uncommon, kind: 1) == 39.0 / 50.0)
    #expect(sealedExpectations.eventProbability(uncommon, kind: 0) == 23.0 / 25.0)
    #expect(sealedExpectations.eventProbability(uncommon, kind: nil) == 241.0 / 300.0)
    let walker = try #require(sealed.events.firstIndex { $0.name == "planeswalker" })
    #expect(sealedExpectations.eventProbability(walker, kind: nil) == 1)
  }

  /// Probabilities that add up to 1 only within rounding (three thirds written to ten places)
  /// are not exact: the lane distribution's sum stands.
  @Test func probabilitiesAddingUpToOneOnlyWithinRoundingAreNotExact() throws {
    let yaml = """
      name: thirds
      pool: { boosters: 6, mythic_booster: none }
      sheets:
        common: { rarity: common, type_excludes: Basic Land }
        uncommon: { rarity: uncommon }
      slots:
        - { name: common, count: 2, sheet: common }
      variants:
        - { name: none, probability: 0.3333333333 }
        - { name: one, probability: 0.3333333333, replace: [{ slot: common, count: 1, sheet: uncommon }] }
        - { name: two, probability: 0.3333333334, replace: [{ slot: common, count: 2, sheet: uncommon }] }
      events:
        uncommon: { sheet: uncommon, given: [any] }
      """
    let exact = try ShippedData.plan("war", yaml: yaml)
    #expect(exact.exactCombinationShares != nil)
    let rounded = try ShippedData.plan("war", yaml: yaml.replacingOccurrences(of: "0.3333333334", with: "0.3333333333"))
    #expect(rounded.exactCombinationShares == nil)
    let event = try #require(rounded.events.firstIndex { $0.name == "uncommon" })
    #expect(try Expectations(plan: rounded).exactEventProbabilities[event] == nil)
    #expect(try Expectations(plan: exact).exactEventProbabilities[event] == 0.6666666667)
  }

  @Test func sealedWarUncommonPlaneswalkerPerPool() throws {
    let plan = try ShippedData.plan("war")
    let expectations = try Expectations(plan: plan)
    // Five non-mythic boosters at 0.78 and one mythic booster at 0.92, over 20 uncommon walkers.
    let expected = (5 * 0.78 + 0.92) / 20
    #expect(close(expected, 0.241))
    #expect(close(expectations.cardsPerPool[try card(plan, "Vraska, Swarm's Eminence")], expected))
  }

  @Test func sealedWarOtherCardsPerPool() throws {
    let plan = try ShippedData.plan("war")
    let e = try Expectations(plan: plan)
    // Commons: 10 of 101 in each of 6 boosters.
    #expect(close(e.cardsPerPool[try card(plan, "Prismite")], 60.0 / 101))
    // Non-planeswalker uncommons: 2 of 60 when the walker is uncommon, else 3 of 60.
    let uncommon = 5 * (0.78 * 2 + 0.22 * 3) / 60 + (0.92 * 2 + 0.08 * 3) / 60
    #expect(close(e.cardsPerPool[try card(plan, "Ajani's Pridemate")], uncommon))
    // Rare walkers: 0.22 in each non-mythic booster, over 13.
    #expect(close(e.cardsPerPool[try card(plan, "Karn, the Great Creator")], 5 * 0.22 / 13))
    // Mythic walkers: 0.08 in the mythic booster, over 3; other mythics 0.92 over 12.
    #expect(close(e.cardsPerPool[try card(plan, "Gideon Blackblade")], 0.08 / 3))
    #expect(close(e.cardsPerPool[try card(plan, "Finale of Glory")], 0.92 / 12))
    // Basic lands never appear.
    #expect(e.cardsPerPool[try card(plan, "Forest")] == 0)
    // Exactly one mythic per pool, at a uniform position.
    #expect(e.poolMythics[1] == 1)
    #expect(e.mythicPositions.allSatisfy { close($0, 1.0 / 6) })
  }

  @Test func sealedWarEventsAndSlots() throws {
    let plan = try ShippedData.plan("war")
    let e = try Expectations(plan: plan)
    let uncommonWalker = try #require(plan.events.firstIndex { $0.name == "planeswalker_uncommon" })
    #expect(close(e.eventProbability(uncommonWalker, kind: 1), 0.78))
    #expect(close(e.eventProbability(uncommonWalker, kind: 0), 0.92))
    let walker = try #require(plan.events.firstIndex { $0.name == "planeswalker" })
    #expect(close(e.probability(lane: walker + 1, kind: nil) { $0 == 1 }, 1))
    let rareSlot = try #require(plan.slots.firstIndex { $0.name == "rare" })
    let rarities = e.slotRarityPerPool(slot: rareSlot)
    #expect(close(rarities[.rare]!, 5))
    #expect(close(rarities[.mythic]!, 1))
  }

  @Test func retailWarRareSheet() throws {
    let plan = try ShippedData.plan("war", rules: "retail")
    let e = try Expectations(plan: plan)
    // Every rare 2/121 per pack, every mythic 1/121, walkers included.
    for name in ["Karn, the Great Creator", "Bolas's Citadel"] {
      #expect(close(e.cardsPerBoosterByKind[0][try card(plan, name)], 2.0 / 121))
    }
    for name in ["Gideon Blackblade", "Finale of Glory"] {
      #expect(close(e.cardsPerBoosterByKind[0][try card(plan, name)], 1.0 / 121))
    }
    // A mythic in the rare slot of 15/121 of packs, and a foil mythic in 9/40 x 15% x 15/121
    // of them (mythics are 15 of the 121 entries of the foil sheet's rare part); mythics per
    // pool: the sum of six boosters' counts.
    let p = 15.0 / 121
    let q = 9.0 / 40 * 0.15 * 15 / 121
    let perBooster = [(1 - p) * (1 - q), p * (1 - q) + (1 - p) * q, p * q]
    #expect(close(e.laneDistributions[0][0][0], perBooster[0]))
    #expect(close(e.laneDistributions[0][0][1], perBooster[1]))
    #expect(close(e.laneDistributions[0][0][2], perBooster[2]))
    #expect(close(e.poolMythics[0], pow(perBooster[0], 6)))
    #expect(close(e.poolMythics[1], 6 * perBooster[1] * pow(perBooster[0], 5)))
    // The walker is uncommon in 92 of 121 packs; exactly one walker per pack.
    let uncommonWalker = try #require(plan.events.firstIndex { $0.name == "planeswalker_uncommon" })
    #expect(close(e.eventProbability(uncommonWalker, kind: 0), 92.0 / 121))
    let walker = try #require(plan.events.firstIndex { $0.name == "planeswalker" })
    #expect(close(e.probability(lane: walker + 1, kind: 0) { $0 == 1 }, 1))
    // Basic lands 1/15 per pack.
    #expect(close(e.cardsPerBoosterByKind[0][try card(plan, "Forest")] * 3, 3.0 / 15))
  }

  @Test func retailLetheAndDominaria() throws {
    let war = try ShippedData.plan("war", rules: "retail-lethe")
    let warEvents = try Expectations(plan: war)
    let walker = try #require(war.events.firstIndex { $0.name == "planeswalker_uncommon" })
    #expect(close(warEvents.eventProbability(walker, kind: 0), 0.75))

    let dom = try ShippedData.plan("dom", rules: "retail")
    let domEvents = try Expectations(plan: dom)
    let legend = try #require(dom.events.firstIndex { $0.name == "legendary_uncommon" })
    #expect(close(domEvents.eventProbability(legend, kind: 0), (828.0 + 12240) / 17424))
    #expect(close(domEvents.eventProbability(legend, kind: 0), 0.75))

    let sealed = try ShippedData.plan("dom")
    let sealedEvents = try Expectations(plan: sealed)
    let legendary = try #require(sealed.events.firstIndex { $0.name == "legendary_uncommon" })
    #expect(close(sealedEvents.eventProbability(legendary, kind: nil), 1))
  }

  @Test func ravnicaGuildgates() throws {
    for code in ["grn", "rna"] {
      let plan = try ShippedData.plan(code)
      #expect(plan.maxBoosterSize == 15)
      let e = try Expectations(plan: plan)
      let gates = plan.cards.indices.filter { plan.cards[$0].name.contains("Guildgate") }
      #expect(gates.count == 10)
      #expect(gates.allSatisfy { close(e.cardsPerPool[$0], 0.6) })
      let retail = try ShippedData.plan(code, rules: "retail")
      let r = try Expectations(plan: retail)
      #expect(gates.allSatisfy { close(r.cardsPerBoosterByKind[0][$0], 0.1) })
    }
  }

  @Test func successiveSamplingMatchesTheHypergeometricAndBruteForce() throws {
    // Uniform sheet: 10 distinct of 101 with 15 mythic-like members.
    let yaml = """
      name: t
      pool: { boosters: 1, mythic_booster: none }
      sheets:
        weighted:
          rarity: [rare, mythic]
          weights: [{ rarity: mythic, weight: 3 }]
      slots:
        - { name: r, count: 3, sheet: weighted }
      """
    let plan = try ShippedData.plan("war", yaml: yaml)
    let e = try Expectations(plan: plan)
    // Brute force over ordered triples of distinct cards drawn in proportion to weight.
    let sheet = plan.sheets[0]
    let weights = sheet.weights
    let total = weights.reduce(0, +)
    var inclusion = [Double](repeating: 0, count: weights.count)
    var mythicCount = [Double](repeating: 0, count: 4)
    for a in weights.indices {
      let pa = weights[a] / total
      for b in weights.indices where b != a {
        let pb = weights[b] / (total - weights[a])
        for c in weights.indices where c != a && c != b {
          let pc = weights[c] / (total - weights[a] - weights[b])
          let p = pa * pb * pc
          inclusion[a] += p
          inclusion[b] += p
          inclusion[c] += p
          let mythics = [a, b, c].filter { weights[$0] == 3 }.count
          mythicCount[mythics] += p
        }
      }
    }
    for (index, ordinal) in sheet.cards.enumerated() {
      #expect(close(e.cardsPerPool[ordinal], inclusion[index], 1e-12))
    }
    for n in 0...3 { #expect(close(e.laneDistributions[0][0][n], mythicCount[n], 1e-12)) }
  }
}

import Foundation
