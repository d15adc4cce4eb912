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
      piped.stderr == "sealed: error: <stdin>:\(firstMark): a foil marked after the first 1000 boosters, which marked none, so the list was read as printings only; save it to a file (read again with finishes) or mark a foil in its first boosters\n",
      "\(piped.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("piped").path))
  }
}
