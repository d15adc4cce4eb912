import SealedCore

/// Reads RFC 4180 records from a `LineReader`: fields separated by commas, a field in double
/// quotes may hold commas, doubled quotes and line breaks. The fields of the current record are
/// unquoted into one reused byte array, so a record costs one pass over its bytes and no
/// allocation once the arrays have grown to the widest record.
final class CSVRecordReader {
  /// A quoted field may span at most this many lines; beyond it the quote is taken as
  /// unterminated, so that a stray quote cannot swallow the rest of a large file.
  static let maximumRecordLines = 1000

  let lines: LineReader
  /// The unquoted bytes of every field, one after another.
  private(set) var storage: [UInt8] = []
  /// Field `i` is `storage[fieldEnds[i - 1] ..< fieldEnds[i]]` (from 0 for the first).
  private(set) var fieldEnds: [Int] = []
  /// The line where the current record starts.
  private(set) var line = 0

  init(lines: LineReader) {
    self.lines = lines
    storage.reserveCapacity(4096)
    fieldEnds.reserveCapacity(64)
  }

  var path: String { lines.path }
  var fieldCount: Int { fieldEnds.count }
  var location: String { DataError.location(lines.path, line: line) }

  /// Reads the next record that is not a blank line; false at the end of the data.
  func next() throws(DataError) -> Bool {
    while let text = try lines.next() {
      if text.isEmpty { continue }
      try parse(text)
      return true
    }
    return false
  }

  /// Parses `text`, the line just read, as the start of a record (reading more lines while a
  /// quoted field is open).
  func parse(_ text: UnsafeBufferPointer<UInt8>) throws(DataError) {
    storage.removeAll(keepingCapacity: true)
    fieldEnds.removeAll(keepingCapacity: true)
    line = lines.lineNumber
    var text = text
    var inQuotes = false
    var fieldStart = 0
    var spanned = 1
    while true {
      var index = 0
      let count = text.count
      while index < count {
        let byte = text[index]
        if inQuotes {
          if byte == 0x22 {
            if index + 1 < count && text[index + 1] == 0x22 {
              storage.append(0x22)
              index += 2
              continue
            }
            inQuotes = false
          } else {
            storage.append(byte)
          }
        } else if byte == 0x2C {
          fieldEnds.append(storage.count)
          fieldStart = storage.count
        } else if byte == 0x22 && storage.count == fieldStart && (index == 0 || text[index - 1] == 0x2C) {
          inQuotes = true
        } else {
          storage.append(byte)
        }
        index += 1
      }
      guard inQuotes else { break }
      // The quoted field goes on with the next line.
      guard spanned < Self.maximumRecordLines, let following = try lines.next() else {
        throw DataError("unterminated quote: a quoted field opened on this line never closes", at: location)
      }
      spanned += 1
      storage.append(0x0A)
      text = following
    }
    fieldEnds.append(storage.count)
  }

  /// The bytes of field `index`.
  func range(_ index: Int) -> Range<Int> {
    (index == 0 ? 0 : fieldEnds[index - 1])..<fieldEnds[index]
  }

  /// Field `index` as text, or an error naming the line when it is not valid UTF-8.
  func string(_ index: Int) throws(DataError) -> String {
    guard let text = String(validating: storage[range(index)], as: UTF8.self) else {
      throw DataError("field \(index + 1) is not valid UTF-8 text", at: location)
    }
    return text
  }

  /// Field `index` as text without the spaces around it.
  func trimmed(_ index: Int) throws(DataError) -> String {
    let text = try string(index)
    guard text.first == " " || text.last == " " || text.first == "\t" || text.last == "\t" else { return text }
    return String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }

  /// Field `index` as a non-negative decimal integer (spaces around it allowed), or nil.
  func integer(_ index: Int) -> Int? {
    var value = 0
    var digits = 0
    var trailing = false
    for byte in storage[range(index)] {
      if byte == 0x20 || byte == 0x09 {
        if digits > 0 { trailing = true }
        continue
      }
      guard byte >= 0x30 && byte <= 0x39, !trailing, digits < 18 else { return nil }
      value = value * 10 + Int(byte - 0x30)
      digits += 1
    }
    return digits > 0 ? value : nil
  }

  /// Whether field `index` is exactly `bytes`.
  func field(_ index: Int, equals bytes: [UInt8]) -> Bool {
    storage[range(index)].elementsEqual(bytes)
  }
}
