import Foundation
@testable import SealedSupport
@testable import SealedRules
@testable import SealedEngine
@testable import SealedAnalysis
@testable import SealedReports
@testable import SealedJobs
import SealedTestSupport
import Testing

/// `tallies.json` cannot lie: a shard whose counts were changed is refused, naming the shard and
/// what disagrees; a change that is not refused leaves the merged report byte for byte as it was.
@Suite struct ShardTallyTests {
  static let pools = 3 * Simulation.chunkPools + 100

  /// Three shards of a small war run, as the text of their `tallies.json`.
  static func shardTexts(_ plan: BoosterPlan) -> [String] {
    (1...3).map { index in
      let shard = Simulation.Shard(index: index, count: 3)
      let result = Simulation.run(.init(plan: plan, pools: pools, seed: 11, threads: 1, shard: shard))
      let run = RunInfo(
        toolVersion: "test", seed: 11, poolsRequested: pools, shard: shard.description, threads: 1,
        elapsedSeconds: 0.25, startedAt: "2026-01-01T00:00:00Z")
      return RunRecord(plan: plan, rulesText: "rules", run: run, shard: shard, tally: result.tally).encoded()
    }
  }

  /// The merged report's CSV files (what `sealed merge` writes), or the refusal.
  static func merge(_ texts: [String], plan: BoosterPlan, expectations: Expectations) throws(DataError) -> String {
    var records: [(folder: String, record: RunRecord)] = []
    for (index, text) in texts.enumerated() {
      let folder = "shard\(index + 1)"
      records.append((folder, try RunRecord.decode(Data(text.utf8), path: "\(folder)/tallies.json")))
    }
    try ShardMerge.checkShards(records)
    let tally = try ShardMerge.tally(records, plan: plan)
    let run = RunInfo(toolVersion: "test", seed: 11, poolsRequested: pools, threads: 1, elapsedSeconds: 1, startedAt: "x")
    let report = SimulationReport(plan: plan, expectations: expectations, tally: tally, run: run)
    return report.contents.tables.map { "\($0.name)\n\($0.table.text)" }.joined()
  }

  /// Re-encodes a record after `change`, with a digest that fits the changed contents (as someone
  /// editing the file on purpose would), keeping its recorded totals unless `change` sets them.
  static func resealed(_ text: String, _ change: (inout RunRecord) -> Void) throws -> String {
    var record = try JSONDecoder().decode(RunRecord.self, from: Data(text.utf8))
    change(&record)
    record.sha256 = nil
    record.sha256 = record.digest()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(record), as: UTF8.self)
  }

  func refusal(_ texts: [String], _ plan: BoosterPlan, _ expectations: Expectations) -> String? {
    do {
      _ = try Self.merge(texts, plan: plan, expectations: expectations)
      return nil
    } catch {
      return error.description
    }
  }

  /// Records of format 2 (their card fingerprint of set, number and name) are still read and
  /// merged with one another, their fingerprint checked as they made it; beside a record of
  /// format 3 (fingerprinting colours too) a shard of format 2 is refused naming the formats.
  @Test func recordsOfFormatTwoMergeWithOneAnother() throws {
    let plan = try ShippedData.plan("war")
    let expectations = try Expectations(plan: plan)
    let texts = Self.shardTexts(plan)
    let older = try texts.map { text in
      try Self.resealed(text) { record in
        record.format = 2
        record.cardsFingerprint = RunRecord.fingerprint(plan.cards, format: 2)
      }
    }
    #expect(RunRecord.fingerprint(plan.cards, format: 2) != RunRecord.fingerprint(plan.cards))
    #expect(try Self.merge(older, plan: plan, expectations: expectations) == Self.merge(texts, plan: plan, expectations: expectations))
    // Compiled again from its rules (the built-in sealed rules, which the plan is), its cards
    // are the ones it fingerprinted in format 2.
    let rules = try Fixtures.builtInRules("sealed")
    let record = try RunRecord.decode(Data(try Self.resealed(older[0]) { $0.rulesText = rules }.utf8), path: "shard1/tallies.json")
    let compiled = try record.compiled(
      loadSet: { code, _, _ throws(DataError) in
        do { return try ShippedData.set(code) } catch { throw DataError("\(error)") }
      }, cardsDiffer: DataError("differs"))
    #expect(compiled.plan.cards.count == plan.cards.count)
    let mixed = refusal([texts[0], older[1], texts[2]], plan, expectations)
    #expect(mixed?.contains("tallies of format 2 instead of 3") == true, "\(mixed ?? "merged")")
  }

  @Test func countsChangedInWaysThatStillParseAreRefused() throws {
    let plan = try ShippedData.plan("war")
    let expectations = try Expectations(plan: plan)
    let texts = Self.shardTexts(plan)
    let baseline = try Self.merge(texts, plan: plan, expectations: expectations)
    #expect(baseline.contains("card_frequency.csv"))

    // One card counted once more, digest kept: the digest disagrees.
    let site = plan.sites.firstIndex { $0.draw.count == 1 }!
    let ordinal = plan.sheets[plan.sites[site].draw.sheet].cards[0]
    let cell = site * plan.cards.count + ordinal
    var record = try JSONDecoder().decode(RunRecord.self, from: Data(texts[1].utf8))
    record.tally.siteCards[cell] += 1
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let edited = String(decoding: try encoder.encode(record), as: UTF8.self)
    #expect(
      refusal([texts[0], edited, texts[2]], plan, expectations)?.hasPrefix(
        "shard2/tallies.json: shard 2/3: the contents do not match their SHA-256 (recorded ") == true)

    // The same with a digest that fits: the totals disagree.
    let resealed = try Self.resealed(texts[1]) { $0.tally.siteCards[cell] += 1 }
    let totalsMessage = refusal([texts[0], resealed, texts[2]], plan, expectations)
    #expect(totalsMessage?.hasPrefix("shard2/tallies.json: shard 2/3: the tallies do not add up: totals.cards is ") == true, "\(totalsMessage ?? "accepted")")

    // Totals edited too: the booster sizes disagree with the cards.
    let withTotals = try Self.resealed(texts[1]) {
      $0.tally.siteCards[cell] += 1
      $0.totals?.cards += 1
    }
    #expect(
      refusal([texts[0], withTotals, texts[2]], plan, expectations)
        == "shard2/tallies.json: shard 2/3: the tallies do not add up: boosterSizes hold \(record.tally.cardsDrawn - 1) cards, but \(record.tally.cardsDrawn) cards were tallied")

    // A card moved from one site to another (every total kept): the sites disagree with the plan.
    let other = plan.sites.indices.first { $0 != site && plan.sheets[plan.sites[$0].draw.sheet].cards.contains(ordinal) }
      ?? plan.sites.indices.first { $0 != site }!
    let moved = try Self.resealed(texts[1]) {
      $0.tally.siteCards[cell] -= 1
      $0.tally.siteCards[other * plan.cards.count + ordinal] += 1
    }
    let movedMessage = refusal([texts[0], moved, texts[2]], plan, expectations)
    #expect(movedMessage?.hasPrefix("shard2/tallies.json: shard 2/3: the tallies do not fit the rules: site \(site) ") == true, "\(movedMessage ?? "accepted")")

    // More pools than the shard holds, everything else consistent: refused.
    let morePools = try Self.resealed(texts[0]) { record in
      record.tally = record.tally
      record.tally.add(record.tally)
      record.totals = record.tally.totals
    }
    let poolsMessage = refusal([morePools, texts[1], texts[2]], plan, expectations)
    #expect(poolsMessage?.contains("shard 1/3: \(2 * (Self.pools / 3 / Simulation.chunkPools) * Simulation.chunkPools) pools tallied") == true, "\(poolsMessage ?? "accepted")")
    // A negative count.
    let negative = try Self.resealed(texts[2]) { $0.tally.mythicPositions[0] = -1 }
    #expect(refusal([texts[0], texts[1], negative], plan, expectations)?.contains("mythicPositions[0] is -1") == true)
    // A booster range below 1, named as the file's field (it named --booster-max, never given).
    let range = try Self.resealed(texts[2]) { $0.boosterMax = -5 }
    #expect(
      refusal([texts[0], texts[1], range], plan, expectations)
        == "shard3/tallies.json: shard 3/3: field boosterMax: -5; expected a collector number of at least 1, or 0 for rules without a booster range")
  }

  /// 1,000 random small corruptions of one shard's tallies.json (a changed byte or digit, a cut,
  /// a spliced token, a deleted or repeated span): each is refused, or the merged report is
  /// byte-identical to the merge of the intact shards.
  @Test(.heavy) func randomCorruptionsAreRefusedOrChangeNothing() throws {
    let plan = try ShippedData.plan("war")
    let expectations = try Expectations(plan: plan)
    let texts = Self.shardTexts(plan)
    let baseline = try Self.merge(texts, plan: plan, expectations: expectations)
    var random = SplitMix64(seed: 20)
    var refused = 0
    var unchanged = 0
    var kinds = [Int](repeating: 0, count: 6)
    for _ in 0..<1000 {
      let target = Int.random(in: 0..<3, using: &random)
      var bytes = Array(texts[target].utf8)
      let position = Int.random(in: 0..<bytes.count, using: &random)
      let kind = Int.random(in: 0..<6, using: &random)
      kinds[kind] += 1
      switch kind {
      case 0:  // any byte
        bytes[position] = UInt8.random(in: 0...255, using: &random)
      case 1:  // a digit changed to another digit
        let digits = bytes.indices.filter { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
        let index = digits[Int.random(in: 0..<digits.count, using: &random)]
        bytes[index] = 0x30 + (bytes[index] - 0x30 + UInt8.random(in: 1...9, using: &random)) % 10
      case 2:  // cut
        bytes.removeSubrange(position...)
      case 3:  // a token from elsewhere spliced in
        let from = Int.random(in: 0..<bytes.count, using: &random)
        let token = bytes[from..<min(bytes.count, from + Int.random(in: 1...8, using: &random))]
        bytes.insert(contentsOf: token, at: position)
      case 4:  // a span deleted
        bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...6, using: &random)))
      default:  // a number's digits repeated (1234 -> 12334)
        let digits = bytes.indices.filter { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
        let index = digits[Int.random(in: 0..<digits.count, using: &random)]
        bytes.insert(bytes[index], at: index)
      }
      var corrupted = texts
      corrupted[target] = String(decoding: bytes, as: UTF8.self)
      do {
        let merged = try Self.merge(corrupted, plan: plan, expectations: expectations)
        #expect(merged == baseline, "a corruption of shard \(target + 1) changed the merged report")
        unchanged += 1
      } catch {
        #expect(!error.description.contains("\n"))
        refused += 1
      }
    }
    #expect(refused + unchanged == 1000)
    #expect(refused > 900, "\(refused) refused, \(unchanged) unchanged")
    #expect(kinds.allSatisfy { $0 > 100 })
  }
}
