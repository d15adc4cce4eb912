import SealedCards
import SealedSupport
import SealedTestSupport
import Testing

/// `Card.isBasicLand` skips splitting a type line that does not hold the letters "land" (issue
/// 42): it must answer as the word test alone did, for every card shipped and for odd type lines.
@Suite struct BasicLandTests {
  /// The test before the shortcut: the front face's words include "basic" and "land".
  static func byWords(_ card: Card) -> Bool {
    let words = card.frontTypeLine.lowercased().split(whereSeparator: { !$0.isLetter })
    return words.contains("basic") && words.contains("land")
  }

  static func card(_ typeLine: String) -> Card {
    Card(id: "x", name: "X", setCode: "tst", setName: "T", collectorNumber: CollectorNumber("1"), rarity: .common, typeLine: typeLine)
  }

  @Test func everyShippedCardAnswersAsByWords() throws {
    let database = try CardDatabase.load(path: Fixtures.shippedCards)
    var basics = 0
    for card in database.cardsBySet.values.joined() {
      #expect(card.isBasicLand == Self.byWords(card), "\(card.key) \(card.typeLine)")
      if card.isBasicLand { basics += 1 }
    }
    #expect(basics >= 45)
  }

  /// A set's booster range by default is its highest basic land's number, which the database
  /// finds once per set (`highestBasicBySet`): a set made from the database, by its code in any
  /// case, has the range a set made from its cards alone finds; war's basics end at 264.
  @Test func theDatabaseKnowsEachSetsHighestBasic() throws {
    let database = try CardDatabase.load(path: Fixtures.shippedCards)
    for (code, cards) in database.cardsBySet {
      let fromCards = CardSet(code: code, cards: cards)
      #expect(try CardSet(code: code.uppercased(), in: database).defaultBoosterMax == fromCards.defaultBoosterMax, "\(code)")
      #expect(database.highestBasicBySet[code] == fromCards.defaultBoosterMax, "\(code)")
    }
    #expect(database.highestBasicBySet["war"] == 264)
    #expect(database.highestBasicBySet["eld"] == nil)
  }

  @Test func oddTypeLinesAnswerAsByWords() {
    let lines = [
      "Basic Land — Forest", "BASIC LAND", "basic snow land — island", "Land", "Basic", "Land Creature — Forest Dryad",
      "Legendary Land", "Basic Lland", "Basic Lan d", "Basic Landfall", "Basic—Land", "Creature — Elf // Basic Land — Forest",
      "Basic Land // Creature", "Instant // Basic Land", "Basic Snow Land — Plains", "LaNd bAsIc", "", "Ländbasic",
      "Basic L\u{0301}and", "Basic la\u{0308}nd", "Creature — Lland", "lland basic", "Basic Landland",
    ]
    for line in lines {
      let card = Self.card(line)
      #expect(card.isBasicLand == Self.byWords(card), "\(line)")
    }
    #expect(Self.card("Basic Land — Forest").isBasicLand)
    #expect(!Self.card("Land Creature — Forest Dryad").isBasicLand)
  }
}
