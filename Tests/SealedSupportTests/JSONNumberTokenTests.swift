import Foundation
import Testing

@testable import SealedSupport

/// A number a decoder cannot take is named by its whole field path, as the decoder's own
/// messages name a field (`pool.seed`, `cards[1].copies`), not by its last key alone.
@Suite struct JSONNumberTokenTests {
  private func negative(_ text: String, onlyKeys: Set<String>? = nil) -> JSONNumberToken? {
    JSONNumberToken.first(in: Data(text.utf8), onlyKeys: onlyKeys) { text, _ in text.hasPrefix("-") }
  }

  @Test func aNestedMemberIsNamedByItsPath() throws {
    let token = try #require(negative(#"{"seed": 1, "pool": {"name": "a", "seed": -1}}"#))
    #expect(token.path == "pool.seed")
    #expect(token.key == "seed")
    #expect(token.text == "-1")
    #expect(token.fieldLabel == "field pool.seed: ")
  }

  @Test func arrayElementsAreNamedByTheirIndex() throws {
    let text = #"{"cards": [{"copies": 1}, {"name": "x, [y]", "copies": 2}, {"copies": -3}], "counts": [4, -5]}"#
    #expect(negative(text)?.path == "cards[2].copies")
    #expect(negative(#"{"counts": [4, [6, -7]]}"#)?.path == "counts[1][1]")
    // An array element has no key: a search for one key's values passes it by.
    #expect(negative(#"{"counts": [4, -5]}"#, onlyKeys: ["counts"]) == nil)
    #expect(negative(text, onlyKeys: ["copies"])?.offset == text.range(of: "-3").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) })
  }

  @Test func aKeyIsReadOnlyBeforeItsColon() throws {
    // A string value holding a colon, brackets or a comma changes nothing of the path.
    let text = #"{"a": "b: {[,", "c": {"d": [0, "e]", -1]}}"#
    #expect(negative(text)?.path == "c.d[2]")
    #expect(negative("-1")?.fieldLabel == "")
    #expect(negative(#"[-1]"#)?.path == "[0]")
  }

  @Test func keysAreNamedAsTheDecoderNamesThem() throws {
    // Escapes decoded: a key written with one is the key the decoder reads, and is matched so.
    #expect(negative(#"{"a\"b": {"s\u0065ed": -1}}"#)?.path == #"a"b.seed"#)
    #expect(negative(#"{"s\u0065ed": -1}"#, onlyKeys: ["seed"])?.path == "seed")
  }

  /// A seed above Int.max fits its unsigned field: not the number out of range, which is the
  /// next one (the message blamed the seed beside a version of 1e99).
  @Test func anUnsignedValueAboveIntMaxIsInRange() throws {
    let text = #"{"pool": {"seed": 18446744073709551615}, "version": 99999999999999999999}"#
    #expect(firstOutOfRangeInteger(in: Data(text.utf8), unsignedKeys: ["seed"])?.path == "version")
    #expect(firstOutOfRangeInteger(in: Data(text.utf8))?.path == "pool.seed")
    #expect(firstOutOfRangeInteger(in: Data(#"{"seed": 18446744073709551616}"#.utf8), unsignedKeys: ["seed"])?.path == "seed")
  }

  @Test func skippedKeysAreLeftOut() throws {
    let token = JSONNumberToken.first(in: Data(#"{"mana_value": 0.5, "deck": {"copies": 1.5}}"#.utf8), skippingKeys: ["mana_value"]) {
      text, _ in text.contains(".")
    }
    #expect(token?.path == "deck.copies")
  }
}
