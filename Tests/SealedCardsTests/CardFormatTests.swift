import Foundation
import SealedSupport
import SealedCards
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

  @Test func dataLocationPrefersOptionThenEnvironmentThenTheDefaultPlaces() throws {
    let dir = try Fixtures.temporaryDirectory()
    let file = try Fixtures.write("[]", to: "x.json", in: dir)
    let home = dir.appendingPathComponent("home").path
    #expect(try CardDataLocation.resolve(option: file, environment: ["SEALED_CARDS": "/nope"]).kind == .given(path: file, givenBy: "--cards"))
    #expect(try CardDataLocation.resolve(option: nil, environment: ["SEALED_CARDS": file]).kind == .given(path: file, givenBy: "SEALED_CARDS"))
    let layered = try CardDataLocation.resolve(option: nil, environment: ["SEALED_HOME": home], shipped: Fixtures.shippedCards)
    #expect(layered.kind == .layered(store: CardStore(path: home + "/cards"), shipped: Fixtures.shippedCards))
    #expect(layered.availableSets().allSatisfy { $0.origin == .shipped })
    #expect(layered.availableSets().count == 9 + 204)
    // Nothing shipped and nothing fetched: one line saying where it looked.
    #expect {
      try CardDataLocation.resolve(option: nil, environment: ["SEALED_HOME": home], shipped: nil)
    } throws: { error in
      let text = (error as? DataError)?.description ?? ""
      return text.hasPrefix("no card data found: --cards not given, SEALED_CARDS not set, no sets in \(home)/cards") && !text.contains("\n")
    }
  }

  @Test func aFetchedSetReplacesTheShippedCopyAndTheOthersStay() throws {
    let dir = try Fixtures.temporaryDirectory()
    let store = CardStore(path: dir.appendingPathComponent("cards").path)
    let pending = try store.beginSet("war", source: "test")
    try pending.append(cardObject: Array(Fixtures.cardJSON(set: "war", number: "1", name: "Only Card").utf8))
    try pending.commit(origin: "test")
    let location = CardDataLocation(kind: .layered(store: store, shipped: Fixtures.shippedCards))
    let war = try location.load(sets: ["war"])
    #expect(war.setCodes == ["war"])
    #expect(try war.cards(ofSet: "war").map(\.name) == ["Only Card"])
    #expect(try location.load(sets: ["dom"]).cards(ofSet: "dom").count == 280)
    let both = try location.load(sets: ["war", "afr"])
    #expect(both.setCodes == ["afr", "war"])
    #expect(both.cardsBySet["war"]?.count == 1)
    #expect(location.availableSets().count == 9 + 204)
    #expect(location.availableSets().first { $0.code == "war" }?.origin == .fetched)
    #expect(store.source(ofSet: "war") == "test")
    #expect {
      try location.load(sets: ["zzz"])
    } throws: { error in
      (error as? DataError)?.description == "unknown set \"zzz\"; 213 sets have card data here (sealed sets lists them); sealed cards fetch zzz downloads a set from Scryfall"
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
