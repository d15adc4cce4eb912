import Foundation
@testable import SealedSupport
@testable import SealedRules
@testable import SealedEngine
@testable import SealedReports
@testable import SealedJobs
import SealedTestSupport
import Testing

/// `tallies.json` is written without `JSONEncoder` going through every count (issue 42); its
/// text must be the encoder's, byte for byte, or records written before and after would not
/// read the same (their digest is over that text).
@Suite struct TallyEncodingTests {
  /// The record as the encoder alone writes it, digest included: what `encoded()` wrote before.
  static func encoderText(_ record: RunRecord) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var sealed = record
    sealed.totals = record.tally.totals
    sealed.sha256 = nil
    sealed.sha256 = SHA256.hex(of: Array(try encoder.encode(sealed)))
    return String(decoding: try encoder.encode(sealed), as: UTF8.self) + "\n"
  }

  static func record(_ plan: BoosterPlan, pools: Int, rulesText: String, spec: SpecDefinition? = nil) -> RunRecord {
    let result = Simulation.run(.init(plan: plan, pools: pools, seed: 3, threads: 1))
    let run = RunInfo(
      toolVersion: "0.2.0/test", seed: 3, poolsRequested: pools, threads: 1, elapsedSeconds: 0.1 + 1e-7,
      startedAt: "2026-01-01T00:00:00Z", command: "sealed check war --out \"a/b\" — ü")
    return RunRecord(plan: plan, rulesText: rulesText, run: run, shard: .whole, tally: result.tally, spec: spec)
  }

  @Test func recordsReadAsTheEncoderWritesThem() throws {
    let war = try ShippedData.plan("war")
    let mtgwtf = try ShippedData.plan("war", rules: "mtgwtf")
    let odd = "name: x\n# \"quoted\" / slashed \\ back, tab\t, ☃, \u{1}, \"tally\":{\"boosterSizes\":[]}"
    var records = [
      Self.record(war, pools: 5_000, rulesText: try Fixtures.builtInRules("sealed")),
      Self.record(mtgwtf, pools: 3_000, rulesText: odd),
      Self.record(war, pools: 1, rulesText: ""),
    ]
    // Counts no run makes, to cover every digit and sign.
    var extreme = records[0]
    extreme.tally.siteCards[0] = Int.max
    extreme.tally.siteCards[1] = Int.min
    extreme.tally.siteCards[2] = -7
    extreme.tally.poolMythics[0] = 1_000_000_007
    records.append(extreme)
    for record in records {
      let text = record.encoded()
      #expect(text == (try Self.encoderText(record)))
      // And it reads back, digest checked.
      if record.tally.siteCards.allSatisfy({ $0 >= 0 }) {
        let read = try RunRecord.decode(Data(text.utf8), path: "tallies.json")
        #expect(read.tally == record.tally)
      }
    }
  }

  /// A number a record's field cannot take is named at its line, column and field: a seed with
  /// a fraction said only "malformed JSON", where the run's time may have one.
  @Test func aNumberTheRecordCannotTakeIsNamed() throws {
    let text = Self.record(try ShippedData.plan("war"), pools: 10, rulesText: "").encoded()
    for (seed, problem) in [("3.5", "field seed: 3.5 is not a whole number"), ("-3", "field seed: -3 is out of range")] {
      let edited = text.replacingOccurrences(of: "\"seed\":3,", with: "\"seed\":\(seed),")
      #expect(edited != text)
      do {
        _ = try RunRecord.decode(Data(edited.utf8), path: "tallies.json")
        Issue.record("a seed of \(seed) was read")
      } catch {
        #expect(error.description.hasPrefix("tallies.json:1:") && error.description.contains(": \(problem)"), "\(error)")
      }
    }
  }

  @Test func aTallyWritesAsTheEncoderWritesIt() throws {
    let plan = try ShippedData.plan("dom", rules: "retail")
    let tally = Simulation.run(.init(plan: plan, pools: 2_000, seed: 5, threads: 2)).tally
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    #expect(tally.sortedKeysJSON() == String(decoding: try encoder.encode(tally), as: UTF8.self))
    #expect(tally.withoutCounts.sortedKeysJSON() == String(decoding: try encoder.encode(tally.withoutCounts), as: UTF8.self))
    var bytes: [UInt8] = []
    tally.appendSortedKeysJSON(to: &bytes)
    #expect(bytes.count <= tally.sortedKeysJSONCapacity)
  }
}
