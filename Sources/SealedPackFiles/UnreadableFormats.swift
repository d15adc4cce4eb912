import SealedSupport

/// Files a pack file is sometimes mistaken for, known by their first bytes: archives and
/// compressions other than gzip, and text in UTF-16. Each is refused in one line that says what
/// the file is and what to do, rather than as "line 1 is not valid UTF-8 text".
enum UnreadableFormats {
  /// How many first bytes `refusal` looks at.
  static let headLength = 512

  /// What the file whose first bytes are `head` is, and what to do, when it is one of these.
  static func refusal(_ head: [UInt8]) -> String? {
    func starts(_ magic: [UInt8]) -> Bool { head.starts(with: magic) }
    if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) {
      return "a zip archive; a pack file is read as text or gzip (unzip it and give the file inside)"
    }
    if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return "xz-compressed; a pack file is read as text or gzip (xz -d it, or gzip it)" }
    // "BZh", the block size 1-9, and the first block's magic 31 41 59 26 53 59.
    if starts([0x42, 0x5A, 0x68]), head.count >= 10, (0x31...0x39).contains(head[3]),
      Array(head[4..<10]) == [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]
    {
      return "bzip2-compressed; a pack file is read as text or gzip (bunzip2 it, or gzip it)"
    }
    if starts([0x28, 0xB5, 0x2F, 0xFD]) { return "zstd-compressed; a pack file is read as text or gzip (zstd -d it, or gzip it)" }
    if starts([0xFF, 0xFE]) || starts([0xFE, 0xFF]) {
      return "UTF-16 text; a pack file is read as UTF-8 (save it as UTF-8, e.g. iconv -f UTF-16 -t UTF-8)"
    }
    if let order = utf16WithoutMark(Array(head.prefix(10))) ?? utf16ByItsZeros(head) {
      return "UTF-16 text (\(order), without a byte order mark); a pack file is read as UTF-8 (save it as UTF-8, e.g. iconv -f UTF-16\(order == "little-endian" ? "LE" : "BE") -t UTF-8)"
    }
    // Four such bytes or more: a stray one in a line of text is shown where it is (random
    // bytes hold one in ten).
    if !starts([0x1F, 0x8B]), head.lazy.filter(isBinary).count >= 4 {
      return "binary data, not text (its first bytes hold control bytes no text file has); a pack file is read as UTF-8 text or gzip"
    }
    return nil
  }

  /// "little-endian" or "big-endian" when at least three quarters of the pairs of `head` (8 or
  /// more) have a zero in the same place, as UTF-16 text of Latin letters has even where it
  /// starts with one beyond ASCII ("Æther Adept" was called binary data: a review).
  static func utf16ByItsZeros(_ head: [UInt8]) -> String? {
    let pairs = head.count / 2
    guard pairs >= 8 else { return nil }
    let high = (0..<pairs).filter { head[2 * $0 + 1] == 0 }.count
    let low = (0..<pairs).filter { head[2 * $0] == 0 }.count
    if high * 4 >= pairs * 3 && low == 0 { return "little-endian" }
    if low * 4 >= pairs * 3 && high == 0 { return "big-endian" }
    return nil
  }

  /// A control byte text does not hold (NUL, and the C0 controls but tab, line breaks,
  /// vertical tab, form feed and escape): random bytes were read as text and refused for "a
  /// carriage return inside the line" (a review).
  static func isBinary(_ byte: UInt8) -> Bool {
    byte < 0x20 && ![0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B].contains(byte)
  }

  /// "little-endian" or "big-endian" when the first bytes are ASCII text in UTF-16 without a
  /// byte-order mark: of the first (up to) 16 pairs of `head` (given the first 10 bytes: 5), each
  /// a printable ASCII byte or line break beside a zero (it read as text holding NUL bytes, 20
  /// "unknown card" errors full of \u{0}).
  static func utf16WithoutMark(_ head: [UInt8]) -> String? {
    let pairs = min(head.count / 2, 16)
    guard pairs >= 2 else { return nil }
    func ascii(_ byte: UInt8) -> Bool { (0x20...0x7E).contains(byte) || byte == 0x0A || byte == 0x0D || byte == 0x09 }
    let indices = 0..<pairs
    if indices.allSatisfy({ ascii(head[2 * $0]) && head[2 * $0 + 1] == 0 }) { return "little-endian" }
    if indices.allSatisfy({ head[2 * $0] == 0 && ascii(head[2 * $0 + 1]) }) { return "big-endian" }
    return nil
  }
}
