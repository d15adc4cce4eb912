import Foundation

/// Checks that bytes are one well-formed JSON value (RFC 8259) without building it, and says
/// where they stop being one.
///
/// Loaders run it before decoding, so that a malformed file is rejected with its line and
/// column using memory of the order of its nesting depth (a decoder, or JSONSerialization,
/// first builds a tree several times the file's size, and reports a cut file without a
/// position). Cost: one pass over the bytes; memory O(depth).
package enum JSONSyntax {
  /// The deepest nesting of arrays and objects read: Foundation's JSON decoders refuse more
  /// (as "The given data was not valid JSON", saying nothing of where or why).
  package static let maximumDepth = 512

  struct Problem: Equatable {
    /// Byte offset of the first byte that cannot continue the text (the length if it ends early).
    var offset: Int
    var message: String
    /// False for a key written twice in one object: well-formed JSON (RFC 8259 only says keys
    /// should be unique), refused where asked (`check`'s `refusingRepeatedKeys`).
    var malformed = true
  }

  /// The first syntax error, or nil when `data` is one JSON value (with optional whitespace);
  /// with `refusingRepeatedKeys`, a key is written twice in one object too.
  static func firstProblem(in data: Data, refusingRepeatedKeys: Bool = false) -> Problem? {
    data.withUnsafeBytes { raw in firstProblem(in: raw.bindMemory(to: UInt8.self), refusingRepeatedKeys: refusingRepeatedKeys) }
  }

  private enum Expect { case value, valueOrClose, key, keyOrClose, colon, commaOrClose }

  static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>, refusingRepeatedKeys: Bool = false) -> Problem? {
    var checker = Checker(bytes: bytes)
    if refusingRepeatedKeys { checker.keysSeen = [] }
    return checker.firstProblem()
  }

  /// One pass over the bytes: where it is, the containers open there (`[` or `{`, innermost
  /// last) and what may come next. Each phase reads one token at `index` and either moves past
  /// it or returns the problem found there.
  private struct Checker {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var stack: [UInt8] = []
    var expect = Expect.value
    /// The keys read so far in each container open (`stack`'s order; empty for an array), when
    /// a key given twice is refused; nil otherwise.
    var keysSeen: [Set<String>]?
    static let endOfFile = "unexpected end of file: the file is cut short"
    static let emptyFile = "the file is empty"

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func problem(_ message: String) -> Problem { Problem(offset: index, message: message) }

    /// Reads token after token until the value ends (nil when nothing follows it) or a byte
    /// cannot continue it.
    mutating func firstProblem() -> Problem? {
      while true {
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
        guard index < bytes.count else {
          if stack.isEmpty && expect == .commaOrClose { return nil }
          // Nothing but whitespace: an empty file (a save interrupted, `: > file`), not a cut one.
          return problem(stack.isEmpty && expect == .value ? Self.emptyFile : Self.endOfFile)
        }
        let byte = bytes[index]
        let found: Problem?
        switch expect {
        case .value, .valueOrClose: found = value(byte)
        case .key, .keyOrClose: found = key(byte)
        case .colon: found = colon(byte)
        case .commaOrClose: found = commaOrClose(byte)
        }
        if let found { return found }
      }
    }

    /// Moves past `]` or `}` closing the innermost container.
    mutating func close() {
      stack.removeLast()
      keysSeen?.removeLast()
      index += 1
      expect = .commaOrClose
    }

    /// Opens an array or object at `byte`; past `maximumDepth`, the problem that is.
    mutating func open(_ byte: UInt8, then next: Expect) -> Problem? {
      guard stack.count < JSONSyntax.maximumDepth else {
        return problem("more than \(JSONSyntax.maximumDepth) arrays and objects nested, the most a JSON decoder here reads")
      }
      stack.append(byte)
      keysSeen?.append([])
      index += 1
      expect = next
      return nil
    }

    /// A value (or, in an array just opened, its `]`).
    mutating func value(_ byte: UInt8) -> Problem? {
      if expect == .valueOrClose && byte == UInt8(ascii: "]") {
        close()
        return nil
      }
      switch byte {
      case UInt8(ascii: "{"):
        return open(byte, then: .keyOrClose)
      case UInt8(ascii: "["):
        return open(byte, then: .valueOrClose)
      case UInt8(ascii: "\""):
        if let found = scanString() { return found }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        if let found = scanNumber() { return found }
      case UInt8(ascii: "t"):
        if let found = scanLiteral("true") { return found }
      case UInt8(ascii: "f"):
        if let found = scanLiteral("false") { return found }
      case UInt8(ascii: "n"):
        if let found = scanLiteral("null") { return found }
      default:
        // A Windows editor's byte-order mark: named as such ("found byte 0xEF" said nothing).
        if index == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
          return problem("a UTF-8 byte-order mark (EF BB BF), which JSON files do not begin with: save the file without it")
        }
        return problem("expected a value, found \(describe(byte))")
      }
      expect = .commaOrClose
      return nil
    }

    /// An object's key (or, in an object just opened, its `}`).
    mutating func key(_ byte: UInt8) -> Problem? {
      if expect == .keyOrClose && byte == UInt8(ascii: "}") {
        close()
        return nil
      }
      guard byte == UInt8(ascii: "\"") else { return problem("expected a quoted key, found \(describe(byte))") }
      let start = index
      if let found = scanString() { return found }
      if keysSeen != nil, let repeated = repeatedKey(from: start) { return repeated }
      expect = .colon
      return nil
    }

    /// The problem of the key just scanned from `start` (its opening quote) when the innermost
    /// object has it already (compared as decoded: `"a"` and `"\u0061"` are one key); else
    /// records it.
    mutating func repeatedKey(from start: Int) -> Problem? {
      let inner = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(index - 1)])
      // Only a key with an escape is decoded; the rest are their bytes (one decoder a key cost
      // a deck library's every load).
      let key: String
      if inner.contains(UInt8(ascii: "\\")) {
        guard let decoded = try? JSONDecoder().decode(String.self, from: Data(UnsafeBufferPointer(rebasing: bytes[start..<index]))) else {
          return nil
        }
        key = decoded
      } else {
        key = String(decoding: inner, as: UTF8.self)
      }
      guard keysSeen![keysSeen!.count - 1].insert(key).inserted else {
        return Problem(offset: start, message: JSONSyntax.repeatedKeyMessage(key), malformed: false)
      }
      return nil
    }

    /// The `:` after a key.
    mutating func colon(_ byte: UInt8) -> Problem? {
      guard byte == UInt8(ascii: ":") else { return problem("expected ':' after a key, found \(describe(byte))") }
      index += 1
      expect = .value
      return nil
    }

    /// After a value: `,` and the next, or the innermost container's close; nothing at the top.
    mutating func commaOrClose(_ byte: UInt8) -> Problem? {
      guard let top = stack.last else { return problem("\(describe(byte)) after the end of the JSON value") }
      let close = top == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
      if byte == UInt8(ascii: ",") {
        index += 1
        expect = top == UInt8(ascii: "[") ? .value : .key
      } else if byte == close {
        stack.removeLast()
        keysSeen?.removeLast()
        index += 1
      } else {
        return problem("expected ',' or '\(Character(Unicode.Scalar(close)))', found \(describe(byte))")
      }
      return nil
    }

    /// Scans a string starting at its opening quote.
    mutating func scanString() -> Problem? {
      index += 1
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return nil
        }
        if byte == UInt8(ascii: "\\") {
          if let found = scanEscape() { return found }
        } else if byte < 0x20 {
          return problem("\(describe(byte)) inside a string (control characters must be escaped)")
        } else if byte >= 0x80 {
          // Bytes that are no UTF-8 (a Latin-1 é) reached the decoder, which said only "The
          // given data was not valid JSON", at no line.
          guard let length = JSONSyntax.utf8Length(bytes, at: index) else {
            return problem("\(describe(byte)) inside a string, which is not UTF-8 text; expected a file saved as UTF-8")
          }
          index += length
        } else {
          index += 1
        }
      }
      return problem(Self.endOfFile)
    }

    /// Scans an escape in a string, starting at its backslash.
    mutating func scanEscape() -> Problem? {
      index += 1
      guard index < bytes.count else { return problem(Self.endOfFile) }
      let escape = bytes[index]
      if escape == UInt8(ascii: "u") {
        for _ in 0..<4 {
          index += 1
          guard index < bytes.count else { return problem(Self.endOfFile) }
          guard isHexDigit(bytes[index]) else { return problem("expected 4 hex digits after \\u, found \(describe(bytes[index]))") }
        }
      } else if !"\"\\/bfnrt".utf8.contains(escape) {
        // A line break or other control byte after the backslash is named, not printed: the
        // message stays on one line.
        let shown = escape >= 0x21 && escape < 0x7F ? "\\\(Character(Unicode.Scalar(escape)))" : "\\ before \(describe(escape))"
        return problem("invalid escape \(shown) in a string")
      }
      index += 1
      return nil
    }

    /// Moves past the digits at `index`; returns how many there were.
    mutating func digits() -> Int {
      let start = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      return index - start
    }

    /// Scans a number: sign, integer part, fraction, exponent.
    mutating func scanNumber() -> Problem? {
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count else { return problem(Self.endOfFile) }
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
      } else if digits() == 0 {
        return problem("expected a digit, found \(describe(bytes[index]))")
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard index < bytes.count else { return problem(Self.endOfFile) }
        guard digits() > 0 else { return problem("expected a digit after '.', found \(describe(bytes[index]))") }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return problem(Self.endOfFile) }
        guard digits() > 0 else { return problem("expected a digit in the exponent, found \(describe(bytes[index]))") }
      }
      return nil
    }

    /// Scans `true`, `false` or `null`.
    mutating func scanLiteral(_ word: String) -> Problem? {
      for expected in word.utf8 {
        guard index < bytes.count else { return problem(Self.endOfFile) }
        guard bytes[index] == expected else { return problem("expected \(word), found \(describe(bytes[index]))") }
        index += 1
      }
      return nil
    }
  }

  /// The length of the UTF-8 sequence of a character beginning at `index` (a byte of 0x80 or
  /// more), or nil when the bytes there are no well-formed UTF-8: the length its first byte
  /// announces, checked by the standard library's validation (no overlong form, no surrogate,
  /// nothing above U+10FFFF, no sequence cut short), as the pack-file readers check theirs.
  static func utf8Length(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let lead = bytes[index]
    let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard index + length <= bytes.count else { return nil }
    let sequence = UnsafeBufferPointer(rebasing: bytes[index..<(index + length)])
    return String(validating: sequence, as: UTF8.self) == nil ? nil : length
  }

  @inline(__always) private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
  }

  /// A byte for a message: 'x' when printable ASCII, else "byte 0x00".
  package static func describe(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte == 0x20 { return "a space" }
    let hex = String(byte, radix: 16, uppercase: true)
    return "byte 0x\(byte < 16 ? "0" : "")\(hex)"
  }

  /// A key written twice, in the words every reader of Sealed's uses.
  package static func repeatedKeyMessage(_ key: String) -> String {
    "key \(quotedExcerpt(key)) is written twice in one object; expected each key once"
  }

  /// Throws the first syntax error of `data` as a one-line `DataError` at its line and column;
  /// with `refusingRepeatedKeys`, a key is written twice in one object too (a decoder keeps one of
  /// the two silently, and not every reader the same one). `noun` is what the data is called in
  /// the message (`the body is cut short` for a request's). Cost: one pass over the bytes.
  package static func check(
    _ data: Data, source: String, expected: String, refusingRepeatedKeys: Bool = false, noun: String = "file"
  ) throws(DataError) {
    guard let found = firstProblem(in: data, refusingRepeatedKeys: refusingRepeatedKeys) else { return }
    let (line, column) = lineAndColumn(ofOffset: found.offset, in: data)
    let said = noun == "file" ? found.message
      : found.message.replacingOccurrences(of: "end of file", with: "end of the \(noun)").replacingOccurrences(of: "the file", with: "the \(noun)")
    let message = found.malformed ? "malformed JSON (\(said)); \(expected)" : said
    throw DataError(message, at: DataError.location(source, line: line, column: column))
  }
}
