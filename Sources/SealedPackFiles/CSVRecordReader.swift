import Foundation
import SealedSupport

/// Reads RFC 4180 records from a `LineReader`: fields separated by commas (or semicolons, as
/// spreadsheets of locales with a decimal comma save CSV), a field in double quotes may hold the
/// separator, doubled quotes and line breaks.
///
/// A line without a quote (nearly every line of a real file) is split in place with `memchr`:
/// its fields are views into the line buffer, valid until the next read. A line with quotes is
/// unquoted into one reused scratch buffer. Either way a record costs one pass over its bytes
/// and no allocation once the buffers have grown to the widest record.
final class CSVRecordReader {
  /// A quoted field may span at most this many lines; beyond it the quote is taken as
  /// unterminated, so that a stray quote cannot swallow the rest of a large file.
  static let maximumRecordLines = 1000

  let lines: LineReader
  /// The byte between fields: `,` or `;`.
  let separator: UInt8
  // The state below is marked `@exclusivity(unchecked)`: a reader is used by one caller at a
  // time and never hands out these properties, and the dynamic checks on every field access
  // took a third of the time of reading a CSV file.

  /// Where the fields' bytes are: the line buffer, or `scratch`.
  @exclusivity(unchecked) private var base: UnsafePointer<UInt8>?
  @exclusivity(unchecked) private var scratch: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private var scratchCapacity = 4096
  @exclusivity(unchecked) private var scratchCount = 0
  /// Field `i` is `base[starts[i] ..< ends[i]]`.
  @exclusivity(unchecked) private var starts: [Int] = []
  @exclusivity(unchecked) private var ends: [Int] = []
  /// The line where the current record starts.
  @exclusivity(unchecked) private(set) var line = 0
  /// The line where it ends: later than `line` when a quoted field holds line breaks.
  @exclusivity(unchecked) private(set) var lastLine = 0

  init(lines: LineReader, separator: UInt8 = 0x2C) {
    self.lines = lines
    self.separator = separator
    scratch = .allocate(capacity: scratchCapacity)
    starts.reserveCapacity(64)
    ends.reserveCapacity(64)
  }

  deinit { scratch.deallocate() }

  var path: String { lines.path }
  var fieldCount: Int { ends.count }
  var location: String { DataError.location(lines.path, line: line) }

  /// Reads the next record that is not a blank line; false at the end of the data.
  func next() throws(DataError) -> Bool {
    while let text = try lines.next() {
      if isBlank(text) { continue }
      try parse(text)
      return true
    }
    return false
  }

  /// Whether a line holds no field: empty, spaces and tabs, or a spreadsheet's empty row (its
  /// separators alone: `,,,,`). Cost: the bytes up to the first that is none of those, which
  /// is a row's first.
  func isBlank(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    text.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == separator }
  }

  /// Parses `text`, the line just read, as the start of a record (reading more lines while a
  /// quoted field is open).
  func parse(_ text: UnsafeBufferPointer<UInt8>) throws(DataError) {
    starts.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    line = lines.lineNumber
    lastLine = line
    guard let start = text.baseAddress, text.count > 0 else {
      base = nil
      starts.append(0)
      ends.append(0)
      return
    }
    if memchr(start, 0x22, text.count) == nil {
      base = start
      var offset = 0
      while let comma = memchr(start + offset, Int32(separator), text.count - offset) {
        let end = start.distance(to: comma.assumingMemoryBound(to: UInt8.self))
        starts.append(offset)
        ends.append(end)
        offset = end + 1
      }
      starts.append(offset)
      ends.append(text.count)
      return
    }
    try parseQuoted(text)
  }

  private func parseQuoted(_ first: UnsafeBufferPointer<UInt8>) throws(DataError) {
    scratchCount = 0
    var text = first
    var inQuotes = false
    var fieldStart = 0
    var spanned = 1
    while true {
      reserve(text.count + 1)
      var index = 0
      let count = text.count
      while index < count {
        let byte = text[index]
        if inQuotes {
          if byte == 0x22 {
            if index + 1 < count && text[index + 1] == 0x22 {
              scratch[scratchCount] = 0x22
              scratchCount += 1
              index += 2
              continue
            }
            inQuotes = false
          } else {
            scratch[scratchCount] = byte
            scratchCount += 1
          }
        } else if byte == separator {
          starts.append(fieldStart)
          ends.append(scratchCount)
          fieldStart = scratchCount
        } else if byte == 0x22 && scratchCount == fieldStart && (index == 0 || text[index - 1] == separator) {
          inQuotes = true
        } else {
          scratch[scratchCount] = byte
          scratchCount += 1
        }
        index += 1
      }
      guard inQuotes else { break }
      // The quoted field goes on with the next line.
      guard spanned < Self.maximumRecordLines, let following = try lines.next() else {
        throw DataError("unterminated quote: a quoted field opened on this line never closes", at: location)
      }
      spanned += 1
      lastLine = lines.lineNumber
      scratch[scratchCount] = 0x0A
      scratchCount += 1
      text = following
    }
    starts.append(fieldStart)
    ends.append(scratchCount)
    base = UnsafePointer(scratch)
  }

  /// Makes room for `more` bytes in the scratch buffer.
  private func reserve(_ more: Int) {
    guard scratchCount + more > scratchCapacity else { return }
    var capacity = scratchCapacity * 2
    while scratchCount + more > capacity { capacity *= 2 }
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    larger.update(from: scratch, count: scratchCount)
    scratch.deallocate()
    scratch = larger
    scratchCapacity = capacity
  }

  /// The bytes of field `index`, valid until the next read.
  func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base.map { $0 + starts[index] }, count: ends[index] - starts[index])
  }

  /// The bytes of field `index` without spaces and tabs at either end.
  func trimmedBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    var first = starts[index]
    var last = ends[index]
    guard let base else { return UnsafeBufferPointer(start: nil, count: 0) }
    while first < last && (base[first] == 0x20 || base[first] == 0x09) { first += 1 }
    while last > first && (base[last - 1] == 0x20 || base[last - 1] == 0x09) { last -= 1 }
    return UnsafeBufferPointer(start: base + first, count: last - first)
  }

  /// Field `index` as text, or an error naming the line when it is not valid UTF-8.
  func string(_ index: Int) throws(DataError) -> String {
    try text(bytes(index), index)
  }

  /// Field `index` as text without the spaces around it.
  func trimmed(_ index: Int) throws(DataError) -> String {
    try text(trimmedBytes(index), index)
  }

  /// Field `index` without the spaces around it, which must not hold a line break (only a
  /// quoted field can); `what` names the field in the error.
  func value(_ index: Int, _ what: String) throws(DataError) -> String {
    let field = trimmedBytes(index)
    if field.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
      throw DataError("the \(what) \"\(excerpt(try text(field, index)))\" holds a line break", at: location)
    }
    return try text(field, index)
  }

  /// Field `index`, trimmed, with ASCII letters in lower case.
  func trimmedLowercased(_ index: Int) throws(DataError) -> String {
    let field = trimmedBytes(index)
    guard !field.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return try value(index, "set code") }
    guard field.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return try text(field, index) }
    let lowered = field.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    guard let text = lowered.withUnsafeBufferPointer(\.validatedString) else { throw notUTF8(index) }
    return text
  }

  private func text(_ field: UnsafeBufferPointer<UInt8>, _ index: Int) throws(DataError) -> String {
    guard let text = field.validatedString else { throw notUTF8(index) }
    return text
  }

  private func notUTF8(_ index: Int) -> DataError {
    DataError("field \(index + 1) is not valid UTF-8 text", at: location)
  }

  /// Field `index` as a non-negative decimal integer (spaces around it allowed), or nil.
  func integer(_ index: Int) -> Int? {
    let field = trimmedBytes(index)
    guard !field.isEmpty, field.count <= 18 else { return nil }
    var value = 0
    for byte in field {
      guard byte >= 0x30 && byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }
}
