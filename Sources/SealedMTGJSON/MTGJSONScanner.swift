import SealedSupport

/// Walks the structure of an MTGJSON file as a byte stream, handing over only the pieces Sealed
/// reads, as the raw bytes they have in the file: every card object of a set's `cards` array,
/// a set's `booster` object, its `code` and `name`, and the top-level `meta`.
///
/// Two layouts are read the same way: a set file `{"meta": {...}, "data": {set}}` and
/// AllPrintings `{"meta": {...}, "data": {"SET": {set}, ...}}`. A set is an object that holds a
/// `cards` array: `data` itself, or an object member of `data`. Everything else (foreign
/// data, tokens, translations) is walked over without being kept. Only the structure is checked
/// here (strings, nesting, separators, what may stand outside strings); each piece handed over
/// is parsed by whoever keeps it. Memory: the bytes of the piece being read (one card, or one
/// set's booster object). Cost: one pass over the bytes.
struct MTGJSONScanner {
  enum Event {
    /// The raw `meta` value.
    case meta([UInt8])
    /// One element of the `cards` array of the set at `level` (2: `data` is the set; 3: a
    /// member of `data`), starting on `line`.
    case card(level: Int, setKey: String?, bytes: [UInt8], line: Int, number: Int)
    /// The set's `booster` object.
    case booster(level: Int, setKey: String?, bytes: [UInt8], line: Int)
    /// The set's `code` or `name` (a JSON string literal, quotes included).
    case field(level: Int, name: String, bytes: [UInt8])
    /// The set object at `level` ended; `key` is its key in `data` (nil for level 2).
    case setEnded(level: Int, key: String?, hadCards: Bool)
  }

  /// A structural problem, with the line and column of the byte where it was found.
  struct Problem: Error {
    var message: String
    var line: Int
    var column: Int
  }

  private enum Role: Equatable {
    case root, other
    case set(level: Int)
    case cards(level: Int)
  }

  private enum Capture {
    case meta
    case card(level: Int, number: Int)
    case booster(level: Int)
    case field(level: Int, name: String)
  }

  private enum Expect {
    case keyOrEnd, key, colon, value, valueOrEnd, commaOrEnd
  }

  /// One open object or array; plain values only, so that the byte loop copies it for free.
  private struct Frame {
    var isObject: Bool
    var role: Role
    var expect: Expect
    var hadCards = false
    var elements = 0

    init(isObject: Bool, role: Role) {
      self.isObject = isObject
      self.role = role
      expect = isObject ? .keyOrEnd : .valueOrEnd
    }
  }

  private var frames: [Frame] = []
  /// The last key read in the objects at depths 1 to 3 (the root, `data`, a set of `data`),
  /// where roles depend on keys.
  private var keys: [[UInt8]] = [[], [], []]
  /// The key in `data` of the open set at level 3.
  private var level3Key: String?
  private var sawRoot = false
  private var inString = false
  private var escaped = false
  private var inScalar = false
  private var line = 1
  private var offset = 0
  private var lineStart = 0
  /// The string being read is a key whose bytes are kept.
  private var keepingKey = false
  private var keyBytes: [UInt8] = []
  private var capture: Capture?
  /// Whether a piece is being captured (`capture` is set); a plain flag for the byte loop.
  private var capturing = false
  /// Depth at which the captured value started (frames.count before it).
  private var captureDepth = 0
  private var captureLine = 0
  private var captured: [UInt8] = []

  /// Whether the whole root object has been read.
  var isComplete: Bool { sawRoot && frames.isEmpty && !inString }

  /// Reads a chunk, calling `emit` for every piece completed inside it.
  mutating func feed(_ chunk: UnsafeRawBufferPointer, emit: (Event) throws -> Void) throws {
    let bytes = chunk.bindMemory(to: UInt8.self)
    var captureStart: Int? = !capturing ? nil : 0
    var index = 0
    let end = bytes.count
    while index < end {
      if inString && !escaped && !keepingKey {
        // The body of a string (most of the file: texts, foreign data): skip to its end.
        while index < end {
          let byte = bytes[index]
          if byte == Self.quote || byte == Self.backslash || byte < 0x20 { break }
          index += 1
        }
        if index == end { break }
      }
      let byte = bytes[index]
      if byte == 0x0A {
        if inString { throw problem("a line break inside a string", at: index) }
        line += 1
        lineStart = offset + index + 1
      }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if keepingKey {
            keepingKey = false
            keys[frames.count - 1] = keyBytes
          }
          if capturing, frames.count == captureDepth {
            try finishCapture(bytes, from: &captureStart, through: index, emit: emit)
          }
        } else if byte < 0x20 {
          throw problem("a control character inside a string", at: index)
        } else if keepingKey {
          keyBytes.append(byte)
        }
        index += 1
        continue
      }
      if inScalar {
        if Self.isScalarByte(byte) {
          index += 1
          continue
        }
        inScalar = false
        if capturing, frames.count == captureDepth {
          try finishCapture(bytes, from: &captureStart, through: index - 1, emit: emit)
        }
      }
      switch byte {
      case 0x20, 0x0A, 0x0D, 0x09:
        break
      default:
        try structural(byte, at: index, bytes, captureStart: &captureStart, emit: emit)
      }
      index += 1
    }
    if let start = captureStart, capturing {
      captured.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }
    offset += end
  }

  /// Throws unless the whole file has been read.
  func finish() throws {
    if isComplete { return }
    let column = offset - lineStart
    if !sawRoot {
      throw Problem(message: "the file is empty; expected an MTGJSON file (a JSON object with \"meta\" and \"data\")", line: line, column: column)
    }
    throw Problem(message: "the file ends in the middle of the JSON (truncated?)", line: line, column: column)
  }

  // MARK: - Structure

  private mutating func structural(
    _ byte: UInt8, at index: Int, _ bytes: UnsafeBufferPointer<UInt8>, captureStart: inout Int?,
    emit: (Event) throws -> Void
  ) throws {
    guard !frames.isEmpty else {
      if sawRoot { throw problem("unexpected \(describeByte(byte)) after the end of the JSON object", at: index) }
      guard byte == UInt8(ascii: "{") else {
        throw problem("expected an MTGJSON file (a JSON object with \"meta\" and \"data\"), found \(describeByte(byte))", at: index)
      }
      sawRoot = true
      frames.append(Frame(isObject: true, role: .root))
      return
    }
    let top = frames.count - 1
    let expect = frames[top].expect
    switch byte {
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      let frame = frames[top]
      let closesObject = byte == UInt8(ascii: "}")
      guard frame.isObject == closesObject else { throw problem("unexpected \(describeByte(byte))", at: index) }
      guard expect == .commaOrEnd || expect == .keyOrEnd || expect == .valueOrEnd else {
        let trailingComma = expect == .key || (expect == .value && !frame.isObject)
        throw problem(trailingComma ? "a trailing ',' before \(describeByte(byte))" : "expected a value, found \(describeByte(byte))", at: index)
      }
      frames.removeLast()
      if case .set(let level) = frame.role {
        try emit(.setEnded(level: level, key: level == 3 ? level3Key : nil, hadCards: frame.hadCards))
      }
      if capturing, frames.count == captureDepth {
        try finishCapture(bytes, from: &captureStart, through: index, emit: emit)
      }
    case UInt8(ascii: ","):
      guard expect == .commaOrEnd else { throw problem("unexpected ','", at: index) }
      frames[top].expect = frames[top].isObject ? .key : .value
    case UInt8(ascii: ":"):
      guard expect == .colon else { throw problem("unexpected ':'", at: index) }
      frames[top].expect = .value
    default:
      switch expect {
      case .keyOrEnd, .key:
        guard byte == UInt8(ascii: "\"") else { throw problem("expected a key (a string), found \(describeByte(byte))", at: index) }
        frames[top].expect = .colon
        inString = true
        escaped = false
        keepingKey = frames.count <= 3
        keyBytes.removeAll(keepingCapacity: true)
      case .value, .valueOrEnd:
        try valueStarts(byte, at: index, captureStart: &captureStart)
      case .colon:
        throw problem("expected ':' after a key, found \(describeByte(byte))", at: index)
      case .commaOrEnd:
        throw problem("expected ',' or '\(frames[top].isObject ? "}" : "]")' after a value, found \(describeByte(byte))", at: index)
      }
    }
  }

  private mutating func valueStarts(_ byte: UInt8, at index: Int, captureStart: inout Int?) throws {
    let top = frames.count - 1
    guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\"") || Self.startsScalar(byte) else {
      throw problem("expected a JSON value, found \(describeByte(byte))", at: index)
    }
    if !capturing { try startCaptureIfWanted(byte, at: index, captureStart: &captureStart) }
    let frame = frames[top]
    frames[top].expect = .commaOrEnd
    frames[top].elements += 1
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let role = !capturing ? try childRole(of: frame, at: top, opening: byte, at: index) : .other
      if case .set(3) = role { level3Key = String(decoding: keys[top], as: UTF8.self) }
      if case .cards = role { frames[top].hadCards = true }
      frames.append(Frame(isObject: byte == UInt8(ascii: "{"), role: role))
      if frames.count <= 3 { keys[frames.count - 1] = [] }
    case UInt8(ascii: "\""):
      inString = true
      escaped = false
      keepingKey = false
    default:
      inScalar = true
    }
  }

  /// The role of a container opened as a value inside `frame`, the frame at `depth`.
  private func childRole(of frame: Frame, at depth: Int, opening byte: UInt8, at index: Int) throws -> Role {
    let isObject = byte == UInt8(ascii: "{")
    switch frame.role {
    case .other, .cards:
      return .other
    case .root where keys[0] == Self.dataKey:
      guard isObject else {
        throw problem("\"data\" is an array, as in a Scryfall list; expected an MTGJSON file, whose \"data\" is an object", at: index)
      }
      return .set(level: 2)
    case .set(let level) where keys[depth] == Self.cardsKey && !isObject:
      return .cards(level: level)
    case .set(2) where isObject:
      return .set(level: 3)
    default:
      return .other
    }
  }

  private mutating func startCaptureIfWanted(_ byte: UInt8, at index: Int, captureStart: inout Int?) throws {
    let frame = frames[frames.count - 1]
    let wanted: Capture?
    switch frame.role {
    case .other:
      return
    case .root where keys[0] == Self.metaKey:
      wanted = .meta
    case .set(let level) where keys[level - 1] == Self.boosterKey && byte == UInt8(ascii: "{"):
      wanted = .booster(level: level)
    case .set(let level) where byte == UInt8(ascii: "\"") && (keys[level - 1] == Self.codeKey || keys[level - 1] == Self.nameKey):
      wanted = .field(level: level, name: String(decoding: keys[level - 1], as: UTF8.self))
    case .cards(let level):
      guard byte == UInt8(ascii: "{") else {
        throw problem("card \(frame.elements + 1) of the \"cards\" array is not a JSON object (found \(describeByte(byte)))", at: index)
      }
      wanted = .card(level: level, number: frame.elements + 1)
    default:
      wanted = nil
    }
    guard let wanted else { return }
    capture = wanted
    capturing = true
    captureDepth = frames.count
    captureLine = line
    captured.removeAll(keepingCapacity: true)
    captureStart = index
  }

  private mutating func finishCapture(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: inout Int?, through index: Int, emit: (Event) throws -> Void
  ) throws {
    guard let what = capture else { return }
    // A number or literal that ended with the previous chunk has no byte in this one.
    let first = start ?? 0
    if index >= first { captured.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first...index])) }
    capture = nil
    capturing = false
    start = nil
    switch what {
    case .meta: try emit(.meta(captured))
    case .card(let level, let number):
      try emit(.card(level: level, setKey: setKey(level), bytes: captured, line: captureLine, number: number))
    case .booster(let level):
      try emit(.booster(level: level, setKey: setKey(level), bytes: captured, line: captureLine))
    case .field(let level, let name): try emit(.field(level: level, name: name, bytes: captured))
    }
    captured.removeAll(keepingCapacity: captured.capacity <= 1 << 20)
  }

  /// The key in `data` of the open set at `level` (nil for `data` itself).
  private func setKey(_ level: Int) -> String? {
    level == 3 ? level3Key : nil
  }

  // MARK: - Bytes

  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")
  private static let dataKey = Array("data".utf8)
  private static let metaKey = Array("meta".utf8)
  private static let cardsKey = Array("cards".utf8)
  private static let boosterKey = Array("booster".utf8)
  private static let codeKey = Array("code".utf8)
  private static let nameKey = Array("name".utf8)

  private static func startsScalar(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n")
  }

  /// Bytes that may continue a number or a literal (true, false, null).
  private static func isScalarByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "E")
  }

  private func problem(_ message: String, at index: Int) -> Problem {
    Problem(message: message, line: line, column: offset + index - lineStart + 1)
  }
}
