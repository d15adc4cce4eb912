import Foundation
import SealedSupport
import SealedCards
import SealedTestSupport
import Testing

/// The exact counts of `Sources/SealedData/Resources/cards/README.md`, made from the Scryfall
/// data shipped with Sealed.
@Suite struct ShippedDataTests {
  struct Expected: Sendable, CustomTestStringConvertible {
    var code: String, cards: Int, boosterMax: Int?, commons: Int?, uncommons: Int?, rares: Int?
    var mythics: Int?, basics: Int, partial: Bool
    var testDescription: String { code }
  }

  static let expected: [Expected] = [
    .init(code: "war", cards: 275, boosterMax: 264, commons: 101, uncommons: 80, rares: 53, mythics: 15, basics: 15, partial: false),
    .init(code: "dom", cards: 280, boosterMax: 269, commons: 101, uncommons: 80, rares: 53, mythics: 15, basics: 20, partial: false),
    .init(code: "grn", cards: 273, boosterMax: 264, commons: 111, uncommons: 80, rares: 53, mythics: 15, basics: 5, partial: false),
    .init(code: "rna", cards: 273, boosterMax: 264, commons: 111, uncommons: 80, rares: 53, mythics: 15, basics: 5, partial: false),
    .init(code: "m19", cards: 314, boosterMax: 280, commons: 111, uncommons: 80, rares: 53, mythics: 16, basics: 20, partial: false),
    .init(code: "xln", cards: 289, boosterMax: 279, commons: 101, uncommons: 80, rares: 63, mythics: 15, basics: 20, partial: false),
    .init(code: "rix", cards: 205, boosterMax: 196, commons: 70, uncommons: 60, rares: 48, mythics: 13, basics: 5, partial: false),
    .init(code: "m20", cards: 249, boosterMax: nil, commons: nil, uncommons: nil, rares: nil, mythics: nil, basics: 0, partial: true),
    .init(code: "eld", cards: 249, boosterMax: nil, commons: nil, uncommons: nil, rares: nil, mythics: nil, basics: 0, partial: true),
  ]

  static var database: CardDatabase { get throws { try ShippedData.database() } }

  @Test func allNineSetsLoad() throws {
    #expect(try Self.database.setCodes == ["dom", "eld", "grn", "m19", "m20", "rix", "rna", "war", "xln"])
  }

  @Test(arguments: expected)
  func countsMatchTheReadme(_ expected: Expected) throws {
    let summary = SetSummary(try CardSet(code: expected.code, in: Self.database))
    #expect(summary.cards == expected.cards)
    #expect(summary.boosterMax == expected.boosterMax)
    #expect(summary.commons == expected.commons)
    #expect(summary.uncommons == expected.uncommons)
    #expect(summary.rares == expected.rares)
    #expect(summary.mythics == expected.mythics)
    #expect(summary.basicLands == expected.basics)
    #expect(summary.warnings.contains { $0.contains("partial") } == expected.partial)
  }

  @Test func partialSetsHaveNoBoosterRangeUnlessGiven() throws {
    let m20 = try CardSet(code: "m20", in: Self.database)
    #expect(throws: DataError.self) { try m20.boosterCards() }
    let given = try CardSet(code: "m20", in: Self.database, boosterMax: 249)
    #expect(try given.boosterCards().count == 249)
  }

  @Test func warPlaneswalkersInsideTheBoosterRange() throws {
    let cards = try CardSet(code: "war", in: Self.database).boosterCards()
    let walkers = cards.filter { $0.typeLine.localizedCaseInsensitiveContains("planeswalker") }
    #expect(walkers.count == 36)
    #expect(walkers.filter { $0.rarity == .uncommon }.count == 20)
    #expect(walkers.filter { $0.rarity == .rare }.count == 13)
    #expect(walkers.filter { $0.rarity == .mythic }.count == 3)
    #expect(Set(walkers.filter { $0.rarity == .mythic }.map(\.collectorNumber.text)) == ["13", "97", "207"])
  }

  @Test func dominariaLegendaryUncommons() throws {
    let cards = try CardSet(code: "dom", in: Self.database).boosterCards()
    let legends = cards.filter { $0.rarity == .uncommon && $0.typeLine.localizedCaseInsensitiveContains("legendary") }
    #expect(legends.count == 22)
    #expect(legends.filter { $0.typeLine.localizedCaseInsensitiveContains("creature") }.count == 20)
  }

  @Test(arguments: ["grn", "rna"])
  func ravnicaGuildgates(_ code: String) throws {
    let cards = try CardSet(code: code, in: Self.database).boosterCards()
    let gates = cards.filter { $0.name.localizedCaseInsensitiveContains("guildgate") }
    #expect(gates.count == 10)
    #expect(gates.allSatisfy { $0.rarity == .common })
    #expect(cards.filter { $0.layout == "split" }.count == 10)
  }

  @Test func fullScryfallObjectsGiveTheSameCardsAsTrimmedOnes() throws {
    let trimmed = try CardFileReader.read(path: Fixtures.shippedCardFile("war.json"))
    let full = try CardFileReader.read(path: Fixtures.shippedCardFile("full/war.json"))
    #expect(trimmed.count == 275)
    #expect(full.count == trimmed.count)
    let differing = zip(full, trimmed).filter { $0 != $1 }.map { "\($0.0.key)" }
    #expect(differing == [])
  }

  @Test func multiFacedCardsKeepTheirFaces() throws {
    let xln = try CardSet(code: "xln", in: Self.database).cards
    let landing = try #require(xln.first { $0.name.hasPrefix("Legion's Landing") })
    #expect(landing.layout == "transform")
    #expect(landing.faces.map(\.name) == ["Legion's Landing", "Adanto, the First Fort"])
    #expect(landing.manaCost == "{W}")
    #expect(landing.colors == ["W"])
    #expect(landing.imageURI()?.contains("normal") == true)
    #expect(xln.filter { $0.layout == "transform" }.count == 10)
  }

  @Test func loadingAllNineSetsIsQuick() throws {
    // Not a speed assertion (speed is measured in Benchmarks/): a guard against accidental
    // quadratic work, with a bound ten times what a debug build needs, in this thread's CPU
    // time (the wall clock of a loaded 2-core machine runs several times slower).
    let start = Self.threadCPUSeconds()
    _ = try CardDatabase.load(path: Fixtures.shippedCards)
    #expect(Self.threadCPUSeconds() - start < 10)
  }

  static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
