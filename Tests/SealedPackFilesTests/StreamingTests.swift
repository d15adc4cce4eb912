import Foundation
import SealedSupport
import SealedCards
import SealedPackFiles
import SealedTestSupport
import Testing

/// Large generated files are read booster by booster, every booster whole. That memory does not
/// grow with the file is measured, and bounded, in a process of its own, since the tests of this
/// process run in parallel and share its memory (a growth measured here would say nothing, so it
/// is not measured): `AuditMemoryTests` runs `sealed audit` on a small and a large file. The
/// figures for 300 MB files in release builds are in docs/pack-files.md.
@Suite(.serialized) struct StreamingTests {
  /// Reads every booster of `path`; returns the boosters read and the cards.
  static func stream(_ path: String) throws -> (boosters: Int, cards: Int) {
    var reader = try PackFileReader(path: path)
    var cards = 0
    while let booster = try reader.next() { cards += booster.size }
    return (reader.boostersRead, cards)
  }

  /// Writes `header` and then `row(i)` for i = 0, 1, … until the file has `megabytes`; returns
  /// the path and the number of rows.
  static func generate(_ name: String, megabytes: Int, header: String, row: (Int) -> String) throws -> (String, Int) {
    let folder = try Fixtures.temporaryDirectory("pack-streaming")
    let url = folder.appendingPathComponent(name)
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var chunk = header
    var size = 0
    var rows = 0
    while size < megabytes << 20 {
      chunk += row(rows)
      rows += 1
      if chunk.utf8.count > 1 << 20 {
        size += chunk.utf8.count
        try handle.write(contentsOf: Data(chunk.utf8))
        chunk = ""
      }
    }
    try handle.write(contentsOf: Data(chunk.utf8))
    return (url.path, rows)
  }

  @Test func fiftyMegabytesOf17landsDataStream() throws {
    let names = (0..<300).map { "Card Number \($0)" }
    let header =
      "expansion,event_type,draft_id,draft_time,rank,pack_number,pick_number,pick,pick_maindeck_rate,pick_sideboard_in_rate,"
      + names.map { "pool_" + $0 }.joined(separator: ",") + "," + names.map { "pack_card_" + $0 }.joined(separator: ",") + "\n"
    let zeros = Array(repeating: "0", count: 300).joined(separator: ",")
    var pack = Array(repeating: "0", count: 300)
    for index in stride(from: 0, to: 300, by: 22) { pack[index] = "1" }
    let packCounts = pack.joined(separator: ",")
    let (path, rows) = try Self.generate("draft.csv", megabytes: 50, header: header) { row in
      "WAR,PremierDraft,draft\(row / 42),2024-01-01 00:00:00,gold,\(row / 14 % 3),\(row % 14),Card Number 1,,,\(zeros),\(packCounts)\n"
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (read, cards) = try Self.stream(path)
    #expect(read == (rows + 13) / 14)
    #expect(cards == read * 14)
  }

  @Test(.heavy) func twentyMegabytesOfCSVStream() throws {
    let (path, rows) = try Self.generate("packs.csv", megabytes: 20, header: "booster,set,collector_number,name,foil\n") { row in
      "b\(row / 15),war,\(row % 250 + 1),\"Name, \(row % 250)\",\(row % 15 == 0 ? "true" : "")\n"
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (read, cards) = try Self.stream(path)
    #expect(cards == rows)
    #expect(read == (rows + 14) / 15)
  }
}
