import Foundation
import SealedSupport
import SealedCards
import SealedTestSupport
import Testing

@testable import SealedMTGJSON

/// `MTGJSONCardImporter` on the real set files: one card per printing, faces joined as
/// Scryfall joins them, and the fields of known cards as Scryfall gives them.
@Suite struct CardImportTests {
  func importing(_ path: String, sets: [String]? = nil) throws -> (CardStore, [MTGJSONCardImporter.StoredSet]) {
    let store = CardStore(path: try Fixtures.temporaryDirectory("mtgjson-store").path)
    let stored = try MTGJSONCardImporter(sets: sets).importFile(path, into: store)
    return (store, stored)
  }

  func cards(_ store: CardStore, _ set: String) throws -> [String: Card] {
    let cards = try CardFileReader.read(path: store.file(forSet: set))
    return Dictionary(uniqueKeysWithValues: cards.map { ($0.collectorNumber.text, $0) })
  }

  @Test(arguments: [("ZNR", 392), ("NEO", 512), ("BRO", 387)])
  func oneCardPerPrinting(set: String, printings: Int) throws {
    let (store, stored) = try importing(MTGJSONFixtures.gzipped(set))
    #expect(stored.map(\.code) == [set.lowercased()])
    #expect(stored[0].cards == printings)
    #expect(try cards(store, set.lowercased()).count == printings)
    #expect(store.source(ofSet: set.lowercased())?.hasPrefix("imported from \(set).json.gz (MTGJSON) on ") == true)
  }

  /// Values from Scryfall's data for the same printings (ids, names, costs, types).
  @Test func znrCardsAreScryfallsCards() throws {
    let (store, _) = try importing(MTGJSONFixtures.gzipped("ZNR"))
    let znr = try cards(store, "znr")
    let allied = try #require(znr["1"])
    #expect(allied.id == "340df0d4-9848-4372-9f45-a73a8e94058a")
    #expect(allied.name == "Allied Assault")
    #expect(allied.rarity == .uncommon)
    #expect(allied.typeLine == "Instant")
    #expect(allied.manaCost == "{2}{W}")
    #expect(allied.manaValue == 3)
    #expect(allied.colors == ["W"])
    #expect(allied.setName == "Zendikar Rising")
    // A modal double-faced card: two entries in MTGJSON, one card with two faces.
    let emeria = try #require(znr["12"])
    #expect(emeria.id == "c470539a-9cc7-4175-8f7c-c982b6072b6d")
    #expect(emeria.name == "Emeria's Call // Emeria, Shattered Skyclave")
    #expect(emeria.layout == "modal_dfc")
    #expect(emeria.typeLine == "Sorcery // Land")
    #expect(emeria.frontTypeLine == "Sorcery")
    #expect(emeria.manaCost == "{4}{W}{W}{W}")
    #expect(emeria.manaValue == 7)
    #expect(emeria.colors == ["W"])
    #expect(emeria.rarity == .mythic)
    #expect(emeria.faces.map(\.name) == ["Emeria's Call", "Emeria, Shattered Skyclave"])
    let forest = try #require(znr["280"])
    #expect(forest.isBasicLand)
    #expect(forest.id == "e2ef9b74-481b-424b-8e33-f0b910f66370")
    #expect(znr["281"]?.name == "Jace, Mirror Mage")
    #expect(znr["285"]?.name == "Brightclimb Pathway // Grimclimb Pathway")
  }

  @Test func neoTransformCardIsOneCard() throws {
    let (store, _) = try importing(MTGJSONFixtures.gzipped("NEO"))
    let moths = try #require(try cards(store, "neo")["4"])
    #expect(moths.name == "Befriending the Moths // Imperial Moth")
    #expect(moths.layout == "transform")
    #expect(moths.typeLine == "Enchantment — Saga // Enchantment Creature — Insect")
    #expect(moths.manaCost == "{3}{W}")
    #expect(moths.manaValue == 4)
    #expect(moths.rarity == .common)
  }

  /// Meld parts are printed apart: Scryfall numbers the front `163` (MTGJSON `163a`) and names
  /// it by its own name; the melded back keeps `163b`.
  @Test func broMeldPartsAreScryfallsPrintings() throws {
    let (store, _) = try importing(MTGJSONFixtures.gzipped("BRO"))
    let bro = try cards(store, "bro")
    #expect(bro["163"]?.name == "Phyrexian Dragon Engine")
    #expect(bro["163a"] == nil)
    #expect(bro["163b"]?.name == "Mishra, Lost to Phyrexia")
    #expect(bro["238"]?.name == "The Mightstone and Weakstone")
    #expect(bro["256"]?.name == "Argoth, Sanctum of Nature")
    #expect(bro["225"]?.name == "Urza, Lord Protector")
    #expect(bro["225"]?.layout == "meld")
  }

  /// Split and adventure cards (none in the three files): a set file written here, with what
  /// Scryfall gives for Bonecrusher Giant (eld 115) and Fire // Ice (mh2 290).
  @Test func splitAndAdventureCardsJoinTheirFaces() throws {
    let dir = try Fixtures.temporaryDirectory()
    func entry(_ name: String, face: String, number: String, side: String, layout: String, type: String, cost: String, colors: [String], value: Double) -> String {
      #"{"name": "\#(name)", "faceName": "\#(face)", "number": "\#(number)", "side": "\#(side)", "layout": "\#(layout)", "type": "\#(type)", "manaCost": "\#(cost)", "manaValue": \#(value), "colors": \#(colors), "colorIdentity": ["R", "U"], "rarity": "uncommon", "uuid": "\#(name)-\#(side)", "setCode": "TST", "identifiers": {"scryfallId": "id-\#(number)"}}"#
    }
    let cards = [
      entry("Bonecrusher Giant // Stomp", face: "Bonecrusher Giant", number: "115", side: "a", layout: "adventure", type: "Creature — Giant", cost: "{2}{R}", colors: ["R"], value: 3),
      entry("Bonecrusher Giant // Stomp", face: "Stomp", number: "115", side: "b", layout: "adventure", type: "Instant — Adventure", cost: "{1}{R}", colors: ["R"], value: 3),
      entry("Fire // Ice", face: "Ice", number: "290", side: "b", layout: "split", type: "Instant", cost: "{1}{U}", colors: ["U"], value: 4),
      entry("Fire // Ice", face: "Fire", number: "290", side: "a", layout: "split", type: "Instant", cost: "{1}{R}", colors: ["R"], value: 4),
    ]
    let text = #"{"meta": {"version": "5.2.0"}, "data": {"code": "TST", "name": "Test", "cards": ["# + cards.joined(separator: ", ") + "]}}"
    let path = try Fixtures.write(text, to: "TST.json", in: dir)
    let (store, _) = try importing(path)
    let tst = try self.cards(store, "tst")
    let giant = try #require(tst["115"])
    #expect(giant.name == "Bonecrusher Giant // Stomp")
    #expect(giant.manaCost == "{2}{R} // {1}{R}")
    #expect(giant.typeLine == "Creature — Giant // Instant — Adventure")
    #expect(giant.manaValue == 3)
    #expect(giant.colors == ["R"])
    #expect(giant.faces.map(\.name) == ["Bonecrusher Giant", "Stomp"])
    let fire = try #require(tst["290"])
    #expect(fire.name == "Fire // Ice")
    #expect(fire.faces.map(\.name) == ["Fire", "Ice"])
    #expect(fire.manaCost == "{1}{R} // {1}{U}")
    #expect(fire.typeLine == "Instant // Instant")
    #expect(Set(fire.colors) == ["U", "R"])
    #expect(fire.manaValue == 4)
  }

  @Test func plainAndGzippedFilesStoreTheSameCards() throws {
    let dir = try Fixtures.temporaryDirectory()
    let (plainStore, _) = try importing(try MTGJSONFixtures.writePlain("NEO", in: dir))
    let (gzStore, _) = try importing(MTGJSONFixtures.gzipped("NEO"))
    #expect(try cards(plainStore, "neo") == cards(gzStore, "neo"))
  }

  @Test(.heavy) func allPrintingsStoresEverySetOrTheOnesAskedFor() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try MTGJSONFixtures.allPrintings([("BRO", "BRO"), ("NEO", "NEO"), ("ZNR", "ZNR"), ("ZNR", "ZZ1")], in: dir)
    let (store, stored) = try importing(path)
    #expect(stored.map(\.code) == ["bro", "neo", "znr", "zz1"])
    #expect(stored.map(\.cards) == [387, 512, 392, 392])
    #expect(try cards(store, "zz1")["12"]?.name == "Emeria's Call // Emeria, Shattered Skyclave")
    #expect(try cards(store, "zz1")["12"]?.setCode == "zz1")
    let (only, some) = try importing(path, sets: ["neo"])
    #expect(some.map(\.code) == ["neo"])
    #expect(only.storedSets() == ["neo"])
    #expect(throws: DataError.self) { try importing(path, sets: ["war"]) }
  }

  /// ZNR's set file with an entry added to its cards by `entry` (from its first card and its
  /// first mythic), written into `dir`.
  func znrWith(_ name: String, in dir: URL, entry: ([String: Any], [String: Any]) -> [String: Any]) throws -> (path: String, first: [String: Any]) {
    var object = try JSONSerialization.jsonObject(with: MTGJSONFixtures.plain("ZNR")) as! [String: Any]
    var set = object["data"] as! [String: Any]
    var cards = set["cards"] as! [[String: Any]]
    let first = cards[0]
    cards.append(entry(first, cards.first { ($0["rarity"] as? String) == "mythic" }!))
    set["cards"] = cards
    object["data"] = set
    let path = dir.appendingPathComponent(name).path
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    return (path, first)
  }

  /// Two different cards sharing a uuid: a product whose sheet names it is refused, naming both
  /// (found by a review: the last one won, so a ZNR sheet drew a copy of Angel of Destiny where
  /// Allied Assault was meant); the cards themselves import (a card is its set and number), and
  /// so do products that name other uuids (mtgjson #1184: AllPrintings with thousands of PLST
  /// cards sharing uuids).
  @Test func aUUIDTwoCardsShareRefusesTheProductNamingIt() throws {
    let dir = try Fixtures.temporaryDirectory()
    let (path, first) = try znrWith("dup.json", in: dir) { first, mythic in
      var copy = mythic
      copy["number"] = "900"
      copy["uuid"] = first["uuid"]
      return copy
    }
    let store = CardStore(path: dir.appendingPathComponent("store").path)
    #expect(try MTGJSONCardImporter().importFile(path, into: store).first?.cards == 393)
    let message = "\(path): set ZNR: uuid \(first["uuid"] as! String) names two cards, \(first["number"] as! String) (\(first["name"] as! String)) and 900 (Angel of Destiny); expected each card's uuid once (a booster sheet naming it cannot tell which)"
    #expect { _ = try MTGJSONBoosterImport(path: path).load(["default"]) } throws: { ($0 as? DataError)?.description == message }
    let contents = try MTGJSONContents.read(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), source: path)
    #expect(contents.sets.first?.unresolved["znr-default"] == message, "\(contents.sets.first?.unresolved ?? [:])")
  }

  /// An entry given twice, the same in every field that makes it (mtgjson #803, #811), is one
  /// card, not a card with a second face.
  @Test func anEntryGivenTwiceIsOneCard() throws {
    let dir = try Fixtures.temporaryDirectory()
    let (path, first) = try znrWith("twice.json", in: dir) { first, _ in first }
    let store = CardStore(path: dir.appendingPathComponent("store").path)
    #expect(try MTGJSONCardImporter().importFile(path, into: store).first?.cards == 392)
    let card = try #require(try CardDatabase.load(path: store.file(forSet: "znr")).cards(ofSet: "znr").first { $0.collectorNumber.text == first["number"] as? String })
    #expect(card.name == first["name"] as? String)
    #expect(try MTGJSONBoosterImport(path: path).load(["default"]).products.count == 1)
  }

  @Test func aFailedImportStoresNothing() throws {
    let dir = try Fixtures.temporaryDirectory()
    let good = try MTGJSONFixtures.writePlain("NEO", in: dir)
    var text = try String(contentsOfFile: good, encoding: .utf8)
    text = String(text.dropLast(200))
    let truncated = try Fixtures.write(text, to: "truncated.json", in: dir)
    let store = CardStore(path: dir.appendingPathComponent("store").path)
    #expect(throws: DataError.self) { try MTGJSONCardImporter().importFile(truncated, into: store) }
    #expect(store.storedSets().isEmpty)
    let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []
    #expect(leftovers.isEmpty, "\(leftovers)")
  }
}
