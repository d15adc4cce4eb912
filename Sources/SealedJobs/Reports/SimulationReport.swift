import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedVerdicts
import SealedReports
import SealedStats
import SealedReportHTML

/// The CSV reports of a simulation, exactly as the report contract defines them (README,
/// "Reports"): `run.csv`, `slot_rarity.csv`, `card_frequency.csv`, `pool_mythics.csv`,
/// `mythic_position.csv`, `events.csv` and `sheet_frequency.csv` (`ReportFile.simulation`), as
/// typed rows (`contents`). Every expected column comes from `Expectations`.
package struct SimulationReport: Sendable {
  package let plan: BoosterPlan
  package let expectations: Expectations
  package let tally: SimulationTally
  package let run: RunInfo
  /// `sheet_frequency.csv`'s rows; a job gives them their exact tails (`withCardTails`, or
  /// with a check's claims, `CheckReport`) before writing.
  package var sheetFrequency: GroupFrequency

  /// The reports of a run of `plan` whose counts are `tally`, computing `sheetFrequency`.
  /// Cost: that of `GroupFrequency.sheets`, O(sites × sheet size).
  package init(plan: BoosterPlan, expectations: Expectations, tally: SimulationTally, run: RunInfo) {
    self.plan = plan
    self.expectations = expectations
    self.tally = tally
    self.run = run
    sheetFrequency = GroupFrequency.sheets(plan: plan, expectations: expectations, tally: tally)
  }

  /// The names of `files`.
  package static let fileNames = ReportFile.simulation.names

  /// The simulation's files as typed rows.
  package var contents: ReportContents {
    var contents = ReportContents(run: runTable)
    contents.slotRarity = slotRarityRows
    contents.cardFrequency = cardFrequencyRows
    contents.poolMythics = poolMythicsRows
    contents.mythicPosition = mythicPositionRows
    contents.events = ObservedCounts.events(plan: plan, expectations: expectations, tally: tally).map {
      EventFrequencyRow(event: $0.event, given: $0.given, count: $0.count, trials: $0.trials, expected: $0.expected)
    }
    contents.sheetFrequency = sheetFrequency.table(.sheetFrequency, plan: plan)
    return contents
  }

  /// The report with `sheet_frequency.csv`'s cards given their exact tails at `alpha` (the
  /// page's only family of cards).
  package func withCardTails(alpha: Double) throws(StatisticsError) -> SimulationReport {
    var report = self
    report.sheetFrequency = try CardTails.attached(sheets: sheetFrequency, alpha: alpha).sheets
    return report
  }

  /// The report folder's files: the CSVs, `record` (`tallies.json`) and `report.html` made
  /// from the same values. Throws when the page cannot be rendered.
  package func files(record: (name: String, contents: String)) throws(DataError) -> [(name: String, contents: String)] {
    try ReportFiles.make(contents, adding: [record])
  }

  /// `run.csv`.
  package var runTable: RunTable {
    let boosters = tally.boosters
    let merged = run.mergedShards != nil
    var rows: [(String, String)] = [
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
    if let data = plan.boosterData, let at = rows.firstIndex(where: { $0.0 == "rules_source" }) { rows.insert(("booster_data", data), at: at + 1) }
    return RunTable(rows.map { (key: $0.0, value: $0.1) })
  }

  /// `slot_rarity.csv`.
  package var slotRarityRows: [SlotRarityRow] {
    var rows: [SlotRarityRow] = []
    let observed = ObservedCounts.slotRarities(plan: plan, tally: tally)
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
}
