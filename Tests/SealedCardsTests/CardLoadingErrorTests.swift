import Foundation
import SealedSupport
import SealedCards
import SealedTestSupport
import Testing

/// Every kind of bad card data gives a one-line `DataError` naming the file and the place.
@Suite struct CardLoadingErrorTests {
  func loadingError(_ path: String) -> DataError? {
    do {
      _ = try CardDatabase.load(path: path)
      return nil
    } catch {
      return error
    }
  }

  @Test func missingPath() throws {
    let error = try #require(loadingError("/no/such/cards.json"))
    #expect(error.description == "/no/such/cards.json: no such file or folder")
  }

  @Test func emptyFile() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write("  \n", to: "empty.json", in: dir)
    let error = try #require(loadingError(path))
    #expect(error.description == "\(path): the file is empty; expected a JSON array of Scryfall card objects")
  }

  @Test func malformedJSONNamesLineAndColumn() throws {
    let dir = try Fixtures.temporaryDirectory()
    let text = "[\n" + Fixtures.cardJSON(number: "1", name: "A") + ",\n{\"name\": \"B\",, }\n]"
    let path = try Fixtures.write(text, to: "bad.json", in: dir)
    let error = try #require(loadingError(path))
    #expect(error.description.hasPrefix("\(path):3:"))
    #expect(error.description.contains("malformed JSON"))
    #expect(!error.description.contains("\n"))
  }

  @Test(arguments: ["set", "collector_number", "name", "rarity"])
  func cardWithoutARequiredField(_ field: String) throws {
    let dir = try Fixtures.temporaryDirectory()
    let good = Fixtures.cardJSON(number: "1", name: "Good")
    var object = try JSONSerialization.jsonObject(
      with: Data(Fixtures.cardJSON(number: "2", name: "Bad").utf8)) as! [String: Any]
    object[field] = nil
    let bad = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    let path = try Fixtures.write("[\n\(good),\n\(bad)\n]\n", to: "cards.json", in: dir)
    let error = try #require(loadingError(path))
    #expect(error.description.hasPrefix("\(path):3: card 2: card has no \"\(field)\" field"))
  }

  @Test func fieldOfTheWrongType() throws {
    let dir = try Fixtures.temporaryDirectory()
    let bad = Fixtures.cardJSON(number: "1", name: "A").replacingOccurrences(of: "\"cmc\":2.0", with: "\"cmc\":\"two\"")
    let path = try Fixtures.write("[\n\(bad)\n]", to: "cards.json", in: dir)
    let error = try #require(loadingError(path))
    #expect(error.description == "\(path):2: card 1: field \"cmc\": expected a number")
  }

  @Test func unknownRarity() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write(
      "[\(Fixtures.cardJSON(number: "1", name: "A", rarity: "legendary"))]", to: "cards.json", in: dir)
    let error = try #require(loadingError(path))
    #expect(error.description.hasPrefix("\(path):1: card 1: unknown rarity \"legendary\"; expected one of common, uncommon"))
  }

  @Test func sameCardNumberWithDifferentNames() throws {
    let dir = try Fixtures.temporaryDirectory()
    let first = try Fixtures.write("[\(Fixtures.cardJSON(number: "7", name: "Alpha"))]", to: "a.json", in: dir)
    let second = try Fixtures.write(
      "[\n\(Fixtures.cardJSON(number: "8", name: "Beta")),\n\(Fixtures.cardJSON(number: "7", name: "Gamma"))\n]",
      to: "b.json", in: dir)
    let error = try #require(loadingError(dir.path))
    #expect(
      error.description
        == "\(second):3: card 2: tst #7 is \"Gamma\" here but \"Alpha\" at \(first): card 1; expected one name per set and collector number")
  }

  @Test func sameCardTwiceWithTheSameNameIsKeptOnce() throws {
    let dir = try Fixtures.temporaryDirectory()
    let card = Fixtures.cardJSON(number: "7", name: "Alpha")
    try Fixtures.write("[\(card)]", to: "a.json", in: dir)
    try Fixtures.write("[\(card)]", to: "b.json", in: dir)
    let database = try CardDatabase.load(path: dir.path)
    #expect(try database.cards(ofSet: "tst").count == 1)
  }

  @Test func folderWithoutJSONFiles() throws {
    let dir = try Fixtures.temporaryDirectory()
    try Fixtures.write("not cards", to: "notes.txt", in: dir)
    let error = try #require(loadingError(dir.path))
    #expect(error.description == "\(dir.path): the folder has no .json or .json.gz files; expected Scryfall card data")
  }

  @Test func topLevelValueThatIsNotAnArray() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write("\"cards\"", to: "cards.json", in: dir)
    let error = try #require(loadingError(path))
    #expect(error.description.hasPrefix("\(path):1:1: expected a JSON array"))
  }

  @Test func unknownSetListsTheAvailableOnes() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write("[\(Fixtures.cardJSON(number: "1", name: "A"))]", to: "cards.json", in: dir)
    let database = try CardDatabase.load(path: path)
    #expect(throws: DataError("unknown set \"zzz\"; available sets: tst (from \(path))")) {
      try database.cards(ofSet: "zzz")
    }
  }

  /// A file of no cards is said to be one (it listed no available sets: "available sets:  (from F)").
  @Test func aFileOfNoCardsIsNamed() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write("[]", to: "empty.json", in: dir)
    let database = try CardDatabase.load(path: path)
    #expect(throws: DataError("unknown set \"war\": \(path) holds no cards; expected card data (a JSON array of cards)")) {
      try database.cards(ofSet: "war")
    }
  }
}
