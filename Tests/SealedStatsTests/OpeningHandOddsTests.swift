import SealedStats
import Testing

/// Opening-hand odds against values computed by hand from binomial coefficients:
/// P(k lands among n cards) = C(L, k) C(N-L, n-k) / C(N, n) for N cards of which L are lands.
@Suite struct OpeningHandOddsTests {
  /// A 40-card sealed deck with 17 lands; C(40, 7) = 18 643 560 hands.
  @Test func fortyCardsSeventeenLands() throws {
    let odds = try OpeningHandOdds(deckSize: 40, lands: 17)
    let p = try odds.openingHand()
    #expect(p.count == 8)
    // k = 0: C(17,0) C(23,7) = 1 · 245 157
    expectClose(p[0], 245_157 / 18_643_560)
    // k = 1: C(17,1) C(23,6) = 17 · 100 947 = 1 716 099
    expectClose(p[1], 1_716_099 / 18_643_560)
    // k = 2: C(17,2) C(23,5) = 136 · 33 649 = 4 576 264
    expectClose(p[2], 4_576_264 / 18_643_560)
    // k = 3: C(17,3) C(23,4) = 680 · 8 855 = 6 021 400
    expectClose(p[3], 6_021_400 / 18_643_560)
    // k = 4: C(17,4) C(23,3) = 2 380 · 1 771 = 4 214 980
    expectClose(p[4], 4_214_980 / 18_643_560)
    // k = 5: C(17,5) C(23,2) = 6 188 · 253 = 1 565 564
    expectClose(p[5], 1_565_564 / 18_643_560)
    // k = 6: C(17,6) C(23,1) = 12 376 · 23 = 284 648
    expectClose(p[6], 284_648 / 18_643_560)
    // k = 7: C(17,7) C(23,0) = 19 448 · 1
    expectClose(p[7], 19_448 / 18_643_560)
    // The eight numerators add up to C(40, 7).
    expectClose(p.reduce(0, +), 1, relative: 1e-12)
  }

  @Test func atLeastKLandsByTurnOnThePlayAndOnTheDraw() throws {
    let odds = try OpeningHandOdds(deckSize: 40, lands: 17)
    #expect(odds.cardsSeen(byTurn: 2, onThePlay: true) == 8)
    #expect(odds.cardsSeen(byTurn: 2, onThePlay: false) == 9)
    #expect(odds.cardsSeen(byTurn: 4, onThePlay: false) == 11)
    // Turn 2 on the play, 8 cards, C(40,8) = 76 904 685. Fewer than 2 lands:
    // C(17,0) C(23,8) + C(17,1) C(23,7) = 490 314 + 17 · 245 157 = 490 314 + 4 167 669.
    expectClose(try odds.atLeast(2, byTurn: 2, onThePlay: true), 1 - (490_314 + 4_167_669) / 76_904_685)
    // Turn 2 on the draw, 9 cards, C(40,9) = 273 438 880: C(23,9) = 817 190, 17 · C(23,8) = 8 335 338.
    expectClose(try odds.atLeast(2, byTurn: 2, onThePlay: false), 1 - (817_190 + 8_335_338) / 273_438_880)
    // Turn 3 on the play, 9 cards; fewer than 3 lands adds C(17,2) C(23,7) = 136 · 245 157 = 33 341 352.
    expectClose(
      try odds.atLeast(3, byTurn: 3, onThePlay: true), 1 - (817_190 + 8_335_338 + 33_341_352) / 273_438_880)
    // Turn 3 on the draw, 10 cards, C(40,10) = 847 660 528:
    // C(23,10) = 1 144 066, 17 · C(23,9) = 13 892 230, 136 · C(23,8) = 66 682 704.
    expectClose(
      try odds.atLeast(3, byTurn: 3, onThePlay: false), 1 - (1_144_066 + 13_892_230 + 66_682_704) / 847_660_528)
    // Turn 4 on the draw, 11 cards, C(40,11) = 2 311 801 440; fewer than 4 lands:
    // C(23,11) = 1 352 078, 17 · C(23,10) = 19 449 122, 136 · C(23,9) = 111 137 840,
    // C(17,3) C(23,8) = 680 · 490 314 = 333 413 520.
    expectClose(
      try odds.atLeast(4, byTurn: 4, onThePlay: false),
      1 - (1_352_078 + 19_449_122 + 111_137_840 + 333_413_520) / 2_311_801_440)
    #expect(try odds.atLeast(0, byTurn: 2, onThePlay: true) == 1)
    #expect(try odds.atLeast(9, byTurn: 2, onThePlay: true) == 0, "more lands than cards seen")
  }

  /// A 10-card deck with 4 lands, small enough to count on paper: C(10,7) = 120 hands.
  @Test func aTinyDeckCountedOnPaper() throws {
    let p = try OpeningHandOdds(deckSize: 10, lands: 4).openingHand()
    // 7 cards hold at least 1 land, as there are only 6 nonland cards.
    #expect(p[0] == 0)
    expectClose(p[1], 4.0 / 120)  // C(4,1) C(6,6) = 4
    expectClose(p[2], 36.0 / 120)  // C(4,2) C(6,5) = 6 · 6
    expectClose(p[3], 60.0 / 120)  // C(4,3) C(6,4) = 4 · 15
    expectClose(p[4], 20.0 / 120)  // C(4,4) C(6,3) = 20
    #expect(p[5] == 0 && p[6] == 0 && p[7] == 0)
  }

  @Test func theTableCoversKFromTwoToFiveAndTurnsTwoToFour() throws {
    let odds = try OpeningHandOdds(deckSize: 40, lands: 17)
    let table = try odds.table()
    #expect(table.count == 12)
    #expect(table.map(\.lands) == [2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5])
    #expect(table.map(\.turn) == [2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4])
    for cell in table {
      #expect(cell.onTheDraw >= cell.onThePlay, "the draw sees one card more")
      expectClose(cell.onThePlay, try odds.atLeast(cell.lands, byTurn: cell.turn, onThePlay: true))
    }
  }

  @Test func impossibleDecksAreRefused() {
    #expect(throws: StatisticsError.self) { try OpeningHandOdds(deckSize: 6, lands: 3) }
    #expect(throws: StatisticsError.self) { try OpeningHandOdds(deckSize: 40, lands: 41) }
    #expect(throws: StatisticsError.self) { try OpeningHandOdds(deckSize: 40, lands: -1) }
  }

  @Test func aDeckOfOnlyLandsOrNoLands() throws {
    #expect(try OpeningHandOdds(deckSize: 40, lands: 40).openingHand()[7] == 1)
    #expect(try OpeningHandOdds(deckSize: 40, lands: 0).openingHand()[0] == 1)
    #expect(try OpeningHandOdds(deckSize: 8, lands: 3).atLeast(3, byTurn: 4, onThePlay: false) == 1, "the whole deck seen")
  }
}
