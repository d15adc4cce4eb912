import SealedSupport
import Testing

/// Text quoted in an error message stays one short line, however long the text.
@Suite struct ExcerptTests {
  @Test func shortTextIsQuotedWhole() {
    #expect(quotedExcerpt("abc") == "\"abc\"")
    #expect(quotedExcerpt(String(repeating: "x", count: 60)) == "\"\(String(repeating: "x", count: 60))\"")
    #expect(quotedExcerpt("two\nlines\r\nhere\t\u{0}") == #""two\nlines\r\nhere\t\u{0}""#)
  }

  @Test func longTextIsCutWithItsLength() {
    let text = String(repeating: "just some words ", count: 65_536)
    let quoted = quotedExcerpt(text)
    #expect(quoted == "\"\(text.prefix(60))…\" (1048576 characters)")
    #expect(quotedExcerpt("abcdef", limit: 3) == "\"abc…\" (6 characters)")
    #expect(excerpt("abcdef", limit: 3) == "abc…")
    #expect(excerpt("a\nb\u{7F}") == #"a\nb\u{7f}"#)
  }
}
