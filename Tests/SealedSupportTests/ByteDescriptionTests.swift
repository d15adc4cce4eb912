import SealedSupport
import Testing

@Suite struct ByteDescriptionTests {
  /// The wording both streaming scanners (Scryfall bulk files, MTGJSON files) used before they
  /// shared this function: printable ASCII quoted, a space included; anything else in hex.
  @Test func printableBytesAreQuotedOthersInHex() {
    #expect(describeByte(UInt8(ascii: "x")) == "'x'")
    #expect(describeByte(UInt8(ascii: "}")) == "'}'")
    #expect(describeByte(0x20) == "' '")
    #expect(describeByte(0x7E) == "'~'")
    #expect(describeByte(0x00) == "byte 0x0")
    #expect(describeByte(0x0A) == "byte 0xA")
    #expect(describeByte(0x7F) == "byte 0x7F")
    #expect(describeByte(0xEF) == "byte 0xEF")
  }
}
