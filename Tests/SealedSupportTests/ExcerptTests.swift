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

  /// Invisible format characters are shown escaped: a byte-order mark inside a field of a pack
  /// file printed as nothing (`WAR 260` with the mark unseen, a review); letters and marks stay.
  @Test func invisibleCharactersAreShown() {
    #expect(excerpt("WAR 260\u{FEFF}") == #"WAR 260\u{feff}"#)
    #expect(excerpt("zero\u{200B}width\u{200E}") == #"zero\u{200b}width\u{200e}"#)
    #expect(excerpt("Lim-Dûl’s Vault, Jötun") == "Lim-Dûl’s Vault, Jötun")
    #expect(excerpt("e\u{301}") == "e\u{301}")
  }
}
