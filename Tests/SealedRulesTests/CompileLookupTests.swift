import SealedCards
@testable import SealedRules
import SealedSupport
import SealedTestSupport
import Testing

/// The compiler finds the cards a sheet lists through an index and sorts an imported sheet's
/// keys with each number read once (issue 42); both must give what the linear lookups and the
/// pairwise comparison they replaced gave, which these tests keep as their oracles.
@Suite struct CompileLookupTests {
  /// The lookup the compiler made before the index: a scan of the set's cards.
  static func scanned(_ explicit: ExplicitCard, in compiled: CardSet) -> Card {
    guard let set = explicit.set == compiled.code ? compiled : compiled.otherSets[explicit.set] else {
      return .placeholder(set: explicit.set, number: explicit.number)
    }
    if let card = set.cards.first(where: { $0.collectorNumber.text == explicit.number }) { return card }
    if let last = explicit.number.last, last.isLetter, explicit.number.count > 1 {
      let base = String(explicit.number.dropLast())
      if let card = set.cards.first(where: { $0.collectorNumber.text == base }) { return card }
    }
    return .placeholder(set: explicit.set, number: explicit.number)
  }

  static func explicit(_ set: String, _ number: String) -> ExplicitCard {
    ExplicitCard(set: set, number: number, foil: false, weight: 1, key: "\(set):\(number)", location: "test")
  }

  @Test func theIndexFindsWhatAScanFinds() throws {
    let database = try CardDatabase.load(files: ["war.json", "dom.json"].map(Fixtures.shippedCardFile))
    var war = try CardSet(code: "war", in: database)
    war.otherSets["dom"] = try CardSet(code: "dom", in: database)
    // Two cards of one number: the first is the one named.
    let twin = Card(id: "t1", name: "First", setCode: "tst", setName: "T", collectorNumber: CollectorNumber("7"), rarity: .rare, typeLine: "Land")
    let other = Card(id: "t2", name: "Second", setCode: "tst", setName: "T", collectorNumber: CollectorNumber("7"), rarity: .rare, typeLine: "Land")
    war.otherSets["tst"] = CardSet(code: "tst", cards: [twin, other])
    var asked: [ExplicitCard] = []
    for card in war.cards + war.otherSets["dom"]!.cards {
      for number in [card.collectorNumber.text, card.collectorNumber.text + "a", card.collectorNumber.text + "★", "0" + card.collectorNumber.text] {
        asked.append(Self.explicit(card.setCode, number))
      }
    }
    asked += ["999", "a", "7a", "7", "264ab", ""].flatMap { [Self.explicit("war", $0), Self.explicit("tst", $0), Self.explicit("xyz", $0)] }
    let index = CardNumberIndex(war)
    var named = 0
    for explicit in asked {
      let found = index.resolve(explicit, in: war)
      let expected = Self.scanned(explicit, in: war)
      #expect(found == expected, "\(explicit.key): \(found.key) (\(found.name)), expected \(expected.key) (\(expected.name))")
      if found.hasData { named += 1 }
    }
    #expect(index.resolve(Self.explicit("tst", "7"), in: war).name == "First")
    // Each card by its number and by its number with a letter (which falls back to it).
    #expect(named >= 2 * (war.cards.count + war.otherSets["dom"]!.cards.count))
  }

  /// The order the importer wrote sheets in before: a pairwise comparison that reads both
  /// keys' numbers every time.
  static func pairwise(_ a: String, _ b: String) -> Bool {
    let pa = a.split(separator: ":").map(String.init)
    let pb = b.split(separator: ":").map(String.init)
    let na = CollectorNumber(byCharacters: pa.count > 1 ? pa[1] : a)
    let nb = CollectorNumber(byCharacters: pb.count > 1 ? pb[1] : b)
    if na != nb { return na < nb }
    return a < b
  }

  @Test func importedSheetsKeepTheirCardOrder() throws {
    var keys = [
      "war:10", "war:9", "war:9:foil", "war:★1", "war:1a", "war:1", "war:100", "dom:5", "dom:10", "x", "war::3", ":4",
      "war:", "war:1:foil", "abc:1b", "abc:01", "war:10a", "war:S1", "war:T2", "::7:8", "::", ":", "a:b:c", "war:3\u{301}",
      "war:\u{301}:5", "war::\u{301}2", "war:99999999999999999999",
    ]
    let data = try CompiledBoosterData.read(path: Fixtures.shippedBoosters)
    for product in data.products.prefix(40) { for sheet in product.sheets.values { keys += sheet.cards.keys } }
    let cards = Dictionary(keys.enumerated().map { ($1, Double($0)) }, uniquingKeysWith: { first, _ in first })
    let sorted = CompiledBoosterRules.inCardOrder(cards)
    #expect(sorted.map(\.key) == cards.keys.sorted(by: Self.pairwise))
    #expect(sorted.allSatisfy { cards[$0.key] == $0.weight })
  }
}
