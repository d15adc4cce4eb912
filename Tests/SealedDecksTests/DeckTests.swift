import Foundation
import SealedSupport
import SealedEngine
import SealedDecks
import SealedTestSupport
import Testing

@Suite struct DeckTests {
  func newDeck(_ pool: SavedPool = DeckTestPools.small) -> Deck {
    Deck(name: "alice", pool: pool, poolName: "alice")
  }

  func expectError(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(DataError) -> Void) {
    do {
      try body()
      Issue.record("expected the error \"\(expected)\"", sourceLocation: sourceLocation)
    } catch {
      #expect(error.description == expected, sourceLocation: sourceLocation)
    }
  }

  /// A very long name typed (or sent to the app) is quoted cut, with its length, not echoed whole.
  @Test func aLongCardOrDeckNameIsQuotedCut() {
    let deck = newDeck()
    let long = String(repeating: "x", count: 20_000)
    expectError("no card \"\(String(repeating: "x", count: 80))…\" (20000 characters) in the pool of deck alice") { () throws(DataError) in
      _ = try deck.findCard(long)
    }
    expectError(
      "\"\(String(repeating: "y", count: 80))…\" (5000 characters) is not a valid deck name; use 1 to 64 letters, digits, '-', '_' or '.', starting with a letter or digit"
    ) { () throws(DataError) in try Library.validate(name: String(repeating: "y", count: 5000), for: .deck) }
  }

  @Test func aNewDeckStartsWithEveryCopyOfTheRaresAndMythics() {
    let deck = newDeck()
    #expect(deck.cards.map(\.card.name) == ["Ajani's Pridemate", "Dragon"])
    #expect(deck.cards.map(\.copies) == [2, 1])
    #expect(deck.size == 3)
  }

  @Test func aNewDeckFromARealPoolHoldsItsTopCards() throws {
    let pool = try DeckTestPools.opened("war", seed: 1)
    let deck = newDeck(pool)
    #expect(pool.topCards.count == 6)
    #expect(deck.size == 6)
    #expect(Set(deck.cards.map(\.card.name)) == Set(pool.topCards.map(\.name)))
    #expect(pool.openedCount == 84)
    #expect(pool.basicLands.map(\.name) == PoolCard.basicLandNames)
    #expect(pool.basicLands.map(\.collectorNumber) == ["250", "253", "256", "259", "262"])
  }

  @Test func aCardGoesInAtMostAsOftenAsItWasOpened() throws {
    var deck = newDeck()
    let bolt = try deck.findCard("bolt")
    try deck.add(bolt, count: 2)
    try deck.add(bolt)
    #expect(deck.copies(of: bolt) == 3)
    expectError("Bolt: 3 opened, 3 already in the deck") { () throws(DataError) in try deck.add(bolt) }
    let pridemate = try deck.findCard("Ajani's Pridemate")
    expectError("Ajani's Pridemate: 2 opened, 2 already in the deck") { () throws(DataError) in try deck.add(pridemate) }
    try deck.remove(bolt, count: 2)
    expectError("Bolt: cannot add 3: 3 opened, 1 already in the deck; 2 more can go in") { () throws(DataError) in
      try deck.add(bolt, count: 3)
    }
    #expect(deck.copies(of: bolt) == 1, "a refused add changes nothing")
  }

  @Test func basicLandsAreUnlimited() throws {
    var deck = newDeck()
    let plains = try deck.findCard("plains")
    #expect(deck.opened(plains) == nil)
    try deck.add(plains, count: 30)
    try deck.add(plains, count: 30)
    #expect(deck.copies(of: plains) == 60)
    #expect(deck.size == 63)
  }

  @Test func removingSaysWhyItCannot() throws {
    var deck = newDeck()
    let bolt = try deck.findCard("Bolt")
    expectError("Bolt: not in the deck") { () throws(DataError) in try deck.remove(bolt) }
    let dragon = try deck.findCard("Dragon")
    expectError("Dragon: 1 in the deck, cannot remove 2") { () throws(DataError) in try deck.remove(dragon, count: 2) }
    try deck.remove(dragon)
    #expect(deck.cards.map(\.card.name) == ["Ajani's Pridemate"])
    expectError("--count 0: expected 1 to 1000 copies") { () throws(DataError) in try deck.add(bolt, count: 0) }
  }

  @Test func cardsAreFoundByNumberNameOrUniquePrefix() throws {
    let deck = newDeck()
    #expect(try deck.findCard("3").name == "Bolt")
    #expect(try deck.findCard("#4").name == "Charm")
    #expect(try deck.findCard("AJANI'S PRIDEMATE").name == "Ajani's Pridemate")
    #expect(try deck.findCard("ajani’s w").name == "Ajani's Welcome", "typographic apostrophe")
    #expect(try deck.findCard("gol").name == "Golem")
    #expect(try deck.findCard("isl").name == "Island")
    expectError(
      "\"ajani\" matches 2 cards in the pool of deck alice: Ajani's Pridemate (#1), Ajani's Welcome (#2); type more of the name or give the collector number"
    ) { () throws(DataError) in _ = try deck.findCard("ajani") }
    expectError("no card with collector number 99 in the pool of deck alice (tst)") { () throws(DataError) in
      _ = try deck.findCard("99")
    }
  }

  @Test func unknownCardsSuggestTheClosestNames() {
    let deck = newDeck()
    expectError("no card \"Dragn\" in the pool of deck alice; did you mean \"Dragon\"?") { () throws(DataError) in
      _ = try deck.findCard("Dragn")
    }
    expectError("no card \"Pridemate\" in the pool of deck alice; did you mean \"Ajani's Pridemate\"?") {
      () throws(DataError) in _ = try deck.findCard("Pridemate")
    }
    expectError("no card \"Ajanni's Welcom\" in the pool of deck alice; did you mean \"Ajani's Welcome\"?") {
      () throws(DataError) in _ = try deck.findCard("Ajanni's Welcom")
    }
    expectError("no card \"Xylophone\" in the pool of deck alice") { () throws(DataError) in
      _ = try deck.findCard("Xylophone")
    }
  }

  @Test func summaryCountsCurveTypesAndColours() throws {
    var deck = newDeck()
    for (name, count) in [("Bolt", 3), ("Charm", 1), ("Golem", 1), ("Crypt", 1), ("Ajani's Welcome", 1), ("Forest", 2)] {
      try deck.add(try deck.findCard(name), count: count)
    }
    // Deck: Pridemate x2 (2, W), Dragon (6, R), Bolt x3 (1, R), Charm (2, RW), Golem (7, none),
    // Crypt (land), Welcome (1, W), Forest x2.
    let summary = DeckSummary(deck)
    #expect(summary.size == 12)
    #expect(summary.curve == [0, 4, 3, 0, 0, 0, 1, 1])
    #expect(summary.types.map(\.category) == [.creatures, .instants, .sorceries, .enchantments, .artifacts, .planeswalkers, .lands])
    #expect(summary.types.map(\.cards) == [4, 4, 0, 1, 0, 0, 3])
    #expect(summary.colors.map(\.cards) == [4, 0, 0, 5, 0])
    #expect(summary.colorless == 1)
    #expect(summary.lands == 3)
    #expect(summary.colorIdentity == "WR")
    #expect(summary.sizeNote == "12 of 40 cards, 28 to go")
    #expect(deck.cards.map(\.card.name) == [
      "Ajani's Welcome", "Bolt", "Ajani's Pridemate", "Charm", "Dragon", "Golem", "Crypt", "Forest",
    ])
  }

  @Test func aSetWithoutBasicLandsStillHasTheFiveNames() throws {
    let pool = try DeckTestPools.opened("m20", seed: 3, boosterMax: 249)
    #expect(pool.basicLands.map(\.name) == PoolCard.basicLandNames)
    #expect(pool.basicLands.allSatisfy { $0.collectorNumber == nil && $0.isUnlimited })
    var deck = newDeck(pool)
    let island = try deck.findCard("Island")
    try deck.add(island, count: 17)
    #expect(deck.copies(of: island) == 17)
    #expect(
      TabletopSimulatorDeck.imageURL(for: island)
        == "https://api.scryfall.com/cards/named?exact=Island&format=image&version=normal")
  }

  @Test func sampleHandsAreReproducibleAndDrawWithoutReplacement() {
    let cards = Array(0..<40)
    var a = Xoshiro256StarStar(seed: 9)
    var b = Xoshiro256StarStar(seed: 9)
    let first = SampleHand.draw(7, from: cards, using: &a)
    #expect(first == SampleHand.draw(7, from: cards, using: &b))
    #expect(Set(first).count == 7)
    var counts = [Int](repeating: 0, count: 40)
    var generator = Xoshiro256StarStar(seed: 1)
    for _ in 0..<4000 {
      for card in SampleHand.draw(7, from: cards, using: &generator) { counts[card] += 1 }
    }
    // Each card is in a hand with probability 7/40: 700 of 4000, standard deviation about 24.
    #expect(counts.allSatisfy { (550...850).contains($0) }, "\(counts)")
  }
}
