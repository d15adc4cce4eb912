import Foundation
import Testing
@testable import SealedCards

/// A `Card` keeps its fields in one box its copies share (`Card+Fields.swift`): a copy that is
/// changed must not change the card it was copied from, and the card must code, compare and hash
/// as the struct of stored properties it was did.
@Suite struct CardFieldsTests {
  static let card = Card(
    id: "abc", oracleID: "o-1", name: "Ob Nixilis, the Hate-Twisted", setCode: "war", setName: "War of the Spark",
    collectorNumber: CollectorNumber("100"), rarity: .uncommon, typeLine: "Legendary Planeswalker — Nixilis",
    manaCost: "{3}{B}{B}", manaValue: 5, colors: ["B"], colorIdentity: ["B"], layout: "normal",
    faces: [CardFace(name: "Front", manaCost: "{1}", typeLine: "Creature", colors: ["B"], imageURIs: ["small": "s"])],
    imageURIs: ["normal": "https://example.invalid/n.jpg"])

  @Test func aChangedCopyLeavesTheOriginalAsItWas() {
    var copy = Self.card
    #expect(copy.fields === Self.card.fields)
    copy.rarity = .mythic
    copy.faces.append(CardFace(name: "Back"))
    #expect(copy.fields !== Self.card.fields)
    #expect(Self.card.rarity == .uncommon && Self.card.faces.count == 1)
    #expect(copy.rarity == .mythic && copy.faces.count == 2)
    #expect(copy != Self.card)
    var unique = Card.placeholder(set: "war", number: "1")
    let box = ObjectIdentifier(unique.fields)
    unique.name = "renamed"
    #expect(ObjectIdentifier(unique.fields) == box, "a card that holds its fields alone changes them in place")
    #expect(unique.name == "renamed")
  }

  /// The keys are the stored properties' names, `oracleID` left out when nil: the JSON the
  /// synthesized conformance wrote.
  @Test func codesUnderTheStoredPropertiesNames() throws {
    let encoder = JSONEncoder()
    let text = String(decoding: try encoder.encode(Self.card), as: UTF8.self)
    let keys = ["id", "oracleID", "name", "setCode", "setName", "collectorNumber", "rarity", "typeLine", "manaCost",
      "manaValue", "colors", "colorIdentity", "layout", "faces", "imageURIs"]
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    #expect(object.map { Set($0.keys) } == Set(keys))
    #expect(try JSONDecoder().decode(Card.self, from: Data(text.utf8)) == Self.card)
    let withoutOracle = Card.placeholder(set: "war", number: "7")
    let plain = String(decoding: try encoder.encode(withoutOracle), as: UTF8.self)
    #expect(!plain.contains("oracleID"))
    #expect(try JSONDecoder().decode(Card.self, from: Data(plain.utf8)) == withoutOracle)
    let noName = plain.replacingOccurrences(of: "\"name\":", with: "\"nom\":")
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Card.self, from: Data(noName.utf8)) }
  }

  @Test func equalCardsHashAlikeAndEveryFieldCounts() {
    let same = Card(
      id: "abc", oracleID: "o-1", name: "Ob Nixilis, the Hate-Twisted", setCode: "war", setName: "War of the Spark",
      collectorNumber: CollectorNumber("100"), rarity: .uncommon, typeLine: "Legendary Planeswalker — Nixilis",
      manaCost: "{3}{B}{B}", manaValue: 5, colors: ["B"], colorIdentity: ["B"], layout: "normal",
      faces: Self.card.faces, imageURIs: ["normal": "https://example.invalid/n.jpg"])
    #expect(same == Self.card && same.hashValue == Self.card.hashValue)
    var changes: [(inout Card) -> Void] = [
      { $0.id = "x" }, { $0.oracleID = nil }, { $0.name = "x" }, { $0.setCode = "x" }, { $0.setName = "x" },
      { $0.collectorNumber = CollectorNumber("101") }, { $0.rarity = .rare }, { $0.typeLine = "x" },
      { $0.manaCost = "x" }, { $0.manaValue = 4 }, { $0.colors = [] }, { $0.colorIdentity = [] }, { $0.layout = "x" },
      { $0.faces = [] }, { $0.imageURIs = [:] },
    ]
    #expect(changes.count == 15)
    for index in changes.indices {
      var other = Self.card
      changes[index](&other)
      #expect(other != Self.card, "field \(index)")
    }
    changes.removeAll()
    #expect(Set([Self.card, same]).count == 1)
  }
}
