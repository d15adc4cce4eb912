import Foundation
import SealedSupport

/// Reads Scryfall card data from one JSON file: an array of card objects, a Scryfall `list`
/// object, or a bulk-data file that mixes sets.
public enum CardFileReader {
  /// Parses the file at `path` into cards, in file order.
  ///
  /// Throws a `DataError` naming the file (and line and column, or card number and line) for an
  /// unreadable or empty file, malformed JSON, a card without `set`, `collector_number`, `name`
  /// or `rarity`, or an unknown rarity. Cost: O(file size).
  package static func read(path: String) throws(DataError) -> [Card] {
    try parse(contents(ofFile: path), source: path)
  }

  /// Parses the bytes of a card file as read from disk: inflated first when gzipped.
  public static func parse(fileContents data: Data, source: String) throws(DataError) -> [Card] {
    try parse(Gzip.isCompressed(data) ? Gzip.inflate(data, source: source) : data, source: source)
  }

  /// The bytes of a card file, inflated when it is gzipped (it starts with gzip's magic bytes,
  /// whatever its name). Throws a one-line `DataError` naming the file when it cannot be read
  /// or its compressed data is corrupt. Cost: O(file size).
  package static func contents(ofFile path: String) throws(DataError) -> Data {
    let data = try FileBytes.read(path)
    return Gzip.isCompressed(data) ? try Gzip.inflate(data, source: path) : data
  }

  /// Whether a file name is that of a card file: `.json`, or `.json.gz` for gzipped data.
  package static func isCardFileName(_ name: String) -> Bool {
    let lowercased = name.lowercased()
    return lowercased.hasSuffix(".json") || lowercased.hasSuffix(".json.gz")
  }

  /// Parses card JSON held in memory; `source` names it in errors.
  public static func parse(_ data: Data, source: String) throws(DataError) -> [Card] {
    try parseIndexed(data, source: source).map(\.card)
  }

  /// Like `parse`, but keeps each card's index in the file's card array for error messages.
  static func parseIndexed(_ data: Data, source: String) throws(DataError) -> [(index: Int, card: Card)] {
    guard let first = data.first(where: { !Self.isWhitespace($0) }) else {
      throw DataError("the file is empty; expected a JSON array of Scryfall card objects", at: source)
    }
    try JSONSyntax.check(data, source: source, expected: "expected a JSON array of Scryfall card objects")
    let raw: [ScryfallCard]
    do {
      switch first {
      case UInt8(ascii: "["):
        // The scanner reads what it reads as the decoder would; what it leaves, the decoder
        // decodes, or names the card and field that is wrong.
        raw = try ScryfallCardScanner.cards(in: data) ?? JSONDecoder().decode([ScryfallCard].self, from: data)
      case UInt8(ascii: "{"):
        let list = try JSONDecoder().decode(ScryfallList.self, from: data)
        guard list.object == "list", let cards = list.data else {
          throw DataError(
            "expected a JSON array of cards or a Scryfall list object ({\"object\": \"list\", \"data\": [...]})",
            at: source)
        }
        raw = cards
      default:
        throw DataError(
          "expected a JSON array of Scryfall card objects, found \(JSONSyntax.describe(first))",
          at: DataError.location(source, line: 1, column: 1))
      }
    } catch let error as DataError {
      throw error
    } catch let error as DecodingError {
      throw describe(error, data: data, source: source)
    } catch {
      throw DataError("cannot read the file (\(systemErrorReason(error)))", at: source)
    }

    var cards: [(index: Int, card: Card)] = []
    cards.reserveCapacity(raw.count)
    for (index, object) in raw.enumerated() {
      if let kind = object.object, kind != "card" { continue }
      switch object.card() {
      case .success(let card): cards.append((index, card))
      case .failure(let problem):
        throw DataError(problem.message, at: cardLocation(index, data: data, source: source))
      }
    }
    return cards
  }

  // MARK: - Error locations

  private static func describe(_ error: DecodingError, data: Data, source: String) -> DataError {
    let context: DecodingError.Context
    switch error {
    case .dataCorrupted(let corrupted) where corrupted.codingPath.isEmpty:
      return malformedJSONError(data, source: source, expected: "expected a JSON array of Scryfall card objects")
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found), .dataCorrupted(let found):
      context = found
    @unknown default:
      return DataError("cannot read the file (\(error))", at: source)
    }
    // A list object's `data` array stands for the file's card array.
    let path = context.codingPath.filter { $0.stringValue != "data" || $0.intValue != nil }
    guard let index = path.first?.intValue else {
      return DataError("\(DecodingErrorMessage.describe(error, quoted: true)); expected a JSON array of Scryfall card objects", at: source)
    }
    let message = DecodingErrorMessage.describe(error, path: Array(path.dropFirst()), quoted: true)
    return DataError(message, at: cardLocation(index, data: data, source: source))
  }

  /// `file:line: card N` for the card at `index` (0-based) in the file's card array.
  static func cardLocation(_ index: Int, data: Data, source: String) -> String {
    let offsets = cardElementOffsets(in: data)
    guard index < offsets.count else { return "\(source): card \(index + 1)" }
    let (line, _) = lineAndColumn(ofOffset: offsets[index], in: data)
    return "\(DataError.location(source, line: line)): card \(index + 1)"
  }

  /// Byte offsets where the elements of the card array start: the top-level array, or the
  /// `data` array of a list object. Cost: one pass over the bytes.
  static func cardElementOffsets(in data: Data) -> [Int] {
    var offsets: [Int] = []
    var depth = 0
    var targetDepth: Int? = nil
    var inString = false
    var escaped = false
    var expectingElement = false
    var stringStart = 0
    var lastKeyAtDepth1 = ""
    var index = 0
    for byte in data {
      defer { index += 1 }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 1, targetDepth == nil {
            lastKeyAtDepth1 = String(decoding: data[(data.startIndex + stringStart + 1)..<(data.startIndex + index)], as: UTF8.self)
          }
        }
        continue
      }
      if isWhitespace(byte) { continue }
      if expectingElement, byte != UInt8(ascii: "]") {
        offsets.append(index)
        expectingElement = false
      }
      expectingElement = false
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        stringStart = index
      case UInt8(ascii: "["):
        depth += 1
        if targetDepth == nil, depth == 1 || (depth == 2 && lastKeyAtDepth1 == "data") {
          targetDepth = depth
        }
        if depth == targetDepth { expectingElement = true }
      case UInt8(ascii: "{"):
        depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
      case UInt8(ascii: ","):
        if depth == targetDepth { expectingElement = true }
      default:
        break
      }
    }
    return offsets
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
