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
    ("packs.csv.bz2", [0x42, 0x5A, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59], "bzip2-compressed; a pack file is read as text or gzip (bunzip2 it, or gzip it)"),
    ("packs.csv.zst", [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x58, 0x00, 0x00], "zstd-compressed; a pack file is read as text or gzip (zstd -d it, or gzip it)"),
    ("packs.csv", [0xFF, 0xFE, 0x62, 0x00, 0x6F, 0x00, 0x6F, 0x00], "UTF-16 text; a pack file is read as UTF-8 (save it as UTF-8, e.g. iconv -f UTF-16 -t UTF-8)"),
    // Without a byte order mark (it read as text holding NUL bytes: a review).
    ("packs.txt", [0x31, 0x00, 0x20, 0x00, 0x49, 0x00, 0x73, 0x00, 0x6C, 0x00],
     "UTF-16 text (little-endian, without a byte order mark); a pack file is read as UTF-8 (save it as UTF-8, e.g. iconv -f UTF-16LE -t UTF-8)"),
    ("packs.txt", [0x00, 0x31, 0x00, 0x20, 0x00, 0x49, 0x00, 0x73, 0x00, 0x6C],
     "UTF-16 text (big-endian, without a byte order mark); a pack file is read as UTF-8 (save it as UTF-8, e.g. iconv -f UTF-16BE -t UTF-8)"),
    // Random bytes (it said "a carriage return (CR) inside the line": a review).
    ("packs.bin", [0x8E, 0x03, 0xD1, 0x17, 0x00, 0x9C, 0x05, 0xF4, 0x12, 0x6B],
     "binary data, not text (its first bytes hold control bytes no text file has); a pack file is read as UTF-8 text or gzip"),
  ] as [(String, [UInt8], String)])
  func anotherKindOfFileIsNamed(name: String, head: [UInt8], message: String) throws {
    let path = try PackFileTesting.file(name, head + Self.csv)
    #expect(PackFileTesting.error(path) == "\(path): \(message)")
    #expect(throws: DataError(message, at: "pasted")) { _ = try PackFileReader(bytes: head + Self.csv, source: "pasted") }
  }

  /// UTF-16 text whose first letter is beyond ASCII is known by the zeros of its Latin letters
  /// (it was called binary data: a review).
  @Test(arguments: [(true, "little-endian", "LE"), (false, "big-endian", "BE")])
  func utf16StartingBeyondASCIIIsNamed(little: Bool, order: String, short: String) throws {
    let text = String(repeating: "Æther Adept\nIsland\n", count: 20)
    let bytes = text.utf16.flatMap { little ? [UInt8($0 & 0xFF), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    let message = "UTF-16 text (\(order), without a byte order mark); a pack file is read as UTF-8 (save it as UTF-8, e.g. iconv -f UTF-16\(short) -t UTF-8)"
    #expect(throws: DataError(message, at: "pasted")) { _ = try PackFileReader(bytes: bytes, source: "pasted") }
  }

  /// The same formats gzipped (a zip or UTF-16 text inside a .gz) are named as such, not as
  /// "line 1 is not valid UTF-8 text"; a gzipped pack file reads as before.
  @Test(arguments: [
    ([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00], "a zip archive; a pack file is read as text or gzip (unzip it and give the file inside)"),
    ([0xFF, 0xFE, 0x62, 0x00, 0x6F, 0x00, 0x6F, 0x00], "UTF-16 text; a pack file is read as UTF-8 (save it as UTF-8, e.g. iconv -f UTF-16 -t UTF-8)"),
  ] as [([UInt8], String)])
  func anotherKindOfFileGzippedIsNamed(head: [UInt8], message: String) throws {
    let gzipped = try PackFileTesting.gzip(head + Self.csv)
    let path = try PackFileTesting.file("packs.gz", gzipped)
    #expect(PackFileTesting.error(path) == "\(path): gunzipped, it is \(message)")
    #expect(throws: DataError("gunzipped, it is \(message)", at: "pasted")) { _ = try PackFileReader(bytes: gzipped, source: "pasted") }
    let plain = try PackFileTesting.file("packs.csv.gz", try PackFileTesting.gzip(Self.csv))
    #expect(try PackFileTesting.read(plain).first?.cards.first?.collectorNumber == "100")
  }

  /// A file whose lines end in CR alone (classic Mac text) is one line to a reader of LF lines:
  /// it is named so, where a CSV lacked its columns and a list with a comment first had "no
  /// boosters". CR LF files read as LF ones.
  @Test(arguments: [
    ("cr.csv", "booster,set,collector_number\r1,war,100\r1,war,1\r"),
    ("cr.txt", "# opened at home\rOb Nixilis, the Hate-Twisted (WAR) 100\rKarn's Bastion (WAR) 248\r"),
  ])
  func linesEndingInCRAloneAreNamed(name: String, text: String) throws {
    let path = try PackFileTesting.file(name, text)
    #expect(
      PackFileTesting.error(path)
        == "\(path):1: a carriage return (CR) inside the line: the file's lines seem to end in CR alone; expected lines ending in LF or CR LF (convert it, e.g. with tr '\\r' '\\n')")
    let crlf = try PackFileTesting.file("crlf-" + name, text.replacingOccurrences(of: "\r", with: "\r\n"))
    #expect(try PackFileTesting.read(crlf).first?.cards.count == 2)
  }

  /// A CSV with its own columns and a `pack_number` or `draft_id` of its own is a CSV (it was
  /// taken for 17lands' layout and refused for lacking pick_number).
  @Test func aCSVWithAColumnNamedLike17landsIsACSV() throws {
    let path = try PackFileTesting.file("own.csv", "pack_number,booster,set,collector_number,draft_id\n1,1,war,100,x\n1,1,war,1,x\n")
    #expect(try PackFileReader(path: path).format == .csv)
    #expect(try PackFileTesting.read(path).first?.cards.map(\.collectorNumber) == ["100", "1"])
  }

  /// A text list whose first line starts "BZh" and a digit, without bzip2's block magic after
  /// them, is a list.
  @Test func aListStartingWithBZhIsAList() throws {
    let path = try PackFileTesting.file("list.txt", "BZh9 Elemental (WAR) 1\n")
    #expect(PackFileTesting.error(path)?.contains("bzip2") != true)
  }

  @Test func bytesAfterTheGzipDataAreNamedSo() throws {
    let path = try PackFileTesting.file("packs.csv.gz", try PackFileTesting.gzip(Self.csv) + Array("garbage\n".utf8))
    #expect(
      PackFileTesting.error(path)
        == "\(path): bytes that are not gzip follow the gzip data (trailing garbage: a file joined to another, or damaged), after line 3")
  }

  /// Zero bytes after the gzip data (padding to a block size) are skipped, as gzip skips them.
  @Test func zeroPaddingAfterTheGzipDataIsSkipped() throws {
    let path = try PackFileTesting.file("padded.csv.gz", try PackFileTesting.gzip(Self.csv) + [UInt8](repeating: 0, count: 512))
    let plain = try PackFileTesting.file("plain.csv", String(decoding: Self.csv, as: UTF8.self))
    #expect(try PackFileTesting.read(path) == (try PackFileTesting.read(plain)))
  }

  /// In a file larger than the reader's buffers, the lines before the garbage are all read: the
  /// error names the last of them.
  @Test func garbageAfterALargeFileNamesItsLastLine() throws {
    let rows = (1...200_000).map { "\($0 / 15),war,\($0 % 264 + 1)\n" }.joined()
    let text = Array(("booster,set,collector_number\n" + rows).utf8)
    let path = try PackFileTesting.file("large.csv.gz", try PackFileTesting.gzip(text) + Array("garbage".utf8))
    #expect(PackFileTesting.error(path)?.hasSuffix("(trailing garbage: a file joined to another, or damaged), after line 200001") == true, "\(PackFileTesting.error(path) ?? "")")
  }

  /// A semicolon header with a comma inside a field of its own is still a semicolon header.
  @Test func aSemicolonHeaderWithACommaInAFieldIsSemicolons() throws {
    let path = try PackFileTesting.file("semi.csv", "booster;set;collector_number;notes, misc\n1;war;100;a, b\n")
    #expect(try PackFileTesting.read(path).first?.cards.first?.collectorNumber == "100")
  }

  @Test func aRepeatedHeaderIsNamedAtItsLine() throws {
    let path = try PackFileTesting.file("joined.csv", String(decoding: Self.csv + Self.csv, as: UTF8.self))
    #expect(
      PackFileTesting.error(path)
        == "\(path):4: the header again, in the middle of the rows (files joined together?); expected a card's row: remove the repeated header")
  }

  /// Two files a spreadsheet saved as CSV UTF-8 (each starts with a byte-order mark), joined,
  /// and a second header in another column order: each the header again, at its line (they read
  /// as a booster named "\u{FEFF}booster" or "name" whose foil was "foil": a review).
  @Test func aRepeatedHeaderAfterAByteOrderMarkOrInAnotherOrderIsNamed() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let header = Array("booster,set,collector_number,name,foil\n1,war,100,A,no\n".utf8)
    let reordered = Array("name,set,collector_number,booster,foil\n".utf8)
    for (name, bytes) in [("bom.csv", bom + header + bom + header), ("order.csv", header + reordered + Array("B,war,1,2,no\n".utf8))] {
      let path = try PackFileTesting.file(name, bytes)
      #expect(
        PackFileTesting.error(path)
          == "\(path):3: the header again, in the middle of the rows (files joined together?); expected a card's row: remove the repeated header")
    }
    // A collector number that starts with a letter is read, not taken for a header.
    let starred = try PackFileTesting.file("starred.csv", "booster,set,collector_number\n1,war,A-5\n1,war,set\n")
    #expect(try PackFileTesting.read(starred).first?.cards.map(\.collectorNumber) == ["A-5", "set"])
  }

  /// A `count` (or `quantity`) column, as a collection export writes, stands for that many
  /// copies of the row's card (it was ignored, a row of 2 Islands read as one); 0, a word or
  /// more than a booster holds is refused at its line, and the two names together are refused.
  @Test func aCountColumnStandsForCopiesOfTheRowsCard() throws {
    let rows = try PackFileTesting.read(try PackFileTesting.file("rows.csv", "booster,set,collector_number\n1,war,100\n1,war,254\n1,war,254\n2,war,1\n"))
    for (name, header) in [("count.csv", "booster,set,collector_number,Count"), ("quantity.csv", "quantity,booster,set,collector_number")] {
      let body = name == "count.csv" ? "1,war,100,\n1,war,254,2\n2,war,1,1\n" : ",1,war,100\n2,1,war,254\n1,2,war,1\n"
      let counted = try PackFileTesting.read(try PackFileTesting.file(name, header + "\n" + body))
      #expect(PackFileTesting.normalized(counted) == PackFileTesting.normalized(rows), "\(name)")
      #expect(counted.first?.size == 3)
    }
    for (value, message) in [
      ("0", "a count of 0; leave the row out instead (booster \"1\")"), ("two", "the count \"two\" is not a whole number from 1 to 100 (booster \"1\")"),
      ("101", "a count of 101 is more than a booster holds (at most 100) (booster \"1\")"), ("1.5", "the count \"1.5\" is not a whole number from 1 to 100"),
      ("1000000000", "a count of 1000000000 is more than a booster holds (at most 100)"),
    ] {
      let path = try PackFileTesting.file("bad-count.csv", "booster,set,collector_number,count\n1,war,100,1\n1,war,254,\(value)\n")
      #expect(PackFileTesting.error(path)?.hasPrefix("\(path):3: \(message)") == true, "\(PackFileTesting.error(path) ?? "")")
    }
    let both = try PackFileTesting.file("both.csv", "booster,set,collector_number,count,quantity\n1,war,100,1,1\n")
    #expect(PackFileTesting.error(both) == "\(both):1: columns 4 and 5 are count and quantity, which Sealed reads as one: the copies of the card a row stands for; expected one of them")
  }

  /// A quoted name written by hand after a space opens no quoted field, and its comma splits it:
  /// the field count's error says why (a review: "row has 6 fields" alone).
  @Test func aQuoteAfterASpaceIsExplained() throws {
    let path = try PackFileTesting.file("spaced.csv", "booster, set, collector_number, name\n1, WAR, 164, \"Jiang Yanggu, Wildcrafter\"\n")
    #expect(PackFileTesting.error(path) == "\(path):2: row has 5 fields, the header has 4 (a quote after a space opens no quoted field: write the separator right before the quote)")
    let plain = try PackFileTesting.file("short.csv", "booster,set,collector_number\n1,war\n")
    #expect(PackFileTesting.error(plain) == "\(plain):2: row has 2 fields, the header has 3")
  }

  /// A line of spaces, or a spreadsheet's empty row of separators alone, is a blank line in
  /// either CSV layout (each was an error: "row has 1 field", "empty booster id").
  @Test func spacesAndEmptySpreadsheetRowsAreBlankLines() throws {
    let plain = try PackFileTesting.read(try PackFileTesting.file("plain.csv", "booster,set,collector_number\n1,war,100\n2,war,1\n"))
    for (name, text) in [
      ("spaces.csv", "booster,set,collector_number\n1,war,100\n   \n\t\n2,war,1\n,,\n"),
      ("semicolons.csv", "booster;set;collector_number\n1;war;100\n;;\n 2;war;1\n ; ;\n"),
    ] {
      let boosters = try PackFileTesting.read(try PackFileTesting.file(name, text))
      #expect(PackFileTesting.normalized(boosters) == PackFileTesting.normalized(plain), "\(name)")
    }
    let lands = "draft_id,pack_number,pick_number,expansion,pack_card_A,pack_card_B\nd1,0,0,WAR,1,0\n,,,,,\n  \nd1,1,0,WAR,0,1\n"
    let read = try PackFileTesting.read(try PackFileTesting.file("17l.csv", lands))
    #expect(read.count == 2, "\(read)")
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
