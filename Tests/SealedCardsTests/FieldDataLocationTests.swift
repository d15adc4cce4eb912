import Foundation
import SealedSupport
import SealedCards
import SealedTestSupport
import Testing

/// Where the field data sits among the places card data comes from: asked-for sets load by
/// code, the nine Scryfall sets and the user's own data win over it, damage is one line.
@Suite struct FieldDataLocationTests {
  /// The real shipped data under an empty card folder.
  func shippedLocation() throws -> CardDataLocation {
    let home = try Fixtures.temporaryDirectory("sealed-home")
    return CardDataLocation(kind: .layered(store: CardStore(path: home.appendingPathComponent("cards").path), shipped: Fixtures.shippedCards))
  }

  /// Gzips `text` into `path` with the system's gzip, as a person would.
  static func gzip(_ text: String, to path: String) throws {
    let plain = path.replacingOccurrences(of: ".gz", with: "")
    try Data(text.utf8).write(to: URL(fileURLWithPath: plain))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-n", "-f", plain]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test func aFieldSetLoadsByCodeWithItsName() throws {
    let location = try shippedLocation()
    let available = location.availableSets()
    #expect(available.count == 213)
    #expect(available.filter(\.isFieldData).count == 204)
    #expect(available.first { $0.code == "war" }?.isFieldData == false)
    #expect(available.first { $0.code == "afr" }?.file.hasSuffix("cards/field/afr.json.gz") == true)

    let database = try location.load(sets: ["afr"])
    #expect(database.setCodes == ["afr"])
    let afr = try CardSet(code: "afr", in: database)
    #expect(afr.cards.count == 402)
    #expect(afr.name == "Adventures in the Forgotten Realms")
    #expect(afr.boosterMax == 281)
    #expect(try afr.boosterCards().contains { $0.name == "Arborea Pegasus" && $0.typeLine == "Creature — Pegasus" && $0.colors == ["W"] })
  }

  @Test func aSetWithoutBasicLandsSaysHowToOpenIt() throws {
    let dgm = try CardSet(code: "dgm", in: try shippedLocation().load(sets: ["dgm"]))
    #expect(dgm.cards.count == 156)
    #expect(throws: DataError.self) { try dgm.boosterCards() }
    do {
      _ = try dgm.boosterCards()
    } catch {
      #expect(error.description.contains("--booster-max"))
    }
  }

  @Test func aNamedSetWithoutDataAndAnUnknownSetSaySo() throws {
    let location = try shippedLocation()
    #expect(throws: DataError(
      "set spg has no card data: the field's booster data names it, but no public extract shipped with Sealed holds it; sealed cards fetch spg downloads it from Scryfall"
    )) { try location.load(sets: ["spg"]) }
    #expect(throws: DataError(
      "unknown set \"zzz\"; 213 sets have card data here (sealed sets lists them); sealed cards fetch zzz downloads a set from Scryfall"
    )) { try location.load(sets: ["zzz"]) }
  }

  @Test func theNineScryfallSetsWinOverTheFieldDataAndTheUsersDataOverBoth() throws {
    let dir = try Fixtures.temporaryDirectory()
    let shipped = dir.appendingPathComponent("cards").path
    try FileManager.default.createDirectory(atPath: shipped + "/field", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Fixtures.shippedCardFile("war.json"), toPath: shipped + "/war.json")
    try Self.gzip("[\(Fixtures.cardJSON(set: "war", number: "1", name: "Field War Card"))]", to: shipped + "/field/war.json.gz")
    try Self.gzip("[\(Fixtures.cardJSON(set: "tst", number: "1", name: "Field Card"))]", to: shipped + "/field/tst.json.gz")
    let store = CardStore(path: dir.appendingPathComponent("home/cards").path)
    let location = CardDataLocation(kind: .layered(store: store, shipped: shipped))

    #expect(location.availableSets().map(\.code) == ["tst", "war"])
    #expect(try location.load(sets: ["war"]).cards(ofSet: "war").count == 275)
    #expect(try location.load(sets: ["tst"]).cards(ofSet: "tst").map(\.name) == ["Field Card"])

    let pending = try store.beginSet("tst", source: "test")
    try pending.append(cardObject: Array(Fixtures.cardJSON(set: "tst", number: "2", name: "Users Card").utf8))
    try pending.commit(origin: "test")
    #expect(try location.load(sets: ["tst"]).cards(ofSet: "tst").map(\.name) == ["Users Card"])
    let entries = try SetCatalog.entries(of: location)
    #expect(entries.map(\.origin) == [.fetched, .shipped])
    #expect(entries.first?.summary.cards == 1)
    #expect(entries.first?.source == "test")
  }

  @Test func aDamagedFieldFileIsOneLineNamingIt() throws {
    let dir = try Fixtures.temporaryDirectory()
    let shipped = dir.appendingPathComponent("cards").path
    try FileManager.default.createDirectory(atPath: shipped + "/field", withIntermediateDirectories: true)
    let original = try Data(contentsOf: URL(fileURLWithPath: FieldCardData(shippedCards: Fixtures.shippedCards).file(forSet: "afr")))
    var corrupt = original
    corrupt.replaceSubrange(20..<40, with: Data(repeating: 0xFF, count: 20))
    let cases: [(Data, String)] = [
      (corrupt, "gzip data is corrupt"),
      (original.prefix(original.count / 2), "gzip data is truncated"),
    ]
    let location = CardDataLocation(kind: .layered(store: CardStore(path: dir.appendingPathComponent("home").path), shipped: shipped))
    for (bytes, message) in cases {
      let path = shipped + "/field/afr.json.gz"
      try bytes.write(to: URL(fileURLWithPath: path))
      #expect {
        try location.load(sets: ["afr"])
      } throws: { error in
        let text = (error as? DataError)?.description ?? ""
        return text.hasPrefix("\(path): \(message)") && !text.contains("\n")
      }
    }
  }

  @Test func theCatalogListsEverySetAndTheNamedOnesWithoutData() throws {
    let location = try shippedLocation()
    let all = try SetCatalog.entries(of: location, includeEmpty: true)
    #expect(all.count == 273)
    #expect(all.map(\.summary.code) == all.map(\.summary.code).sorted())
    #expect(all.filter { $0.origin == .noData }.count == 60)
    #expect(all.filter { $0.summary.cards > 0 }.count == 213)
    #expect(all.reduce(0) { $0 + $1.summary.cards } == 52_812 + 2_407)
    let spg = try #require(all.first { $0.summary.code == "spg" })
    #expect(spg.summary.cards == 0)
    #expect(spg.summary.warnings.first?.hasPrefix("no card data") == true)
    let afr = try #require(all.first { $0.summary.code == "afr" })
    #expect(afr.source == "shipped with Sealed (MTGJSON v5 (grimskin, 2021-2022))")
    let war = try #require(all.first { $0.summary.code == "war" })
    #expect(war.source == SetCatalog.shippedScryfallSource)
    #expect(war.summary == SetSummary(try ShippedData.set("war")))

    #expect(try SetCatalog.entries(of: location).count == 213)
    #expect(try SetCatalog.entries(of: location, sets: ["mkm", "WAR"]).map(\.summary.code) == ["mkm", "war"])
    #expect(throws: DataError.self) { try SetCatalog.entries(of: location, sets: ["spg"]) }
    #expect(try SetCatalog.entries(of: location, sets: ["spg"], includeEmpty: true).map(\.origin) == [.noData])
  }
}
