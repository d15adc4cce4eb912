import SealedSupport

/// Splits the elements of a JSON array of objects out of a byte stream without parsing them:
/// the top-level array of a file, or the array under the top-level key `"data"` of a Scryfall
/// `list` object.
///
/// Bytes are fed in chunks of any size; each complete element is handed over as its raw bytes
/// together with the string values of its top-level `"set"` and `"lang"` keys. Only the
/// structure is checked here (strings, nesting, what surrounds the array); each element is
/// parsed later by whoever keeps it. Memory: the bytes of the element being read.
/// Cost: one pass over the bytes.
struct JSONArrayScanner {
  enum Target { case topLevelArray, dataArrayOfObject }

  /// One element of the array.
  struct Element {
    var bytes: [UInt8]
    /// The value of the element's own `"set"` key, when it is a string.
    var set: String?
    /// The value of the element's own `"lang"` key, when it is a string.
    var lang: String?
    /// 1-based line where the element starts.
    var line: Int
    /// 1-based position of the element in the array.
    var number: Int
  }

  /// A structural problem, with the line and column of the byte where it was found.
  struct Problem: Error {
    var message: String
    var line: Int
    var column: Int
  }

  let target: Target
  private(set) var elementsSeen = 0
  /// Whether the array and everything around it have been read completely.
  var isComplete: Bool { finishedArray && depth == 0 && !inString }

  private var depth = 0
  private var arrayDepth: Int?
  private var finishedArray = false
  private var inString = false
  private var escaped = false
  private var line = 1
  private var column = 0
  private var sawRootValue = false
  // Keys at depth 1 (for the "data" array of a list object).
  private var rootKey: [UInt8] = []
  private var rootKeyPending = false
  // The element being read.
  private var element: [UInt8] = []
  private var inElement = false
  private var elementLine = 0
  private var expectingElement = false
  private var expectingKey = false
  private var currentKey: [UInt8] = []
  private var stringBytes: [UInt8] = []
  private var capturingString = false
  private var set: String?
  private var lang: String?

  init(target: Target) {
    self.target = target
  }

  /// Reads a chunk, calling `emit` for every element completed inside it.
  mutating func feed(
    _ chunk: some Sequence<UInt8>, emit: (Element) throws -> Void
  ) throws {
    for byte in chunk {
      if byte == 0x0A {
        line += 1
        column = 0
      } else {
        column += 1
      }
      if inElement { element.append(byte) }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          stringEnded()
        } else if byte < 0x20 {
          throw problem("a control character inside a string")
        }
        if capturingString && inString { stringBytes.append(byte) }
        continue
      }
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { continue }
      if finishedArray && depth == 0 {
        throw problem("unexpected '\(Character(Unicode.Scalar(byte)))' after the end of the JSON value")
      }
      try structural(byte, emit: emit)
    }
  }

  /// Throws unless the whole array has been read.
  func finish() throws {
    if isComplete { return }
    if !sawRootValue { throw Problem(message: "the input is empty; expected a JSON array of card objects", line: line, column: column) }
    if arrayDepth == nil && target == .dataArrayOfObject {
      throw Problem(message: "no \"data\" array in the object (truncated?)", line: line, column: column)
    }
    throw Problem(
      message: "the input ends in the middle of the JSON (truncated?) after \(elementsSeen) complete elements",
      line: line, column: column)
  }

  private mutating func structural(_ byte: UInt8, emit: (Element) throws -> Void) throws {
    if depth == 0 {
      guard !sawRootValue else { throw problem("more than one JSON value") }
      sawRootValue = true
      let expected: UInt8 = target == .topLevelArray ? UInt8(ascii: "[") : UInt8(ascii: "{")
      guard byte == expected else {
        throw problem(
          target == .topLevelArray
            ? "expected a JSON array of card objects ('['), found \(describeByte(byte))"
            : "expected a JSON object ('{'), found \(describeByte(byte))")
      }
    }
    let atArray = arrayDepth != nil && depth == arrayDepth! && !finishedArray
    if atArray && expectingElement && byte != UInt8(ascii: "]") {
      guard byte == UInt8(ascii: "{") else {
        throw problem("element \(elementsSeen + 1) of the array is not a JSON object (found \(describeByte(byte)))")
      }
      inElement = true
      element = [byte]
      elementLine = line
      set = nil
      lang = nil
      expectingKey = true
      expectingElement = false
      depth += 1
      return
    }
    if atArray && !expectingElement && byte != UInt8(ascii: ",") && byte != UInt8(ascii: "]") {
      throw problem("expected ',' or ']' between array elements, found \(describeByte(byte))")
    }
    switch byte {
    case UInt8(ascii: "\""):
      inString = true
      escaped = false
      capturingString = (inElement && depth == arrayDepth! + 1) || (depth == 1 && target == .dataArrayOfObject && arrayDepth == nil)
      stringBytes.removeAll(keepingCapacity: true)
    case UInt8(ascii: "["):
      depth += 1
      let isTarget =
        arrayDepth == nil
        && ((target == .topLevelArray && depth == 1)
          || (target == .dataArrayOfObject && depth == 2 && rootKeyPending && rootKey == Array("data".utf8)))
      if isTarget {
        arrayDepth = depth
        expectingElement = true
      }
    case UInt8(ascii: "{"):
      depth += 1
    case UInt8(ascii: "]"), UInt8(ascii: "}"):
      if atArray {
        guard byte == UInt8(ascii: "]") else { throw problem("unexpected '}' in the array") }
        if expectingElement && elementsSeen > 0 { throw problem("a trailing ',' before ']'") }
        finishedArray = true
        if target == .topLevelArray {
          depth -= 1
          return
        }
      }
      guard depth > 0 else { throw problem("unexpected \(describeByte(byte))") }
      depth -= 1
      if inElement && depth == arrayDepth! {
        inElement = false
        elementsSeen += 1
        try emit(Element(bytes: element, set: set, lang: lang, line: elementLine, number: elementsSeen))
        element.removeAll(keepingCapacity: true)
      }
      if depth == 1 { rootKeyPending = false }
    case UInt8(ascii: ","):
      if atArray { expectingElement = true }
      if inElement && depth == arrayDepth! + 1 { expectingKey = true }
      if depth == 1 { rootKeyPending = false }
    case UInt8(ascii: ":"):
      if inElement && depth == arrayDepth! + 1 { expectingKey = false }
    default:
      break
    }
  }

  private mutating func stringEnded() {
    guard capturingString else { return }
    capturingString = false
    if inElement {
      if expectingKey {
        currentKey = stringBytes
      } else if currentKey == Self.setKey {
        set = String(decoding: stringBytes, as: UTF8.self)
      } else if currentKey == Self.langKey {
        lang = String(decoding: stringBytes, as: UTF8.self)
      }
    } else {
      rootKey = stringBytes
      rootKeyPending = true
    }
  }

  private static let setKey = Array("set".utf8)
  private static let langKey = Array("lang".utf8)

  private func problem(_ message: String) -> Problem {
    Problem(message: message, line: line, column: column)
  }
}
