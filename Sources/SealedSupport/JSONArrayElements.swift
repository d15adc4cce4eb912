import Foundation

/// Where the elements of a JSON array at the top level of a text lie, so that they can be
/// decoded apart (and side by side: `CompiledBoosterData.read` decodes its products so).
package enum JSONArrayElements {
  /// The byte offsets, from the start of `data`, of each element of the top-level array (its
  /// surrounding whitespace left out), in order; nil when the top-level value is not an array.
  /// `data` must be well-formed JSON (`JSONSyntax.check` it first). Cost: one pass over the
  /// bytes, no allocation but the result.
  package static func ranges(in data: Data) -> [Range<Int>]? {
    data.withUnsafeBytes { raw in ranges(in: raw.bindMemory(to: UInt8.self)) }
  }

  static func ranges(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
    var index = skipWhitespace(bytes, from: 0)
    guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
    var elements: [Range<Int>] = []
    index += 1
    while true {
      index = skipWhitespace(bytes, from: index)
      guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return elements }
      let start = index
      index = endOfValue(bytes, from: start)
      elements.append(start..<index)
      index = skipWhitespace(bytes, from: index)
      // A comma, or the array's closing bracket.
      guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return elements }
      index += 1
    }
  }

  /// The offset just past the value starting at `start`: past its closing bracket or quote, or
  /// the end of a number or literal.
  private static func endOfValue(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    var depth = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { return index + 1 }
        }
      } else {
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          // A closing bracket at depth 0 ends the enclosing array: a number or literal before it.
          if depth == 0 { return index }
          depth -= 1
          if depth == 0 { return index + 1 }
        case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
          if depth == 0 { return index }
        default: break
        }
      }
      index += 1
    }
    return index
  }

  private static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return index
      }
    }
    return index
  }
}
