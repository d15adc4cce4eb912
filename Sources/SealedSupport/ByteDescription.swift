/// A byte for a one-line message of the streaming JSON scanners (Scryfall bulk files, MTGJSON
/// files): `'x'` for printable ASCII, a space included, else `byte 0x` and its hex digits
/// (`byte 0xA` for a line feed, `byte 0xEF` for the first byte of a BOM). Cost: O(1).
package func describeByte(_ byte: UInt8) -> String {
  if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
  return "byte 0x\(String(byte, radix: 16, uppercase: true))"
}
