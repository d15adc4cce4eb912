import Foundation
import SealedSupport
@testable import SealedPackFiles
import Testing

/// Files that are not quite a pack file, each refused in one line that says what the file is
/// (they said "line 1 is not valid UTF-8 text", "gzip data is corrupt" at line 1, or read a
/// repeated header as a booster named "booster"), and the semicolon CSV a spreadsheet saves in
/// locales with a decimal comma, which reads as its comma twin does.
@Suite struct MistakenFileTests {
  static let csv = Array("booster,set,collector_number\n1,war,100\n1,war,1\n".utf8)

  @Test(arguments: [
    ("packs.zip", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00], "a zip archive; a pack file is read as text or gzip (unzip it and give the file inside)"),
    ("packs.csv.xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04], "xz-compressed; a pack file is read as text or gzip (xz -d it, or gzip it)"),
    ("packs.csv.bz2", [0x42, 0x5A, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26], "bzip2-compressed; a pack file is read as text or gzip (bunzip2 it, or gzip it)"),
    ("packs.csv.zst", [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x58, 0x00, 0x00], "zstd-compressed; a pack file is read as text or gzip (zstd -d it, or gzip it)"),
    ("packs.csv", [0xFF, 0xFE, 0x62, 0x00, 0x6F, 0x00, 0x6F, 0x00], "UTF-16 text; a pack file is read as UTF-8 (save it as UTF-8, e.g. iconv -f UTF-16 -t UTF-8)"),
  ] as [(String, [UInt8], String)])
  func anotherKindOfFileIsNamed(name: String, head: [UInt8], message: String) throws {
    let path = try PackFileTesting.file(name, head + Self.csv)
    #expect(PackFileTesting.error(path) == "\(path): \(message)")
    #expect(throws: DataError(message, at: "pasted")) { _ = try PackFileReader(bytes: head + Self.csv, source: "pasted") }
  }

  /// A text list whose first line starts "BZh" but no block size after it is a list.
  @Test func aListStartingWithBZhIsAList() throws {
    let path = try PackFileTesting.file("list.txt", "BZhxyz Token (WAR) 1\n")
    #expect(PackFileTesting.error(path)?.contains("bzip2") != true)
  }

  @Test func bytesAfterTheGzipDataAreNamedSo() throws {
    let path = try PackFileTesting.file("packs.csv.gz", try PackFileTesting.gzip(Self.csv) + Array("garbage\n".utf8))
    #expect(
      PackFileTesting.error(path)
        == "\(path): the gzip data is followed by bytes that are not gzip (trailing garbage: a file joined to another, or damaged); expected the file to end there")
  }

  @Test func aRepeatedHeaderIsNamedAtItsLine() throws {
    let path = try PackFileTesting.file("joined.csv", String(decoding: Self.csv + Self.csv, as: UTF8.self))
    #expect(
      PackFileTesting.error(path)
        == "\(path):4: the header again, in the middle of the rows (files joined together?); expected a card's row: remove the repeated header")
  }

  @Test func aSemicolonCSVReadsAsItsCommaTwin() throws {
    let comma = try PackFileTesting.file("comma.csv", "booster,set,collector_number,name,foil\n1,war,100,\"Ob Nixilis, the Hate-Twisted\",no\n1,war,1,\"A \"\"quoted\"\"; name\",yes\n")
    let semicolon = try PackFileTesting.file("semicolon.csv", "booster;set;collector_number;name;foil\n1;war;100;Ob Nixilis, the Hate-Twisted;no\n1;war;1;\"A \"\"quoted\"\"; name\";yes\n")
    let boosters = try PackFileTesting.read(semicolon)
    #expect(boosters == (try PackFileTesting.read(comma)))
    #expect(boosters.first?.cards.map(\.name) == ["Ob Nixilis, the Hate-Twisted", "A \"quoted\"; name"])
    var reader = try PackFileReader(path: semicolon)
    #expect(reader.format == .csv)
    _ = try reader.next()
  }
}
