@testable import SealedSupport
@testable import SealedRules
@testable import SealedEngine
import SealedTestSupport
import Testing

/// The engine's exact integer arithmetic: choices as digits over integer weights, batches of
/// digits from one random number, and the two ways of running a pool's batches.
@Suite struct EngineInternalsTests {
  @Test func decimalProbabilitiesBecomeTheirExactFractions() {
    // war's planeswalker variants: 0.78 = 39/50 and 0.22 = 11/50.
    #expect(IntegerWeights([0.78, 0.22]) == IntegerWeights(weights: [39, 11], denominator: 50))
    // Weights need not sum to 1: retail dom's three variants (36 x 121, 36 x 23, 85 x 144).
    #expect(IntegerWeights([4356, 828, 12240]) == IntegerWeights(weights: [121, 23, 340], denominator: 484))
    #expect(IntegerWeights([1, 1, 1]) == IntegerWeights(weights: [1, 1, 1], denominator: 3))
    #expect(IntegerWeights([0, 1]) == IntegerWeights(weights: [0, 1], denominator: 1))
    #expect(IntegerWeights([0.5, 0.25, 0.25]).thresholds == [2, 3])
    #expect(IntegerWeights([2, 2, 2, 2, 2, 2]).digitIsChoice)
    #expect(!IntegerWeights([1, 1, 1, 1, 1, 2]).digitIsChoice)
  }

  @Test func otherProbabilitiesAreRoundedToTwoToTheMinus48() {
    let weights = IntegerWeights([0.1234567890123, 1 - 0.1234567890123])
    #expect(weights.denominator == 1 << 48)
    #expect(weights.weights.reduce(0, +) == 1 << 48)
    // The rounding is within one unit of 2⁻⁴⁸.
    #expect(abs(Double(weights.weights[0]) - 0.1234567890123 * 0x1p48) <= 1)
  }

  @Test func kindsShareOneDenominator() {
    // war's mythic booster (0.92 / 0.08 = 23/25, 2/25) and the others (39/50, 11/50).
    let common = IntegerWeights.common([[0.92, 0.08], [0.78, 0.22]])
    #expect(common == [
      IntegerWeights(weights: [46, 4], denominator: 50), IntegerWeights(weights: [39, 11], denominator: 50),
    ])
    // One vector without a small fraction puts every vector on 2⁴⁸.
    let rounded = IntegerWeights.common([[0.5, 0.5], [0.1234567890123, 1 - 0.1234567890123]])
    #expect(rounded.map(\.denominator) == [1 << 48, 1 << 48])
    #expect(rounded[0].weights == [1 << 47, 1 << 47])
  }

  @Test func batchesHoldWhatFitsIn60BitsAndRejectTheRemainder() {
    let ranges: [UInt64] = [101, 100, 99, 98, 97, 96, 95, 94, 93, 92, 60, 59, 20, 12]
    let batches = EngineTables.batchBounds(ranges)
    #expect(batches.map { [$0.start, $0.end] } == [[0, 9], [9, 14]])
    for batch in batches {
      let product = ranges[batch.start..<batch.end].reduce(1, *)
      #expect(batch.product == product)
      // 2⁶⁴ mod product, computed in 128 bits.
      #expect(batch.threshold == UInt64(((UInt128(1) << 64) % UInt128(product))))
      // At most 2⁶⁰, and one more range would not fit.
      #expect(product <= 1 << 60)
      if batch.end < ranges.count {
        let (next, overflow) = product.multipliedReportingOverflow(by: ranges[batch.end])
        #expect(overflow || next > 1 << 60)
      }
    }
  }

  @Test func aPoolsChoicesShareRandomNumbers() {
    // war sealed: the position (6) and six combinations (50 each) fit in one number.
    let one = EngineTables.poolBatches(boosters: 6, positionRange: 6, combinationRange: 50)
    #expect(one.map(\.starts) == [true, false, false, false, false, false, false])
    #expect(one[0].product == 6 * 50 * 50 * 50 * 50 * 50 * 50)
    // Rounded probabilities take a number each.
    let each = EngineTables.poolBatches(boosters: 3, positionRange: 1, combinationRange: 1 << 48)
    #expect(each.map(\.starts) == [true, false, true, true])
    #expect(each[0].product == 1 << 48)
    #expect(each[2].threshold == 0)
  }

  @Test func theEngineLayoutIsAPageOffsetThatDependsOnlyOnThePlan() throws {
    for (set, rules) in [("war", "sealed"), ("grn", "sealed"), ("war", "retail")] {
      let tables = EngineTables(plan: try ShippedData.plan(set, rules: rules))
      let offset = EngineLayout.blockOffset(tables: tables, picksOffset: 1024, pickStride: 24)
      #expect(offset >= 0 && offset < EngineLayout.pageSize && offset % EngineLayout.step == 0)
      #expect(EngineLayout.blockOffset(tables: tables, picksOffset: 1024, pickStride: 24) == offset)
    }
  }

  @Test func drawingWithoutCountingDependsOnTheSeed() throws {
    let sampler = PoolSampler(plan: try ShippedData.plan("war"))
    func checksum(_ seed: UInt64) -> UInt64 {
      sampler.resetPermutations()
      var rng = Xoshiro256StarStar(seed: seed)
      return sampler.generateUntallied(pools: 100, using: &rng)
    }
    #expect(checksum(1) == checksum(1))
    #expect(checksum(1) != checksum(2))
    #expect(sampler.tally.pools == 0)
  }

  @Test(arguments: [("war", "sealed"), ("grn", "sealed"), ("war", "retail")])
  func theDirectBatchLoopAndBoosterByBoosterDrawTheSameCards(_ set: String, _ rules: String) throws {
    let both = BothWays(try ShippedData.plan(set, rules: rules), seed: 7, opened: 0, pools: 5000)
    #expect(both.sameTallies)
    #expect(both.sameStream)
  }

  @Test(arguments: [false, true])
  func segmentsOfSeveralCardsDrawTheSameCardsBothWays(_ byAlias: Bool) throws {
    // Three distinct cards of a weight table or an alias table (`SeveralCardsSheet`): the
    // direct loop and the booster-by-booster path both run the segment of several cards.
    let both = BothWays(try SeveralCardsSheet.plan(byAlias: byAlias), seed: 6, opened: 200, pools: 3000)
    #expect(both.sameCards)
    #expect(both.sameTallies)
    #expect(both.sameStream)
    #expect(both.opened.allSatisfy { $0.boosters.allSatisfy { Set($0.map(\.card.key)).count == 3 } })
  }

  @Test func longBatchesAndManyVariantsDrawTheSameCardsBothWays() throws {
    // 15 repeating picks from the 15 mythics fit one 64-bit number (15^15 < 2^60), longer than
    // the batches the direct loop writes out; three variants take the general choice.
    let plan = try ShippedData.plan("war", yaml: LongBatchesRules.yaml(distinctMythics: false))
    let tables = EngineTables(plan: plan)
    #expect(tables.allProgramsUsePicks)
    #expect(tables.batches.elements.contains { $0.pickEnd - $0.pickStart > Int32(PoolEngine.unrolledPicks) })
    #expect(tables.combinationCount == 3)
    let both = BothWays(plan, seed: 5, opened: 50, pools: 3000)
    #expect(both.sameCards)
    #expect(both.sameTallies)
    #expect(both.sameStream)
    #expect(both.tally.combinations.allSatisfy { $0 > 0 })
    #expect(both.opened.allSatisfy { $0.boosters.allSatisfy { $0.count == 18 } })
  }

  @Test func everyBatchLengthDrawsTheSameCardsBothWays() throws {
    // k repeating picks from the 15 mythics, then 10 commons and 3 uncommons: as k goes from
    // 1 to 15 the batches take every length from 1 to 15, so each straight-line kernel of the
    // direct loop and its loop for longer batches meet the booster-by-booster path.
    var lengths = Set<Int>()
    for k in 1...15 {
      let yaml = """
        name: lengths
        pool: { boosters: 6, mythic_booster: none }
        sheets:
          common: { rarity: common, type_excludes: Basic Land }
          uncommon: { rarity: uncommon }
          mythic: { rarity: mythic }
        slots:
          - { name: mythic, count: \(k), sheet: mythic, distinct: false }
          - { name: common, count: 10, sheet: common }
          - { name: uncommon, count: 3, sheet: uncommon }
        """
      let plan = try ShippedData.plan("war", yaml: yaml)
      lengths.formUnion(EngineTables(plan: plan).batches.elements.map { Int($0.pickEnd - $0.pickStart) })
      let both = BothWays(plan, seed: UInt64(k), opened: 20, pools: 200)
      #expect(both.sameCards, "\(k) mythics")
      #expect(both.sameTallies, "\(k) mythics")
      #expect(both.sameStream, "\(k) mythics")
    }
    #expect(lengths.isSuperset(of: 1...(PoolEngine.unrolledPicks + 1)), "batch lengths \(lengths.sorted())")
  }

  @Test func repeatedPicksDrawTheSameCardsInRegistersAsPickByPick() throws {
    // A theme booster's shape: 24 commons and 10 uncommons that may repeat, one distinct rare;
    // with the rare from a weighted sheet some programs take the general path, whose batches of
    // repeated picks run as the direct loop's do. Every batch of repeated picks is flagged.
    let yaml = """
      name: theme-like
      pool: { boosters: 6, mythic_booster: none }
      sheets:
        common: { rarity: common, type_excludes: Basic Land }
        uncommon: { rarity: uncommon }
        rare: { rarity: rare }
        rare_mythic: { any: [{ rarity: rare, rate: 2 }, { rarity: mythic, rate: 1 }] }
      slots:
        - { name: common, count: 24, sheet: common, distinct: false }
        - { name: uncommon, count: 10, sheet: uncommon, distinct: false }
        - { name: rare, count: 1, sheet: rare }
      variants:
        - { name: plain, weight: 3 }
        - { name: two, weight: 1, replace: [{ slot: uncommon, count: 2, sheet: rare_mythic }] }
      """
    let plan = try ShippedData.plan("war", yaml: yaml)
    let tables = EngineTables(plan: plan)
    let engine = PoolEngine(tables: tables)
    let flagged = (0..<tables.batches.count).filter { engine.boundBatches[$0].run & PoolEngine.repeatRunFlag != 0 }
    #expect(flagged.count >= 4, "batches of repeated picks: \(flagged.count)")
    let both = BothWays(plan, seed: 9, opened: 30, pools: 2000)
    #expect(both.sameCards)
    #expect(both.sameTallies)
    #expect(both.sameStream)
    #expect(both.opened.allSatisfy { $0.boosters.allSatisfy { $0.count == 35 } })
  }

  @Test func tablesReadFromATemporaryAreTheTablesBuilt() throws {
    // Each buffer is owned by its tables and cannot be copied out of them, so reading one from
    // temporary tables keeps them alive for the read (no withExtendedLifetime). When the
    // buffers were bare pointers, such a read could come after the tables were freed and see
    // memory that the next allocations reused; the temporaries here are freed one after another.
    let plan = try ShippedData.plan("war", rules: "retail")
    let kept = EngineTables(plan: plan)
    func summary(_ batches: [EngineTables.Batch]) -> [UInt64] {
      batches.flatMap { [UInt64($0.pickStart), UInt64($0.pickEnd), $0.product, $0.threshold] }
    }
    let expected = summary(kept.batches.elements)
    #expect(expected.count >= 8)
    for _ in 0..<4 {
      #expect(summary(EngineTables(plan: plan).batches.elements) == expected)
      #expect(EngineTables(plan: plan).programs[0].batchStart == kept.programs[0].batchStart)
      #expect(EngineTables(plan: plan).cardArrays.withUnsafeBufferPointer { Array($0) } == kept.cardArrays.elements)
    }
  }

  @Test func theSameSeedStillGivesTheSamePools() throws {
    // Pinned when the engine's stream was defined (generator version 2): the first war sealed
    // pool of seed 1, as `sealed open war --seed 1` shows it, and a checksum of the next 1,000
    // pools' programs and of the sheets' order after them. Any change to the order or number of
    // random draws changes these, and must come with a new `Simulation.generatorVersion`.
    let plan = try ShippedData.plan("war")
    let pool = Simulation.openPools(plan, seed: 1, count: 1)[0]
    #expect(pool.mythicBooster == 2)
    #expect(pool.boosters[0].map(\.card.collectorNumber.description)
      == ["42", "20", "131", "48", "21", "5", "240", "101", "162", "33", "170", "215", "100", "186"])
    #expect(pool.boosters[5].map(\.card.collectorNumber.description)
      == ["118", "11", "74", "70", "145", "10", "134", "19", "75", "142", "199", "212", "231", "214"])
    var rng = Xoshiro256StarStar(seed: 1)
    #expect(PoolSampler(plan: plan).generateUntallied(pools: 1000, using: &rng) == 973_999_456_671_746_852)
  }
}

/// A plan drawn from one seed in both of the engine's ways, the direct batch loop and booster by
/// booster (the latter also taking repeated picks from one sheet pick by pick, where the former
/// keeps the sheet's first entry in a register, `PoolEngine.takeRepeats`): first `opened` pools
/// opened card by card, then `pools` pools tallied. The results
/// are compared here and kept as Booleans, because a failed `#expect` on the values themselves
/// would print both tallies and pools in full.
private struct BothWays {
  let sameCards: Bool
  let sameTallies: Bool
  /// Whether both random streams end at the same place.
  let sameStream: Bool
  /// The direct loop's opened pools and tally.
  let opened: [OpenedPool]
  let tally: SimulationTally

  init(_ plan: BoosterPlan, seed: UInt64, opened: Int, pools: Int) {
    let direct = PoolSampler(tables: EngineTables(plan: plan), runsBatchesDirectly: true)
    let byBooster = PoolSampler(tables: EngineTables(plan: plan), runsBatchesDirectly: false, repeatsInRegisters: false)
    var a = Xoshiro256StarStar(seed: seed)
    var b = Xoshiro256StarStar(seed: seed)
    self.opened = direct.open(pools: opened, using: &a)
    sameCards = self.opened.map(\.boosters) == byBooster.open(pools: opened, using: &b).map(\.boosters)
    direct.generate(pools: pools, using: &a)
    byBooster.generate(pools: pools, using: &b)
    sameTallies = direct.tally == byBooster.tally
    tally = direct.tally
    sameStream = a.next() == b.next()
  }
}
