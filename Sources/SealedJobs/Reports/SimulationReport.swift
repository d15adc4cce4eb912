import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis

/// The CSV reports of a simulation, exactly as the report contract defines them (README,
/// "Reports"): `run.csv`, `slot_rarity.csv`, `card_frequency.csv`, `pool_mythics.csv`,
/// `mythic_position.csv`, `events.csv` and `sheet_frequency.csv` (`ReportFile.simulation`), as
/// typed rows (`contents`). Every expected column comes from `Expectations`.
public struct SimulationReport: Sendable {
  package let plan: BoosterPlan
  package let expectations: Expectations
  package let tally: SimulationTally
  package let run: RunInfo
  /// `sheet_frequency.csv`'s rows; a command gives them their exact tails
  /// (`SealedStats.CardTails`) before writing.
  package var sheetFrequency: SheetFrequency

  /// The reports of a run of `plan` whose counts are `tally`, computing `sheetFrequency`.
  /// Cost: that of `SheetFrequency.init`, O(sites × sheet size).
  public init(plan: BoosterPlan, expectations: Expectations, tally: SimulationTally, run: RunInfo) {
    self.plan = plan
    self.expectations = expectations
    self.tally = tally
    self.run = run
    sheetFrequency = SheetFrequency(plan: plan, expectations: expectations, tally: tally)
  }

  /// The names of `files`.
  package static let fileNames = ReportFile.simulation.names

  /// The simulation's files as typed rows.
  public var contents: ReportContents {
    var contents = ReportContents(run: runTable)
    contents.slotRarity = slotRarityRows
    contents.cardFrequency = cardFrequencyRows
    contents.poolMythics = poolMythicsRows
    contents.mythicPosition = mythicPositionRows
    contents.events = Self.eventRows(plan: plan, expectations: expectations, tally: tally).map {
      EventFrequencyRow(event: $0.event, given: $0.given, count: $0.count, trials: $0.trials, expected: $0.expected)
    }
    contents.sheetFrequency = sheetFrequency.table(plan: plan)
    return contents
  }

  /// The files, by name.
  package var files: [(name: String, table: CSVTable)] { contents.tables }

  /// `run.csv`.
  package var runTable: RunTable {
    let boosters = tally.boosters
    let merged = run.mergedShards != nil
    let rows: [(String, String)] = [
      ("tool_version", run.toolVersion),
      ("set", plan.setCode),
      ("rules", plan.rulesName),
      ("rules_sha256", plan.rulesSHA256),
      ("seed", String(run.seed)),
      ("pools", String(tally.pools)),
      ("boosters", String(boosters)),
      ("threads", merged ? "" : String(run.threads)),
      ("elapsed_seconds", merged ? "" : CSVNumber.format((run.elapsedSeconds * 1000).rounded() / 1000)),
      ("boosters_per_second", !merged && run.elapsedSeconds > 0 ? String(Int((Double(boosters) / run.elapsedSeconds).rounded())) : ""),
      ("started_at", run.startedAt),
      ("rules_source", plan.rulesSource),
      ("booster_range", "1-\(plan.boosterMax)"),
      ("pools_requested", String(run.poolsRequested)),
      ("status", RunStatus(interrupted: run.interrupted).rawValue),
      ("shard", run.shard),
      ("chunk_pools", String(Simulation.chunkPools)),
      ("generator", "xoshiro256** per chunk, seeded by SplitMix64(seed, chunk); generator version \(Simulation.generatorVersion)"),
      ("command", run.command),
    ]
    return RunTable(rows.map { (key: $0.0, value: $0.1) })
  }

  /// `slot_rarity.csv`.
  package var slotRarityRows: [SlotRarityRow] {
    var rows: [SlotRarityRow] = []
    let observed = Self.observedSlotRarities(plan: plan, tally: tally)
    for (index, slot) in plan.slots.enumerated() {
      let expected = expectations.slotRarityPerPool(slot: index)
      let expectedTotal = Rarity.allCases.reduce(0.0) { $0 + expected[$1, default: 0] }
      let counts = observed[index]
      let total = counts.values.reduce(0, +)
      for rarity in Rarity.allCases where counts[rarity, default: 0] > 0 || expected[rarity, default: 0] > 0 {
        let count = counts[rarity, default: 0]
        rows.append(
          SlotRarityRow(
            slot: slot.name, rarity: rarity, count: count,
            proportion: total == 0 ? nil : Double(count) / Double(total),
            expected: expected[rarity, default: 0] / expectedTotal))
      }
    }
    return rows
  }

  /// Cards of each rarity drawn into each slot.
  package static func observedSlotRarities(plan: BoosterPlan, tally: SimulationTally) -> [[Rarity: Int]] {
    var result = [[Rarity: Int]](repeating: [:], count: plan.slots.count)
    for (siteIndex, site) in plan.sites.enumerated() {
      let sheet = plan.sheets[site.draw.sheet]
      for ordinal in sheet.cards {
        let count = tally.siteCards[siteIndex * tally.cardCount + ordinal]
        if count > 0 { result[site.draw.slot][plan.cards[ordinal].rarity, default: 0] += count }
      }
    }
    return result
  }

  /// `card_frequency.csv`.
  package var cardFrequencyRows: [CardFrequencyRow] {
    let copies = tally.cardCopies
    return plan.cards.enumerated().map { ordinal, card in
      CardFrequencyRow(
        set: card.setCode, collectorNumber: card.collectorNumber.text, name: card.name, rarity: card.rarity,
        foil: plan.isFoil(ordinal), count: copies[ordinal], perPool: share(copies[ordinal]),
        expected: expectations.cardsPerPool[ordinal])
    }
  }

  /// The share of the pools counted in `count`, nil when no pools ran.
  private func share(_ count: Int) -> Double? {
    tally.pools == 0 ? nil : Double(count) / Double(tally.pools)
  }

  /// `pool_mythics.csv`: pools by their mythics.
  package var poolMythicsRows: [PoolShareRow] {
    let last = max(
      tally.poolMythics.lastIndex { $0 > 0 } ?? 0, expectations.poolMythics.lastIndex { $0 > 0 } ?? 0)
    return (0...last).map { count in
      PoolShareRow(
        value: count, pools: tally.poolMythics[count], proportion: share(tally.poolMythics[count]),
        expected: expectations.poolMythics[count])
    }
  }

  /// `mythic_position.csv`: pools by the booster that held their mythic.
  package var mythicPositionRows: [PoolShareRow] {
    (0..<plan.boostersPerPool).map { index in
      PoolShareRow(
        value: index + 1, pools: tally.mythicPositions[index], proportion: share(tally.mythicPositions[index]),
        expected: expectations.mythicPositions[index])
    }
  }

  /// One row of `events.csv`: boosters holding the event among boosters of a kind.
  package struct EventRow: Sendable {
    package let event: String
    package let eventIndex: Int
    package let given: String
    /// The kind, or nil for every booster (`any`).
    package let kind: Int?
    package let count: Int
    package let trials: Int
    package let expected: Double
  }

  /// The rows of `events.csv`: each reported event for each booster kind it is given for.
  package static func eventRows(plan: BoosterPlan, expectations: Expectations, tally: SimulationTally) -> [EventRow] {
    var rows: [EventRow] = []
    for (index, event) in plan.events.enumerated() where event.isReported {
      let lane = index + 1
      var givens: [(String, Int?)] = event.givenKinds.map { (plan.kinds[$0], $0) }
      if event.givenAny { givens.append(("any", nil)) }
      for (given, kind) in givens {
        let kinds = kind.map { [$0] } ?? Array(plan.kinds.indices)
        let trials = kinds.reduce(0) { $0 + tally.boostersByKind[$1] }
        let count = kinds.reduce(0) { $0 + tally.laneBoosters(kind: $1, lane: lane, atLeast: 1) }
        rows.append(
          EventRow(
            event: event.name, eventIndex: index, given: given, kind: kind, count: count, trials: trials,
            expected: expectations.eventProbability(index, kind: kind)))
      }
    }
    return rows
  }
}

extension SimulationTally {
  /// Boosters of `kind` holding at least `minimum` cards of `lane`.
  package func laneBoosters(kind: Int, lane: Int, atLeast minimum: Int) -> Int {
    laneHistogram(kind: kind, lane: lane).enumerated().reduce(0) { $0 + ($1.offset >= minimum ? $1.element : 0) }
  }
}
