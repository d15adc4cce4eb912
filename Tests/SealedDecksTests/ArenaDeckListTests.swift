import Foundation
import SealedSupport
import SealedDecks
import SealedTestSupport
import Testing

/// `sealed export arena`: the decklist text MTG Arena imports (issue 24, item 13).
@Suite struct ArenaDeckListTests {
  @Test func deckThenABlankLineThenTheRestOfThePool() throws {
    var deck = Deck(name: "d", pool: DeckTestPools.small, poolName: "small")
    try deck.add(deck.findCard("Plains"), count: 3)
    try deck.add(deck.findCard("Bolt"), count: 2)
    #expect(
      ArenaDeckList.text(deck) == """
        Deck
        2 Bolt (TST) 3
        2 Ajani's Pridemate (TST) 1
        1 Dragon (TST) 7
        3 Plains (TST) 100

        Sideboard
        1 Ajani's Welcome (TST) 2
        1 Bolt (TST) 3
        1 Charm (TST) 4
        1 Golem (TST) 5
        1 Crypt (TST) 6

        """)
  }

  @Test func aDeckOfTheWholePoolHasNoSideboardAndABareBasicLandHasNoNumber() throws {
    var deck = Deck(name: "d", pool: DeckTestPools.small, poolName: "small")
    for entry in deck.pool.cards where deck.copies(of: entry.card) < entry.copies {
      try deck.add(entry.card, count: entry.copies - deck.copies(of: entry.card))
    }
    let text = ArenaDeckList.text(deck)
    #expect(!text.contains("Sideboard"))
    #expect(!text.contains("\n\n"))
    #expect(ArenaDeckList.line(copies: 9, card: .basicLand("Island", set: "tst")) == "9 Island")
  }

  /// Every card of two faces in the shipped sets, named as Arena names it: split cards (Guilds of
  /// Ravnica, Ravnica Allegiance) in full, adventures (Throne of Eldraine) and double-faced cards
  /// (Ixalan, Rivals of Ixalan, Core Set 2019) by their front face. Scryfall's layout, which a
  /// saved pool does not keep, is the reference the type lines must agree with.
  @Test func multiFacedCardsAreNamedAsArenaNamesThem() throws {
    var checked: [String: Int] = [:]
    for (set, boosterMax) in [("grn", nil), ("rna", nil), ("eld", 249), ("xln", nil), ("rix", nil), ("m19", nil)] as [(String, Int?)] {
      for card in try ShippedData.set(set, boosterMax: boosterMax).cards where card.name.contains(" // ") {
        let name = ArenaDeckList.name(of: PoolCard(card))
        let front = String(card.name.split(separator: " // ")[0])
        #expect(name == (card.layout == "split" ? card.name : front), "\(card.name) (\(card.layout))")
        checked[card.layout, default: 0] += 1
      }
    }
    #expect(checked == ["split": 20, "adventure": 30, "transform": 18])
    let grn = try ShippedData.set("grn").cards
    let assure = try #require(grn.first { $0.name == "Assure // Assemble" })
    #expect(ArenaDeckList.line(copies: 1, card: PoolCard(assure)) == "1 Assure // Assemble (GRN) 221")
  }

  @Test func dominariaIsDARInArena() throws {
    let dom = try ShippedData.set("dom").cards
    let teferi = try #require(dom.first { $0.name == "Teferi, Hero of Dominaria" })
    #expect(ArenaDeckList.line(copies: 1, card: PoolCard(teferi)) == "1 Teferi, Hero of Dominaria (DAR) 207")
    #expect(ArenaDeckList.setCode("war") == "WAR")
  }
}
