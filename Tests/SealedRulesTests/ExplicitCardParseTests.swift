import Testing
import SealedSupport
@testable import SealedRules

/// `ExplicitCard.parse` splits an ASCII key by bytes; these keys check it against the split by
/// characters it replaced, which stays the path of every other key.
@Suite struct ExplicitCardParseTests {
  /// The parse before the byte split: by characters, the set lowercased.
  static func byCharacters(_ key: String) -> (set: String, number: String, foil: Bool)? {
    let parts = key.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard (2...3).contains(parts.count), !parts[0].isEmpty, !parts[1].isEmpty, parts.count == 2 || parts[2] == "foil" else {
      return nil
    }
    return (parts[0].lowercased(), parts[1], parts.count == 3)
  }

  static let keys = [
    "war:97", "WAR:97", "War:97★", "war:97:foil", "war:97:Foil", "war:97:foil:x", "war:", ":97", "war", "",
    "war::foil", "war:97:", "p22:1a", "pLST:MH1-123", "wär:97", "war:97\r\n", "war:\u{301}97", "war:97:\u{301}foil",
    "ÉCLAIR:1", "war:97:foil\u{301}",
  ]

  @Test func aKeyParsesAsItsCharactersSplitDo() {
    for key in Self.keys {
      let expected = Self.byCharacters(key)
      let parsed = try? ExplicitCard.parse(key, weight: 2, location: "test")
      #expect(parsed?.set == expected?.set, "\(key.debugDescription): set")
      #expect(parsed?.number == expected?.number, "\(key.debugDescription): number")
      #expect(parsed?.foil == expected?.foil, "\(key.debugDescription): foil")
      #expect(parsed.map { $0.key == key && $0.weight == 2 } ?? true)
    }
  }

  @Test func aKeyThatIsNotOneCardIsNamedInTheError() {
    #expect(throws: DataError("card \"war:97:shiny\": expected set:number or set:number:foil, like war:97 or war:97:foil", at: "rules.yaml line 3")) {
      try ExplicitCard.parse("war:97:shiny", weight: 1, location: "rules.yaml line 3")
    }
  }
}
