import Foundation
import SealedSupport
import SealedPackFiles
import SealedTestSupport
import Testing

/// Helpers shared by the pack file tests.
enum PackFileTesting {
  /// Writes `bytes` to `name` in a new temporary folder and returns the path.
  static func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let folder = try Fixtures.temporaryDirectory("pack-files")
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  static func file(_ name: String, _ text: String) throws -> String {
    try file(name, Array(text.utf8))
  }

  /// Every booster of the file.
  static func read(_ path: String, format: PackFileFormat? = nil) throws(DataError) -> [ListedBooster] {
    try PackFileReader.readAll(path: path, format: format)
  }

  /// The DataError reading `path` gives, as one line of text (`path:line: message`).
  static func error(_ path: String, format: PackFileFormat? = nil) -> String? {
    do {
      _ = try read(path, format: format)
      return nil
    } catch {
      return error.description
    }
  }

  /// `bytes` gzipped by the system's gzip (independent of the writer under test), file to file:
  /// no pipes and no writing thread beside the tests reading files (a file read beside it once
  /// failed with "Bad file descriptor").
  static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
    Array(try ReleaseFixtures.gzipped(Data(bytes)))
  }

  /// The boosters with line numbers cleared and each card of count n made n cards of count 1,
  /// for comparing files of different layouts.
  static func normalized(_ boosters: [ListedBooster], foilFalseAsNil: Bool = false) -> [ListedBooster] {
    boosters.map { booster in
      var cards: [ListedCard] = []
      for card in booster.cards {
        var one = card
        one.line = 0
        one.count = 1
        if foilFalseAsNil && one.foil == false { one.foil = nil }
        cards += Array(repeating: one, count: card.count)
      }
      return ListedBooster(label: booster.label, line: 0, cards: cards)
    }
  }

  /// Name → count per booster, for 17lands round trips.
  static func nameCounts(_ boosters: [ListedBooster]) -> [[String: Int]] {
    boosters.map { booster in
      booster.cards.reduce(into: [:]) { $0[$1.name ?? "?", default: 0] += $1.count }
    }
  }
}
