import Foundation
import SealedTestSupport
import Testing

/// A text list's card identity is judged from its first 1,000 boosters. A list whose first foil
/// mark (`*F*`) came later was read as printings only: its marks were ignored and the note said
/// the file does not tell foils apart. A file is now read again with finishes; standard input,
/// which cannot be read twice, is refused in one line naming the mark's line.
@Suite struct LateFoilMarkTests {
  /// 400 retail war pools as a list, its boosters without a foil first: 1,874 of them, so the
  /// first foil mark comes after the first 1,000 boosters. Returns the list and the mark's line.
  static func lateList(in dir: URL) throws -> (text: String, firstMark: Int) {
    let list = dir.appendingPathComponent("drawn.txt").path
    let opened = try SealedExecutable.run(["open", "war", "--rules", "retail", "--pools", "400", "--seed", "4", "--format", "list", "--out", list])
    #expect(opened.status == 0, "\(opened.stderr)")
    let blocks = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n\n").map { String($0) }
    let plain = blocks.filter { !$0.contains("*F*") }
    let foil = blocks.filter { $0.contains("*F*") }
    #expect(plain.count > 1000 && !foil.isEmpty)
    let text = (plain.prefix(1000) + foil + plain.dropFirst(1000)).joined(separator: "\n\n")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let firstMark = try #require(lines.firstIndex { $0.contains("*F*") }) + 1
    return (text + "\n", firstMark)
  }

  @Test func aListMarkingItsFirstFoilLateIsReadWithFinishes() throws {
    let dir = try Fixtures.temporaryDirectory()
    let (text, firstMark) = try Self.lateList(in: dir)
    let path = try Fixtures.write(text, to: "late.txt", in: dir)
    let audit = ["audit", "war", "--rules", "retail", "--resamples", "0", "--seed", "1"]
    let file = try SealedExecutable.run(audit + ["--packs", path, "--out", dir.appendingPathComponent("file").path])
    #expect(file.status == 0, "\(file.stdout)\(file.stderr)")
    #expect(file.stdout.contains("cards named by printing and finish;"), "\(file.stdout)")
    #expect(!file.stdout.contains("does not tell its cards apart"))
    let csv = try String(contentsOf: dir.appendingPathComponent("file/audit.csv"), encoding: .utf8)
    #expect(csv.contains("\nboosters holding foil,binomial,2400,"), "\(csv)")

    let piped = try SealedExecutable.run(audit + ["--packs", "-", "--out", dir.appendingPathComponent("piped").path], stdin: text)
    #expect(piped.status == 2)
    #expect(
      piped.stderr == "sealed: error: <stdin>:\(firstMark): a foil marked after the first 1000 boosters, which gave no finish, so the file was read as printings only; save it to a file (read again with finishes) or give a finish in its first boosters\n",
      "\(piped.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("piped").path))
  }

  /// The same for a CSV whose `foil` column is empty in its first 1,000 boosters.
  @Test func aCSVGivingItsFirstFinishLateIsReadWithFinishes() throws {
    let dir = try Fixtures.temporaryDirectory()
    let packs = dir.appendingPathComponent("drawn.csv").path
    let opened = try SealedExecutable.run(["open", "war", "--rules", "retail", "--pools", "200", "--seed", "4", "--format", "csv", "--out", packs])
    #expect(opened.status == 0, "\(opened.stderr)")
    // The rows of boosters 1 to 1000 (each a pool's booster: ids 1 to 1200) without a finish,
    // and without their foils (a foil left unmarked would be a non-foil copy in the wrong place).
    var firstFinish = 0
    var lines: [String] = []
    for (index, line) in try String(contentsOfFile: packs, encoding: .utf8).split(separator: "\n").enumerated() {
      guard index > 0, let id = Int(line.prefix { $0 != "," }), id <= 1000 else {
        if index > 0 && firstFinish == 0 { firstFinish = lines.count + 1 }
        lines.append(String(line))
        continue
      }
      if line.hasSuffix(",false") { lines.append(String(line.dropLast("false".count))) }
    }
    let early = lines.filter { Int($0.prefix { $0 != "," }).map { $0 <= 1000 } ?? false }
    #expect(early.allSatisfy { $0.hasSuffix(",") } && early.count > 13_000)
    let text = lines.joined(separator: "\n") + "\n"
    let path = try Fixtures.write(text, to: "late.csv", in: dir)
    let audit = ["audit", "war", "--rules", "retail", "--resamples", "0", "--seed", "1"]
    let file = try SealedExecutable.run(audit + ["--packs", path, "--out", dir.appendingPathComponent("file").path])
    #expect(file.stdout.contains("cards named by printing and finish;"), "\(file.stdout)\(file.stderr)")
    let piped = try SealedExecutable.run(audit + ["--packs", "-", "--out", dir.appendingPathComponent("piped").path], stdin: text)
    #expect(piped.status == 2)
    #expect(piped.stderr.hasPrefix("sealed: error: <stdin>:\(firstFinish): a card's foil value given after the first 1000 boosters, which gave no finish"), "\(piped.stderr)")
  }
}
