import Foundation
import SealedSupport
import SealedPackFiles
import SealedTestSupport
import Testing

/// Boosters written by `PackFileWriter` in one layout and read back give the same boosters.
@Suite struct RoundTripTests {
  static let boosters: [ListedBooster] = [
    ListedBooster(
      label: "box 1, pack 1", line: 0,
      cards: [
        ListedCard(setCode: "war", collectorNumber: "100", name: "Ob Nixilis, the Hate-Twisted", line: 0),
        ListedCard(setCode: "war", collectorNumber: "254", name: "Island", foil: true, count: 2, line: 0),
        ListedCard(setCode: "war", collectorNumber: "★12", name: "Saheeli, \"Sublime\" Artificer", line: 0),
      ]),
    ListedBooster(
      label: "7", line: 0,
      cards: [
        ListedCard(setCode: "war", collectorNumber: "221a", name: "Lim-Dûl's Vault", line: 0),
        ListedCard(setCode: "war", collectorNumber: "1", name: "Karn's Bastion", foil: true, line: 0),
      ]),
  ]

  static var names: [String] { ["Unused"] + boosters.flatMap { $0.cards.compactMap(\.name) } }

  static func written(_ format: PackFileFormat, gzip: Bool) throws -> String {
    let folder = try Fixtures.temporaryDirectory("pack-round-trip")
    let path = folder.appendingPathComponent("packs.\(format.rawValue)\(gzip ? ".gz" : "")").path
    try PackFileWriter.write(Self.boosters, to: path, format: format, gzip: gzip, cardNames: names)
    return path
  }

  @Test(arguments: [PackFileFormat.csv, .text], [false, true])
  func csvAndTextGiveTheSameBoosters(_ format: PackFileFormat, _ gzip: Bool) throws {
    let path = try Self.written(format, gzip: gzip)
    var reader = try PackFileReader(path: path)
    let (detected, gzipped) = (reader.format, reader.isGzipped)
    #expect(detected == format)
    #expect(gzipped == gzip)
    var read: [ListedBooster] = []
    while let booster = try reader.next() { read.append(booster) }
    #expect(PackFileTesting.normalized(read) == PackFileTesting.normalized(Self.boosters))
  }

  /// Names a test by Swift `Character` would write unreadably: a quote that a combining mark
  /// follows (one `Character`, unequal to a quote), beside a comma. The pack file quotes and
  /// doubles them byte by byte, and reads them back whole; a name with spaces at its ends is
  /// quoted too, for readers that would trim them (Sealed's reader trims them all the same).
  @Test func csvQuotesQuotesWithCombiningMarksAndEdgeSpaces() throws {
    let names = ["Say \"\u{301}hi\", friend", "\"\u{301}", " Edge spaces "]
    let booster = ListedBooster(
      label: "1", line: 0,
      cards: names.enumerated().map { ListedCard(setCode: "war", collectorNumber: "\($0.offset + 1)", name: $0.element, line: 0) })
    let folder = try Fixtures.temporaryDirectory("pack-round-trip")
    let path = folder.appendingPathComponent("packs.csv").path
    try PackFileWriter.write([booster], to: path, format: .csv)
    // The literals stay out of `#expect`, whose expansion cannot spell a quote followed by a
    // combining mark.
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)
    let expectedLines = [
      "1,war,1,\"Say \"\"\u{301}hi\"\", friend\",", "1,war,2,\"\"\"\u{301}\",", "1,war,3,\" Edge spaces \",",
    ]
    #expect(lines == expectedLines)
    let read = try PackFileTesting.read(path).flatMap { $0.cards.compactMap(\.name) }
    let expectedNames = ["Say \"\u{301}hi\", friend", "\"\u{301}", "Edge spaces"]
    #expect(read == expectedNames)
  }

  @Test func csvToTextToSeventeenLandsAndBack() throws {
    let csv = try PackFileTesting.read(try Self.written(.csv, gzip: false))
    let folder = try Fixtures.temporaryDirectory("pack-round-trip")
    let textPath = folder.appendingPathComponent("from-csv.txt").path
    try PackFileWriter.write(csv, to: textPath, format: .text)
    let text = try PackFileTesting.read(textPath)
    #expect(PackFileTesting.normalized(text) == PackFileTesting.normalized(csv))
    let landsPath = folder.appendingPathComponent("from-text.csv.gz").path
    try PackFileWriter.write(text, to: landsPath, format: .seventeenLands, gzip: true, cardNames: Self.names)
    let lands = try PackFileTesting.read(landsPath)
    #expect(PackFileTesting.nameCounts(lands) == PackFileTesting.nameCounts(Self.boosters))
    #expect(lands.map(\.label) == ["draft box 1, pack 1 pack 1", "draft 7 pack 1"])
  }

  @Test func seventeenLandsNeedsNamesAndKnownColumns() throws {
    let folder = try Fixtures.temporaryDirectory("pack-round-trip")
    let path = folder.appendingPathComponent("17l.csv").path
    #expect(throws: DataError("17lands' layout needs the card names for its pack_card_ columns", at: path)) {
      try PackFileWriter.write(Self.boosters, to: path, format: .seventeenLands)
    }
    #expect(
      throws: DataError(
        "\"Island\" is not among the card names given for the pack_card_ columns (card listed on line 0) (booster \"box 1, pack 1\")",
        at: path)
    ) {
      try PackFileWriter.write(Self.boosters, to: path, format: .seventeenLands, cardNames: ["Ob Nixilis, the Hate-Twisted"])
    }
  }
}
