import Foundation
import SealedSupport

/// Splits a byte source into lines, reading 1 MiB at a time into one buffer that only grows for
/// a line longer than itself (up to `maximumLineLength`). A line is handed out as a view into
/// that buffer, valid until the next call; it has no `\n`, no trailing `\r`, and the first line
/// no UTF-8 byte order mark. Finding a line costs a `memchr` over its bytes.
final class LineReader {
  static let chunkSize = 1 << 20
  /// A longer line is an error rather than unbounded memory.
  static let maximumLineLength = 64 << 20

  let path: String
  private let source: ByteSource
  // `@exclusivity(unchecked)`: a reader has one caller at a time, and the dynamic checks on
  // these properties cost more than finding the line.
  @exclusivity(unchecked) private var buffer: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private var capacity: Int
  /// Unread bytes are `buffer[start..<end]`.
  @exclusivity(unchecked) private var start = 0
  @exclusivity(unchecked) private var end = 0
  @exclusivity(unchecked) private var sourceEnded = false
  /// Where the last line handed out started, for `unread`.
  @exclusivity(unchecked) private var lastLineStart = 0
  /// The 1-based number of the last line handed out (0 before the first).
  @exclusivity(unchecked) private(set) var lineNumber = 0

  init(source: ByteSource, path: String) {
    self.source = source
    self.path = path
    capacity = Self.chunkSize
    buffer = .allocate(capacity: capacity)
  }

  deinit { buffer.deallocate() }

  /// The location of the current line, for errors.
  var location: String { DataError.location(path, line: lineNumber) }

  /// The next line, or nil at the end of the data.
  func next() throws(DataError) -> UnsafeBufferPointer<UInt8>? {
    var scanned = start
    while true {
      if let newline = memchr(buffer + scanned, 0x0A, end - scanned) {
        let lineEnd = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self))
        return hand(from: start, to: lineEnd, next: lineEnd + 1)
      }
      scanned = end
      if sourceEnded {
        guard start < end else { return nil }
        return hand(from: start, to: end, next: end)
      }
      let shift = start
      try fill()
      scanned -= shift
    }
  }

  /// Hands the last line out again on the next call (used once, after looking at a header).
  func unread() {
    start = lastLineStart
    lineNumber -= 1
  }

  private func hand(from lineStart: Int, to lineEnd: Int, next: Int) -> UnsafeBufferPointer<UInt8> {
    lastLineStart = lineStart
    start = next
    lineNumber += 1
    var first = lineStart
    var last = lineEnd
    if last > first && buffer[last - 1] == 0x0D { last -= 1 }
    if lineNumber == 1 && last - first >= 3 && buffer[first] == 0xEF && buffer[first + 1] == 0xBB && buffer[first + 2] == 0xBF {
      first += 3
    }
    return UnsafeBufferPointer(start: buffer + first, count: last - first)
  }

  /// Moves the unread bytes to the front, grows the buffer when they fill it, and reads more.
  private func fill() throws(DataError) {
    if start > 0 {
      let count = end - start
      if count > 0 { (buffer).update(from: buffer + start, count: count) }
      lastLineStart = 0
      start = 0
      end = count
    }
    if end == capacity {
      guard capacity < Self.maximumLineLength else {
        throw DataError("line is longer than \(Self.maximumLineLength >> 20) MiB", at: DataError.location(path, line: lineNumber + 1))
      }
      let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
      larger.update(from: buffer, count: end)
      buffer.deallocate()
      buffer = larger
      capacity *= 2
    }
    let got: Int
    do {
      got = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
    } catch {
      // The source is read ahead of the lines (1 MiB at a time): where it failed is after the
      // lines handed out, not at a line of its own.
      throw DataError(lineNumber == 0 ? error.message : "\(error.message), after line \(lineNumber)", at: path)
    }
    if got == 0 { sourceEnded = true }
    end += got
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The bytes as a String, or an error naming the line when they are not valid UTF-8.
  func string(at location: @autoclosure () -> String) throws(DataError) -> String {
    guard let text = validatedString else {
      throw DataError("line is not valid UTF-8 text", at: location())
    }
    return text
  }

  /// The bytes as a String, nil when they are not valid UTF-8. ASCII (nearly every field of a
  /// pack file) takes a fast path without generic validation.
  var validatedString: String? {
    var ascii = true
    for byte in self where byte >= 0x80 {
      ascii = false
      break
    }
    return ascii ? String(decoding: self, as: UTF8.self) : String(validating: self, as: UTF8.self)
  }

  /// Whether the bytes are valid UTF-8 (a quick loop when they are ASCII).
  var isValidUTF8: Bool {
    for byte in self where byte >= 0x80 { return String(validating: self, as: UTF8.self) != nil }
    return true
  }

  /// Whether every byte is a space or a tab.
  var isBlank: Bool {
    allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }
}
