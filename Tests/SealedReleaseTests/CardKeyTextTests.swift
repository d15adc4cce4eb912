import Testing
@testable import SealedRelease

/// `CardKeyText` takes a key apart byte by byte; it must agree with the definition it replaced:
/// split at every colon, the set lowercased, the third part compared with "foil" lowercased.
@Suite struct CardKeyTextTests {
  static func bySplitting(_ key: String) -> (set: String, number: String, foil: Bool) {
    let parts = key.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    return (
      parts.count > 1 ? parts[0].lowercased() : "", parts.count > 1 ? parts[1] : key,
      parts.count > 2 && parts[2].lowercased() == "foil"
    )
  }

  @Test(arguments: [
    "war:97", "war:97:foil", "WAR:97:FOIL", "War:221a:Foil", "97", "", ":", "::", ":::", "war:", "war::foil",
    "war:97:", "war:97:foil:extra", "war:97:nonfoil", "plst:10E-173", "ÆTHER:1:foil", "éx:1", "war:97:FOİL",
    "war:97:fo", "war:★1:foil", "uuid:0a1b2c3d",
  ])
  func agreesWithSplittingAtEveryColon(_ key: String) {
    let parts = CardKeyText(key)
    let expected = Self.bySplitting(key)
    #expect(parts.set == expected.set)
    #expect(parts.number == expected.number)
    #expect(parts.foil == expected.foil)
  }

  /// A key finds its card by number, or, for a number ending in a letter the set lacks
  /// (mtg.wtf's `221a`), by the number without it; nothing else falls back.
  @Test func aKeyFindsItsCardByNumberOrWithoutAMissingLetter() throws {
    let cards = ReleaseDiffTests.cards
    #expect(try cards.card(CardKeyText("war:97"))?.collectorNumber.text == "97")
    #expect(try cards.card(CardKeyText("WAR:97a:foil"))?.collectorNumber.text == "97")
    #expect(try cards.card(CardKeyText("war:97ab")) == nil)
    #expect(try cards.card(CardKeyText("war:a")) == nil)
    #expect(try cards.card(CardKeyText("war:9999a")) == nil)
    #expect(try cards.card(CardKeyText("war:★97")) == nil)
  }
}
