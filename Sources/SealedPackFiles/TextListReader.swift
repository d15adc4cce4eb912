import SealedSupport

/// Reads the booster list people paste: one booster per block of lines, blocks separated by one
/// or more blank lines, comments (`#`, `//`) anywhere. A block may start with a header line
/// (`Booster 3`, `Pack 3:`) that becomes its label; otherwise it is `booster N`, N the block's
/// position. A numbered header (`Booster 4:`, `Pack #4`) starts a new booster even without a
/// blank line before it. Keeps only the current block.
final class TextListReader: BoosterParser {
  private let lines: LineReader
  private var blocks = 0
  /// A numbered header read inside a block: the label and line of the next booster.
  private var pendingHeader: (label: String, line: Int)?

  /// The most cards one block may hold: more than any booster, so a larger block is a list
  /// whose boosters are not separated.
  static let maximumBoosterCards = 1000

  init(lines: LineReader) {
    self.lines = lines
  }

  func next() throws(DataError) -> ListedBooster? {
    var header = pendingHeader
    pendingHeader = nil
    var cards: [ListedCard] = []
    var held = 0
    reading: while let bytes = try lines.next() {
      if bytes.isBlank {
        if cards.isEmpty { continue }
        break
      }
      guard bytes.isValidUTF8 else { throw DataError("line is not valid UTF-8 text", at: lines.location) }
      let parsed: TextListLine
      do {
        parsed = try TextListLine.parse(bytes, blockStart: cards.isEmpty)
      } catch {
        let label = header?.label ?? "booster \(blocks + 1)"
        let text = String(decoding: bytes, as: UTF8.self)
        throw DataError(message(for: error, text: text) + boosterNote(label), at: lines.location)
      }
      switch parsed {
      case .nothing:
        continue
      case .header(let label) where !cards.isEmpty:
        pendingHeader = (label, lines.lineNumber)
        break reading
      case .header(let label):
        if let header {
          throw DataError(
            "booster \"\(header.label)\" (line \(header.line)) lists no cards before the header \"\(excerpt(label))\"",
            at: lines.location)
        }
        header = (label, lines.lineNumber)
      case .card(let setCode, let collectorNumber, let name, let foil, let count):
        cards.append(
          ListedCard(setCode: setCode, collectorNumber: collectorNumber, name: name, foil: foil, count: count, line: lines.lineNumber))
        held += count
        // Stop early: a list without its blank lines would otherwise be read whole into one
        // booster (3 GB of memory in 15 s for an endless one) before its size is refused.
        if held > Self.maximumBoosterCards {
          throw DataError(
            "\(header?.label ?? "booster \(blocks + 1)") holds more than \(Self.maximumBoosterCards) cards by this line; expected boosters separated by blank lines",
            at: lines.location)
        }
      }
    }
    if cards.isEmpty {
      if let header {
        throw DataError("booster \"\(header.label)\" lists no cards", at: DataError.location(lines.path, line: header.line))
      }
      return nil
    }
    blocks += 1
    return ListedBooster(label: header?.label ?? "booster \(blocks)", line: header?.line ?? cards[0].line, cards: cards)
  }

  private func message(for problem: TextListLine.Problem, text: String) -> String {
    switch problem {
    case .unknownForm:
      // A spreadsheet's tab-separated export reads as a text list (a review: no word of tabs).
      let tabs = text.contains("\t") && text.lowercased().contains("collector_number")
        ? "; its fields are separated by tabs: save the file as CSV (commas or semicolons), whose header names booster, set and collector_number" : ""
      return "\"\(excerpt(text.trimmingSpaces))\" is not a card line (expected e.g. \"1 Name (SET) 100\", \"SET 100\", \"Name (SET)\" or a name)\(tabs)"
    case .zeroCount:
      return "a count of 0 in \"\(excerpt(text.trimmingSpaces))\"; leave the line out instead"
    case .countNotANumber(let token):
      return "the count \"\(excerpt(token))\" is not a whole number from 1 to \(TextListLine.maximumCount)"
    case .absurdCount(let count):
      return "a count of \(count) is more than a booster holds (at most \(TextListLine.maximumCount))"
    }
  }
}
