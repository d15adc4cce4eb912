import SealedSupport
import SealedPackFiles

/// What a JSON file given to `sealed cards import` or `sealed rules import` holds, told from
/// its first bytes (after a gunzip): a JSON array (Scryfall's bulk data, or mtg.wtf's compiled
/// booster data), a Scryfall list object, or an MTGJSON file.
package enum JSONFileKind: Sendable, Equatable {
  case array
  case scryfallList
  case mtgjson
  /// Not JSON of any of these kinds; says what was found, and where (1-based line and column).
  case other(String, line: Int, column: Int)

  /// Reads at most the first 64 KiB of `path` (gzipped or not). Throws a one-line `DataError`
  /// for a missing or unreadable file, corrupt gzip data, or an empty file.
  package static func detect(path: String) throws(DataError) -> (kind: JSONFileKind, gzipped: Bool) {
    let input = try InputFile(path: path, noun: "file")
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    defer { buffer.deallocate() }
    var filled = 0
    while filled < buffer.count {
      let got = try input.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
      if got == 0 { break }
      filled += got
    }
    let prefix = Array(buffer[0..<filled])
    guard prefix.contains(where: { !isSpace($0) }) else {
      throw DataError("the file is empty; expected JSON (Scryfall cards, MTGJSON, or mtg.wtf's compiled booster data)", at: input.path)
    }
    return (kind(of: prefix), input.isGzipped)
  }

  /// The kind, from the first bytes of the file: the first key of an object says it (`meta`:
  /// MTGJSON; `object`: Scryfall), or else the value of its `data` key (an object: MTGJSON; an
  /// array: a Scryfall list).
  static func kind(of prefix: [UInt8]) -> JSONFileKind {
    var index = prefix.startIndex
    func skipSpace() { while index < prefix.endIndex && isSpace(prefix[index]) { index += 1 } }
    skipSpace()
    guard index < prefix.endIndex else { return .other("nothing", line: 1, column: 1) }
    if prefix[index] == UInt8(ascii: "[") { return .array }
    guard prefix[index] == UInt8(ascii: "{") else {
      // A Windows editor's byte-order mark: named as such (JSON has none; "found byte 0xEF" said
      // nothing a user could act on).
      if prefix[index...].starts(with: [0xEF, 0xBB, 0xBF]) {
        return .other("a UTF-8 byte-order mark (EF BB BF), which JSON files do not begin with: save the file without it", line: 1, column: 1)
      }
      let line = 1 + prefix[..<index].filter { $0 == 0x0A }.count
      let lineStart = prefix[..<index].lastIndex(of: 0x0A).map { $0 + 1 } ?? prefix.startIndex
      return .other(describeByte(prefix[index]), line: line, column: index - lineStart + 1)
    }
    index += 1
    // Read top-level keys until one decides.
    var depth = 0
    while index < prefix.endIndex {
      skipSpace()
      guard index < prefix.endIndex else { break }
      let byte = prefix[index]
      if byte == UInt8(ascii: "\"") {
        let start = index + 1
        index = start
        while index < prefix.endIndex && prefix[index] != UInt8(ascii: "\"") {
          index += prefix[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < prefix.endIndex else { break }
        let text = String(decoding: prefix[start..<index], as: UTF8.self)
        index += 1
        skipSpace()
        let isKey = depth == 0 && index < prefix.endIndex && prefix[index] == UInt8(ascii: ":")
        guard isKey else { continue }
        index += 1
        skipSpace()
        switch text {
        case "meta": return .mtgjson
        case "object": return .scryfallList
        case "data" where index < prefix.endIndex:
          return prefix[index] == UInt8(ascii: "[") ? .scryfallList : .mtgjson
        default: continue
        }
      }
      if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
      if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
      index += 1
    }
    return .other("a JSON object without \"meta\", \"object\" or \"data\" near its start", line: 1, column: 1)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}

extension JSONFileKind {
  /// Whether the file at `path` is an MTGJSON file (true) or mtg.wtf's compiled booster data
  /// (false), for `sealed rules import`; a one-line `DataError` for Scryfall card data, which
  /// holds no booster rules, or for anything else. Cost: `detect`.
  package static func isMTGJSONBoosterData(path: String) throws(DataError) -> Bool {
    switch try detect(path: path).kind {
    case .mtgjson:
      return true
    case .array:
      return false
    case .scryfallList:
      throw DataError("this is Scryfall card data, which holds no booster rules; expected mtg.wtf's compiled booster data or an MTGJSON file", at: path)
    case .other(let found, let line, let column):
      throw DataError(
        "expected mtg.wtf's compiled booster data (a JSON array of products) or an MTGJSON file, found \(found)",
        at: DataError.location(path, line: line, column: column))
    }
  }
}
