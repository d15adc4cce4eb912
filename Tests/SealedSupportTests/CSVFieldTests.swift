import Testing
import SealedSupport

/// RFC 4180 quoting, looked at byte by byte: the cases a test by Swift `Character` gets wrong.
@Suite struct CSVFieldTests {
  @Test func quotesOnlyWhatRFC4180Requires() {
    #expect(CSVField.quotedIfNeeded("plain text") == "plain text")
    #expect(CSVField.quotedIfNeeded("Æther Vial — “curly”") == "Æther Vial — “curly”")
    #expect(CSVField.quotedIfNeeded("Karn, the Great Creator") == "\"Karn, the Great Creator\"")
    #expect(CSVField.quotedIfNeeded("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(CSVField.quotedIfNeeded("cr\ronly") == "\"cr\ronly\"")
  }

  /// A CR LF pair and a quote that a combining mark follows are each one `Character`, equal to
  /// none of the characters RFC 4180 names: both are found and the quote is doubled.
  @Test func seesCharactersSwiftJoins() {
    // The literals stay out of `#expect`, whose expansion cannot spell a quote followed by a
    // combining mark.
    let crlf = "one\r\ntwo"
    let markedQuote = "a\"\u{301}"
    let sentence = "say \"\u{301}hi\""
    let quotedSentence = "\"say \"\"\u{301}hi\"\"\""
    #expect(CSVField.needsQuotes(crlf))
    #expect(CSVField.needsQuotes(markedQuote))
    #expect(CSVField.quoted(sentence) == quotedSentence)
    let doubled = CSVField.quoted(markedQuote + markedQuote).utf8.filter { $0 == UInt8(ascii: "\"") }.count
    #expect(doubled == 6)
  }
}
