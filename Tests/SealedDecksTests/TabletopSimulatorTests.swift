import Foundation
import SealedSupport
import SealedCards
import SealedDecks
import SealedTestSupport
import Testing

@Suite struct TabletopSimulatorTests {
  func encoded(_ deck: Deck) throws -> [String: Any] {
    let data = try JSONEncoder().encode(try TabletopSimulatorDeck(deck))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func oneCardPerCopyEachWithItsImageAndName() throws {
    var deck = Deck(name: "alice", pool: DeckTestPools.small, poolName: "small")
    try deck.add(try deck.findCard("Bolt"), count: 3)
    try deck.add(try deck.findCard("Forest"), count: 2)
    // Deck order: Bolt x3, Pridemate x2, Dragon, Forest x2.
    let json = try encoded(deck)
    let objects = try #require(json["ObjectStates"] as? [[String: Any]])
    #expect(objects.count == 1)
    let object = objects[0]
    #expect(object["Name"] as? String == "DeckCustom")
    #expect(object["Nickname"] as? String == "alice")
    let contained = try #require(object["ContainedObjects"] as? [[String: Any]])
    #expect(contained.map { $0["Nickname"] as? String } == [
      "Bolt", "Bolt", "Bolt", "Ajani's Pridemate", "Ajani's Pridemate", "Dragon", "Forest", "Forest",
    ])
    #expect(contained.allSatisfy { $0["Name"] as? String == "Card" })
    let ids = contained.map { $0["CardID"] as! Int }
    #expect(ids == [100, 100, 100, 200, 200, 300, 400, 400])
    #expect(object["DeckIDs"] as? [Int] == ids)
    let sheets = try #require(object["CustomDeck"] as? [String: [String: Any]])
    #expect(Set(sheets.keys) == ["1", "2", "3", "4"])
    #expect(sheets["1"]?["FaceURL"] as? String == "https://img.example/tst/3.jpg")
    #expect(sheets["4"]?["FaceURL"] as? String == "https://img.example/tst/104.jpg")
    for sheet in sheets.values {
      #expect(sheet["BackURL"] as? String == TabletopSimulatorDeck.cardBackURL)
      #expect(sheet["NumWidth"] as? Int == 1)
      #expect(sheet["NumHeight"] as? Int == 1)
      #expect(sheet["BackIsHidden"] as? Bool == true)
    }
    for card in contained {
      let id = card["CardID"] as! Int
      let own = try #require(card["CustomDeck"] as? [String: [String: Any]])
      #expect(Array(own.keys) == [String(id / 100)], "each card carries its own sheet")
    }
    #expect(Set(contained.compactMap { $0["GUID"] as? String }).count == contained.count)
  }

  @Test func doubleFacedCardsShowTheirFrontFace() throws {
    let card = try #require(ShippedData.database().cardsBySet["xln"]?.first { $0.layout == "transform" })
    #expect(card.imageURIs.isEmpty)
    let record = PoolCard(card)
    #expect(record.image == card.faces[0].imageURIs["normal"])
    #expect(record.image != card.faces[1].imageURIs["normal"])
    // The shipped data's addresses (img.scryfall.com/cards/normal/en/xln/NUMBERa.jpg, b for the
    // back) become Scryfall's image request for the front face.
    #expect(record.image == "https://api.scryfall.com/cards/xln/\(card.collectorNumber.text)?format=image&version=normal")
    #expect(card.faces[1].imageURIs["normal"]?.hasSuffix("&face=back") == true)
    #expect(TabletopSimulatorDeck.imageURL(for: record) == record.image)
  }

  /// Both exports refuse an empty deck alike (Arena's wrote a `Deck` heading over nothing: a
  /// review).
  @Test func anEmptyDeckIsRefused() throws {
    var deck = Deck(name: "empty", pool: DeckTestPools.small, poolName: "small")
    try deck.remove(try deck.findCard("Ajani's P"), count: 2)
    try deck.remove(try deck.findCard("Dragon"))
    #expect(throws: DataError("deck empty is empty; add cards with 'sealed deck add empty CARD'")) {
      try TabletopSimulatorDeck(deck)
    }
    #expect(throws: DataError("deck empty is empty; add cards with 'sealed deck add empty CARD'")) {
      try ArenaDeckList.exported(deck)
    }
  }
}

@Suite struct LibraryJSONLayoutTests {
  @Test func flatObjectsSitOnOneLine() throws {
    let library = Library(path: try Fixtures.temporaryDirectory().path)
    var pool = DeckTestPools.small
    pool.setName = "Quotes \" and \\ back\nslash\u{1}"
    try library.save([Library.file(for: pool, named: "p")])
    let text = try String(contentsOfFile: library.file(.pool, "p"), encoding: .utf8)
    #expect(text.contains("\"set_name\": \"Quotes \\\" and \\\\ back\\nslash\\u0001\","))
    #expect(text.contains("\n        {\"set\": \"tst\", \"collector_number\": \"1\", \"name\": \"Ajani's Pridemate\", \"slot\": \"common\"},\n"))
    #expect(text.contains("\"colors\": [\"R\", \"W\"]"))
    #expect(text.contains("\"mana_value\": 7,"))
    #expect(try library.pool("p").setName == pool.setName)
  }
}
