import Foundation
import SealedSupport
import SealedCards
import SealedDecks
import SealedTestSupport
import Testing

/// No export names Scryfall's retired image host, img.scryfall.com, which the shipped card data
/// (captured in 2019) still carries: its addresses become Scryfall's image request, and current
/// addresses (cards.scryfall.io) are kept as they are.
@Suite struct ScryfallImageTests {
  /// A deck of every card of `set`, one copy each, as a pool saved from the shipped data holds
  /// them.
  static func deckOfEveryCard(_ set: String) throws -> Deck {
    let cards = try ShippedData.set(set).cards.map(PoolCard.init)
    let pool = SavedPool(
      set: set, setName: set, rules: "sealed", rulesSHA256: "-", seed: 1, mythicBooster: nil, boosters: [],
      cards: cards.map { SavedPool.Entry(card: $0, copies: 1) }, basicLands: [], createdAt: "2026-01-01T00:00:00Z",
      toolVersion: "test")
    var deck = Deck(name: set, pool: pool, poolName: set)
    for card in cards where deck.copies(of: card) == 0 { try deck.add(card) }
    return deck
  }

  @Test(.heavy, arguments: ["war", "dom", "grn", "rna", "m19", "xln", "rix", "m20", "eld"])
  func everyShippedSetsExportNamesNoRetiredHost(_ set: String) throws {
    let source = try String(contentsOfFile: Fixtures.shippedCardFile("\(set).json"), encoding: .utf8)
    #expect(source.contains("img.scryfall.com"), "the shipped data names the retired host, so the test means something")
    let deck = try Self.deckOfEveryCard(set)
    let json = String(decoding: try JSONEncoder().encode(try TabletopSimulatorDeck(deck)), as: UTF8.self)
    #expect(!json.contains("img.scryfall.com"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let sheets = try #require((object["ObjectStates"] as? [[String: Any]])?.first?["CustomDeck"] as? [String: [String: Any]])
    #expect(sheets.count == deck.cards.count)
    for entry in deck.cards {
      let number = try #require(entry.card.collectorNumber)
      let expected = "https://api.scryfall.com/cards/\(set)/\(number)?format=image&version=normal"
      #expect(TabletopSimulatorDeck.imageURL(for: entry.card) == expected)
    }
    #expect(Set(sheets.values.compactMap { $0["FaceURL"] as? String }) == Set(deck.cards.map { TabletopSimulatorDeck.imageURL(for: $0.card) }))
  }

  @Test func retiredAddressesBecomeTheImageRequestWithTheirSizeAndFace() {
    let front = "https://img.scryfall.com/cards/normal/front/3/e/3ec0c0fb-1a4f-45f4-85b7-346a6d3ce2c5.jpg?1555740224"
    #expect(ScryfallImage.current(front, set: "war", number: "1") == "https://api.scryfall.com/cards/war/1?format=image&version=normal")
    let back = "https://img.scryfall.com/cards/large/back/9/a/9a5a0b2c-0000-0000-0000-000000000000.jpg?1"
    #expect(ScryfallImage.current(back, set: "rix", number: "90") == "https://api.scryfall.com/cards/rix/90?format=image&version=large&face=back")
    // The older form names the set and number; a two-faced card's faces end in a and b.
    #expect(
      ScryfallImage.current("https://img.scryfall.com/cards/png/en/xln/22b.png?1527427791", set: "xln", number: "22")
        == "https://api.scryfall.com/cards/xln/22?format=image&version=png&face=back")
    #expect(
      ScryfallImage.current("https://img.scryfall.com/cards/small/en/xln/22a.jpg", set: "xln", number: "22")
        == "https://api.scryfall.com/cards/xln/22?format=image&version=small")
    #expect(
      ScryfallImage.current("https://img.scryfall.com/cards/normal/de/war/1.jpg", set: "war", number: "1")
        == "https://api.scryfall.com/cards/war/1/de?format=image&version=normal")
    // A collector number with a star is percent-encoded.
    #expect(
      ScryfallImage.current("https://img.scryfall.com/cards/normal/front/a/b/ab.jpg", set: "war", number: "★1")
        == "https://api.scryfall.com/cards/war/%E2%98%851?format=image&version=normal")
  }

  @Test func currentAddressesAreKeptAsTheyAre() throws {
    let current = "https://cards.scryfall.io/normal/front/3/e/3ec0c0fb-1a4f-45f4-85b7-346a6d3ce2c5.jpg?1555740224"
    #expect(ScryfallImage.current(current, set: "war", number: "1") == current)
    let card = PoolCard(set: "war", collectorNumber: "1", name: "Karn", rarity: .rare, typeLine: "Planeswalker", image: current)
    #expect(TabletopSimulatorDeck.imageURL(for: card) == current)
    // Fetched data with current addresses loads them unchanged.
    let json = """
      [{"object":"card","id":"x","name":"Karn","set":"war","collector_number":"1","rarity":"rare","type_line":"Planeswalker","image_uris":{"normal":"\(current)"}}]
      """
    let loaded = try CardFileReader.parse(Data(json.utf8), source: "fetched.json")
    #expect(loaded.first?.imageURI() == current)
  }

  @Test func aPoolSavedWithRetiredAddressesExportsCurrentOnes() throws {
    let saved = """
      {"set": "war", "collector_number": "1", "name": "Karn", "rarity": "rare", "type_line": "Planeswalker", "mana_cost": "{4}", \
      "mana_value": 4, "colors": [], "image": "https://img.scryfall.com/cards/normal/front/3/e/3ec0c0fb.jpg?1555740224"}
      """
    let card = try JSONDecoder().decode(PoolCard.self, from: Data(saved.utf8))
    #expect(card.image == "https://api.scryfall.com/cards/war/1?format=image&version=normal")
    // Without a collector number there is no printing to ask for: the named-card request instead.
    let basic = PoolCard(
      set: "war", collectorNumber: nil, name: "Plains", rarity: .common, typeLine: "Basic Land — Plains",
      image: "https://img.scryfall.com/cards/normal/front/a/b/ab.jpg")
    #expect(basic.image == nil)
    #expect(TabletopSimulatorDeck.imageURL(for: basic) == "https://api.scryfall.com/cards/named?exact=Plains&format=image&version=normal")
  }

  /// A basic land of a set without basic lands (a25: its card data has none, so its pool keeps a
  /// bare record) is asked of Scryfall by name alone: limited to a25 the request finds no card,
  /// and Tabletop Simulator showed the deck's lands without an image. A card known by its set
  /// and number but without an image address (a Special Guest without fetched data) is asked
  /// for by its printing.
  @Test func cardsWithoutAnImageAreAskedForByWhatIsKnown() {
    let plains = PoolCard.basicLand("Plains", set: "a25")
    let url = TabletopSimulatorDeck.imageURL(for: plains)
    #expect(url == "https://api.scryfall.com/cards/named?exact=Plains&format=image&version=normal")
    #expect(!url.contains("a25"))
    let guest = PoolCard(set: "spg", collectorNumber: "12★", name: "", rarity: .mythic, typeLine: "")
    #expect(TabletopSimulatorDeck.imageURL(for: guest) == "https://api.scryfall.com/cards/spg/12%E2%98%85?format=image&version=normal")
  }
}
