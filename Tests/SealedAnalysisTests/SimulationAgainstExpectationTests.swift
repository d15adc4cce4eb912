import SealedSupport
import SealedCards
import SealedEngine
import SealedAnalysis
import SealedTestSupport
import Testing

/// The engine's counts against the exact expectations of the same plan (`Expectations`).
@Suite struct SimulationAgainstExpectationTests {
  @Test func observedFrequenciesSitOnTheExpectations() throws {
    let plan = try ShippedData.plan("war")
    let e = try Expectations(plan: plan)
    let pools = 200_000
    let tally = Simulation.run(.init(plan: plan, pools: pools, seed: 2024, threads: 2)).tally
    let copies = tally.cardCopies
    for (ordinal, expected) in e.cardsPerPool.enumerated() {
      let mean = expected * Double(pools)
      // Within 5 standard deviations (a binomial bound on a card's copies per pool).
      #expect(abs(Double(copies[ordinal]) - mean) <= 5 * mean.squareRoot() + 1e-9, "\(plan.cards[ordinal].name)")
    }
  }

  @Test func weightedAndAliasSheetsFollowTheirWeights() throws {
    let yaml = """
      name: weighted
      pool: { boosters: 1, mythic_booster: none }
      sheets:
        table: { any: [{ rarity: rare, rate: 2 }, { rarity: mythic, rate: 1 }] }
        alias: { any: [{ rarity: rare, chance: 0.7 }, { rarity: mythic, chance: 0.3 }] }
        distinct: { any: [{ rarity: rare, rate: 1 }, { rarity: mythic, rate: 4 }] }
      slots:
        - { name: a, count: 1, sheet: table }
        - { name: b, count: 1, sheet: alias }
        - { name: c, count: 3, sheet: distinct }
      """
    let plan = try ShippedData.plan("war", yaml: yaml)
    let e = try Expectations(plan: plan)
    let pools = 100_000
    let tally = Simulation.run(.init(plan: plan, pools: pools, seed: 5, threads: 2)).tally
    for (siteIndex, site) in plan.sites.enumerated() {
      let sheet = plan.sheets[site.draw.sheet]
      for (index, ordinal) in sheet.cards.enumerated() {
        let mean = e.siteInclusion[siteIndex][index] * Double(pools)
        let observed = Double(tally.siteCards[siteIndex * plan.cards.count + ordinal])
        #expect(abs(observed - mean) <= 5 * mean.squareRoot(), "\(sheet.name) \(plan.cards[ordinal].name)")
      }
    }
  }
}
