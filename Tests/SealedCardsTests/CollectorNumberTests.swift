import SealedSupport
import SealedCards
import Testing

@Suite struct CollectorNumberTests {
  @Test func ordersByLeadingIntegerThenTheRest() {
    let texts = ["10", "2", "22b", "22a", "22", "100", "★1", "1"]
    let sorted = texts.map { CollectorNumber($0) }.sorted().map(\.text)
    #expect(sorted == ["1", "2", "10", "22", "22a", "22b", "100", "★1"])
  }

  @Test func splitsTheLeadingInteger() {
    #expect(CollectorNumber("264").leadingInteger == 264)
    #expect(CollectorNumber("22a").leadingInteger == 22)
    #expect(CollectorNumber("22a").suffix == "a")
    #expect(CollectorNumber("★5").leadingInteger == nil)
  }

  /// An ASCII number is split by its bytes, any other by its characters: both splits agree on
  /// every text, including a digit a combining mark follows (one character, no digit), a leading
  /// integer too long for an Int (nil), line breaks and texts drawn from a fixed seed.
  @Test func bytesAndCharactersSplitAlike() {
    var texts = [
      "", "0", "007", "12a", "a12", "12 3", "1\r\n", "12\r\n3", "99999999999999999999", "99999999999999999999a",
      "★5", "1\u{301}2", "5\u{301}", "S1", "1/2", "22a",
    ]
    let alphabet: [String] = ["0", "1", "9", "a", "Z", " ", ":", "★", "\u{301}", "\r", "\n", "-"]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<3_000 {
      var text = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for step in 0..<Int(state >> 61) {
        text += alphabet[Int((state >> UInt64(6 * step + 3)) & 0xFF) % alphabet.count]
      }
      texts.append(text)
    }
    for text in texts {
      let bytes = CollectorNumber(text)
      let characters = CollectorNumber(byCharacters: text)
      #expect(bytes.leadingInteger == characters.leadingInteger, "\(text.debugDescription)")
      #expect(bytes.suffix == characters.suffix && bytes.suffix.startIndex == characters.suffix.startIndex, "\(text.debugDescription)")
    }
  }
}
