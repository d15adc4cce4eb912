import SealedSupport
import SealedCards
import SealedEngine
import SealedTestSupport
import Testing

/// Opened pools obey their rule sets, and runs are reproducible.
@Suite struct EngineTests {
  func isWalker(_ card: Card) -> Bool { card.typeLine.lowercased().contains("planeswalker") }

  @Test func sealedWarPools() throws {
    let plan = try ShippedData.plan("war")
    for pool in Simulation.openPools(plan, seed: 1, count: 200) {
      #expect(pool.boosters.count == 6)
      #expect(pool.boosters.allSatisfy { $0.count == 14 })
      #expect(pool.boosters.joined().filter { $0.card.rarity == .mythic }.count == 1)
      #expect(pool.topCards.count == 6)
      for (index, booster) in pool.boosters.enumerated() {
        #expect(booster.filter { isWalker($0.card) }.count == 1)
        #expect(Set(booster.map(\.card.key)).count == 14)
        #expect(booster.prefix(10).allSatisfy { $0.card.rarity == .common && $0.slot == "common" })
        #expect(booster[10..<13].allSatisfy { $0.card.rarity == .uncommon })
        #expect(booster[13].slot == "rare")
        #expect(booster[13].card.rarity == (index == pool.mythicBooster ? .mythic : .rare))
        // The walker is the last uncommon or the rare.
        #expect(isWalker(booster[12].card) || isWalker(booster[13].card))
      }
    }
  }

  @Test func sealedDominariaAndRavnicaQuirks() throws {
    let dom = try ShippedData.plan("dom")
    for pool in Simulation.openPools(dom, seed: 2, count: 50) {
      for booster in pool.boosters {
        let legendaryUncommons = booster.filter { $0.card.rarity == .uncommon && $0.card.typeLine.lowercased().contains("legendary") }
        #expect(legendaryUncommons.count == 1)
        #expect(booster[12].card.typeLine.lowercased().contains("legendary"))
      }
    }
    for code in ["grn", "rna"] {
      let plan = try ShippedData.plan(code)
      for pool in Simulation.openPools(plan, seed: 3, count: 50) {
        for booster in pool.boosters {
          #expect(booster.count == 15)
          #expect(booster[14].card.name.contains("Guildgate"))
          #expect(booster.prefix(14).allSatisfy { !$0.card.name.contains("Guildgate") })
        }
      }
    }
  }

  @Test func retailPacksLookReal() throws {
    for (code, rules) in [("war", "retail"), ("war", "retail-lethe"), ("dom", "retail"), ("dom", "retail-lethe"), ("m19", "retail"), ("xln", "retail"), ("rix", "retail")] {
      let plan = try ShippedData.plan(code, rules: rules)
      for pool in Simulation.openPools(plan, seed: 4, count: 30) {
        #expect(pool.mythicBooster == nil)
        for booster in pool.boosters {
          #expect(booster.count == 15)
          // m19's land slot holds a basic land or one of the ten common lands.
          #expect(booster[14].card.isBasicLand || (code == "m19" && booster[14].card.typeLine.contains("Land")))
          #expect([Rarity.rare, .mythic].contains(booster[13].card.rarity))
          // A foil may repeat a card of its booster; each finish is there once.
          #expect(Set(booster.map { FinishKey(key: $0.card.key, foil: $0.foil) }).count == 15)
          if code == "war" { #expect(booster.filter { isWalker($0.card) && !$0.foil }.count == 1) }
        }
      }
    }
    for code in ["grn", "rna"] {
      let plan = try ShippedData.plan(code, rules: "retail")
      for pool in Simulation.openPools(plan, seed: 5, count: 30) {
        #expect(pool.boosters.allSatisfy { $0[14].card.name.contains("Guildgate") && $0[14].slot == "land" })
      }
    }
  }

  @Test(.heavy) func theSameSeedGivesTheSamePools() throws {
    let plan = try ShippedData.plan("war", rules: "retail")
    let a = Simulation.openPools(plan, seed: 99, count: 5000).map { $0.boosters.map { $0.map(\.card.key) } }
    let b = Simulation.openPools(plan, seed: 99, count: 5000).map { $0.boosters.map { $0.map(\.card.key) } }
    let c = Simulation.openPools(plan, seed: 100, count: 5000).map { $0.boosters.map { $0.map(\.card.key) } }
    #expect(a == b)
    #expect(a != c)
  }

  @Test(arguments: ["sealed", "retail"])
  func tallyIsTheSameForAnyThreadCountAndShardSplit(_ rules: String) throws {
    let plan = try ShippedData.plan("war", rules: rules)
    let pools = 3 * Simulation.chunkPools + 123
    func run(threads: Int, shard: Simulation.Shard = .whole) -> SimulationTally {
      Simulation.run(.init(plan: plan, pools: pools, seed: 42, threads: threads, shard: shard)).tally
    }
    let one = run(threads: 1)
    #expect(one.pools == pools)
    #expect(run(threads: 2) == one)
    #expect(run(threads: 5) == one)
    var merged = run(threads: 1, shard: .init(index: 1, count: 3))
    merged.add(run(threads: 2, shard: .init(index: 2, count: 3)))
    merged.add(run(threads: 1, shard: .init(index: 3, count: 3)))
    #expect(merged == one)
  }

  @Test(.heavy) func tallyCountsWhatTheOpenedPoolsHold() throws {
    let plan = try ShippedData.plan("war")
    let pools = Simulation.openPools(plan, seed: 8, count: 300)
    let tally = Simulation.run(.init(plan: plan, pools: 300, seed: 8, threads: 1)).tally
    var copies = [Int](repeating: 0, count: plan.cards.count)
    for card in pools.flatMap({ $0.boosters.joined() }) {
      copies[plan.cards.firstIndex { $0.key == card.card.key }!] += 1
    }
    #expect(tally.cardCopies == copies)
    #expect(tally.boosters == 1800)
    #expect(tally.duplicateBoosters == 0)
    #expect(tally.poolMythics[1] == 300)
    let positions = (0..<6).map { index in pools.filter { $0.mythicBooster == index }.count }
    #expect(tally.mythicPositions == positions)
  }

  @Test(arguments: ["sealed", "retail"])
  func laneHistogramsCountWhatTheOpenedBoostersHold(_ rules: String) throws {
    // Mythics (lane 0) and every event (lane i + 1) per booster, counted from the opened pools:
    // under retail the rare slot is partly mythic, so its boosters are counted card by card.
    let plan = try ShippedData.plan("war", rules: rules)
    let count = 500
    let tally = Simulation.run(.init(plan: plan, pools: count, seed: 4, threads: 1)).tally
    var histograms = [Int](repeating: 0, count: tally.laneHistograms.count)
    var poolMythics = [Int](repeating: 0, count: tally.poolMythics.count)
    let index = Dictionary(uniqueKeysWithValues: plan.cards.enumerated().map { (FinishKey(key: $1.key, foil: plan.isFoil($0)), $0) })
    for pool in Simulation.openPools(plan, seed: 4, count: count) {
      var mythicsInPool = 0
      for (position, booster) in pool.boosters.enumerated() {
        let kind = pool.mythicBooster == nil || pool.mythicBooster == position ? 0 : 1
        let cards = booster.map { index[FinishKey(key: $0.card.key, foil: $0.foil)]! }
        let mythics = cards.filter { plan.cards[$0].rarity == .mythic }.count
        mythicsInPool += mythics
        histograms[kind * plan.laneCount * (plan.maxBoosterSize + 1) + mythics] += 1
        for (event, definition) in plan.events.enumerated() {
          let n = cards.filter { definition.cards.contains($0) }.count
          histograms[(kind * plan.laneCount + event + 1) * (plan.maxBoosterSize + 1) + n] += 1
        }
      }
      poolMythics[mythicsInPool] += 1
    }
    #expect(!plan.events.isEmpty)
    let sameHistograms = tally.laneHistograms == histograms
    #expect(sameHistograms)
    #expect(tally.poolMythics == poolMythics)
  }

  @Test func unequalPositionWeightsStillGiveEveryPoolItsMythicBooster() throws {
    let yaml = """
      name: late-mythic
      pool: { boosters: 6, mythic_booster: one, position_weights: [1, 1, 1, 1, 1, 2] }
      sheets:
        common: { rarity: common, type_excludes: Basic Land }
        rare: { rarity: rare }
        mythic: { rarity: mythic }
      slots:
        - { name: common, count: 10, sheet: common }
        - { name: rare, count: 1, sheet: { mythic_booster: mythic, otherwise: rare } }
      """
    let plan = try ShippedData.plan("war", yaml: yaml)
    let pools = 70_000
    let tally = Simulation.run(.init(plan: plan, pools: pools, seed: 3, threads: 2)).tally
    #expect(tally.poolMythics[1] == pools)
    #expect(tally.boostersByKind[0] == pools)
    #expect(tally.mythicPositions.reduce(0, +) == pools)
    // Position 6 holds the mythic booster in 2/7 of pools (sd about 120 pools).
    #expect(abs(Double(tally.mythicPositions[5]) - Double(pools) * 2 / 7) < 5 * 120)
    #expect(Simulation.openPools(plan, seed: 3, count: 200).allSatisfy { $0.mythicBooster != nil })
  }

  @Test(.heavy) func aPlanWithEveryKindOfDrawIsReproducibleAndTalliesItsPools() throws {
    // Alias and weighted-distinct sheets (the general path), a mythic booster at unequal
    // positions, a variant, cards that can repeat and an event partly inside a sheet.
    let yaml = """
      name: mixed
      pool: { boosters: 6, mythic_booster: one, position_weights: [1, 1, 1, 1, 1, 2] }
      sheets:
        common: { rarity: common, type_excludes: Basic Land }
        uncommon: { rarity: uncommon }
        alias: { any: [{ rarity: rare, chance: 0.7 }, { rarity: mythic, chance: 0.3 }] }
        distinct: { any: [{ rarity: rare, rate: 1 }, { rarity: mythic, rate: 4 }] }
        mythic: { rarity: mythic }
      slots:
        - { name: common, count: 10, sheet: common }
        - { name: uncommon, count: 2, sheet: uncommon }
        - { name: rare, count: 1, sheet: { mythic_booster: mythic, otherwise: alias } }
      variants:
        - { name: plain, weight: 3 }
        - { name: doubled, weight: 1, replace: [{ slot: uncommon, count: 2, sheet: distinct }] }
      events:
        walker: { type_contains: planeswalker, given: [any] }
      """
    let plan = try ShippedData.plan("war", yaml: yaml)
    let count = 2 * Simulation.chunkPools + 77
    let one = Simulation.run(.init(plan: plan, pools: count, seed: 11, threads: 1)).tally
    #expect(Simulation.run(.init(plan: plan, pools: count, seed: 11, threads: 2)).tally == one)
    let pools = Simulation.openPools(plan, seed: 11, count: count)
    var copies = [Int](repeating: 0, count: plan.cards.count)
    var repeats = 0
    for pool in pools {
      for booster in pool.boosters {
        for entry in booster { copies[plan.cards.firstIndex { $0.key == entry.card.key }!] += 1 }
        if Set(booster.map(\.card.key)).count < booster.count { repeats += 1 }
      }
    }
    #expect(one.cardCopies == copies)
    #expect(one.duplicateBoosters == repeats)
    #expect(repeats > 0)
    #expect(one.poolMythics[0] == 0)
    #expect(one.boostersByKind[0] == count)
  }

  @Test func duplicatesAreCountedWhenTheRulesAllowThem() throws {
    let yaml = """
      name: repeats
      pool: { boosters: 6, mythic_booster: none }
      sheets:
        uncommon: { rarity: uncommon }
      slots:
        - { name: uncommon, count: 10, sheet: uncommon, distinct: false }
      """
    let plan = try ShippedData.plan("war", yaml: yaml)
    let tally = Simulation.run(.init(plan: plan, pools: 2000, seed: 1, threads: 2)).tally
    // P(no repeat among 10 picks from 80) = 80!/70!/80^10, about 0.55.
    let noRepeat = (0..<10).reduce(1.0) { $0 * Double(80 - $1) / 80 }
    let expected = Double(tally.boosters) * (1 - noRepeat)
    #expect(abs(Double(tally.duplicateBoosters) - expected) < 5 * (expected * noRepeat).squareRoot())
    // Exactly the boosters of the same pools that hold a card twice, each once however many
    // cards it repeats (many repeat two or more: the count stops at the first).
    let boosters = Simulation.openPools(plan, seed: 1, count: 2000).flatMap(\.boosters)
    let repeated = boosters.map { $0.count - Set($0.map(\.card.key)).count }
    #expect(tally.duplicateBoosters == repeated.filter { $0 > 0 }.count)
    #expect(repeated.filter { $0 > 1 }.count > 100)
  }
}

/// A card and its finish.
struct FinishKey: Hashable {
  var key: CardKey
  var foil: Bool
}
