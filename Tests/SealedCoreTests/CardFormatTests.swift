import Foundation
import SealedCore
import SealedTestSupport
import Testing

/// The three shapes of Scryfall data load alike.
@Suite struct CardFormatTests {
  @Test func listObjectAndBulkFileMixingSets() throws {
    let dir = try Fixtures.temporaryDirectory()
    let list = """
      {"object": "list", "has_more": false, "data": [
      \(Fixtures.cardJSON(set: "aaa", number: "1", name: "One")),
      \(Fixtures.cardJSON(set: "aaa", number: "2", name: "Two"))
      ]}
      """
    let listPath = try Fixtures.write(list, to: "list.json", in: dir)
    #expect(try CardFileReader.read(path: listPath).map(\.name) == ["One", "Two"])

    let bulk = "[" + [
      Fixtures.cardJSON(set: "aaa", number: "1", name: "One"),
      Fixtures.cardJSON(set: "bbb", number: "10", name: "Ten"),
      Fixtures.cardJSON(set: "bbb", number: "9", name: "Nine"),
    ].joined(separator: ",") + "]"
    let bulkPath = try Fixtures.write(bulk, to: "bulk.json", in: dir)
    let database = try CardDatabase.load(path: bulkPath)
    #expect(database.setCodes == ["aaa", "bbb"])
    #expect(try database.cards(ofSet: "bbb").map(\.name) == ["Nine", "Ten"])
  }

  @Test func listObjectErrorsPointAtTheCardLine() throws {
    let dir = try Fixtures.temporaryDirectory()
    let list = """
      {"object": "list", "data": [
      \(Fixtures.cardJSON(number: "1", name: "One")),
      \(Fixtures.cardJSON(number: "2", name: "Two", rarity: "epic"))
      ]}
      """
    let path = try Fixtures.write(list, to: "list.json", in: dir)
    #expect(throws: DataError.self) { try CardFileReader.read(path: path) }
    do {
      _ = try CardFileReader.read(path: path)
    } catch {
      #expect(error.description.hasPrefix("\(path):3: card 2: unknown rarity \"epic\""))
    }
  }

  @Test func dataLocationPrefersOptionThenEnvironmentThenDefault() throws {
    let dir = try Fixtures.temporaryDirectory()
    let file = try Fixtures.write("[]", to: "x.json", in: dir)
    #expect(try CardDataLocation.resolve(option: file, environment: ["SEALED_CARDS": "/nope"]) == file)
    #expect(try CardDataLocation.resolve(option: nil, environment: ["SEALED_CARDS": file]) == file)
    let work = dir.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work.appendingPathComponent("../shared/cards").standardized, withIntermediateDirectories: true)
    #expect(
      try CardDataLocation.resolve(option: nil, environment: [:], workingDirectory: work.path)
        == dir.appendingPathComponent("shared/cards").path)
    #expect(throws: DataError.self) {
      try CardDataLocation.resolve(option: nil, environment: [:], workingDirectory: "/")
    }
  }

  @Test func gapsInCollectorNumbersAreListedAsRanges() throws {
    let numbers = ["0", "1", "2", "5", "7", "1000000000"]
    let cards = try numbers.map { number in
      try CardFileReader.parse(Data("[\(Fixtures.cardJSON(number: number, name: "Card \(number)"))]".utf8), source: "x")[0]
    }
    let summary = SetSummary(CardSet(code: "tst", cards: cards))
    let warning = try #require(summary.warnings.first { $0.hasPrefix("collector numbers missing") })
    #expect(warning.hasPrefix("collector numbers missing: 3-4, 6, 8-999999999: the data looks partial"))
  }
}
