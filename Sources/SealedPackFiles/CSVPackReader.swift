import SealedSupport

/// Reads `booster,set,collector_number[,name][,foil][,count]`: a header naming the columns (in
/// any order, any case, extra columns ignored; `quantity` is `count`, as collection exports name
/// it), then one row per card (or per `count` copies of it), the rows of a booster together.
/// Keeps the current booster and, to catch a booster id that comes back after other boosters,
/// the last booster ids (`RecentBoosterIDs`).
final class CSVPackReader: BoosterParser {
  private let records: CSVRecordReader
  private let columns: Int
  private let boosterColumn: Int
  private let setColumn: Int
  private let numberColumn: Int
  private let nameColumn: Int?
  private let foilColumn: Int?
  /// The copies of the card a row stands for (`count` or `quantity`; empty: 1).
  private let countColumn: Int?
  /// The booster id (bytes and text) and first card of the next booster, read while finishing
  /// the previous one.
  private var pending: (id: [UInt8], label: String, card: ListedCard)?
  /// The last finished booster ids.
  private var finished = RecentBoosterIDs()

  /// Reads the header and rows of `lines`, whose fields `separator` (`,` or `;`) separates.
  init(lines: LineReader, separator: UInt8 = 0x2C) throws(DataError) {
    records = CSVRecordReader(lines: lines, separator: separator)
    guard try records.next() else { throw DataError("no boosters: the file is empty", at: lines.path) }
    var indexOf: [String: Int] = [:]
    let read = ["booster", "set", "collector_number", "name", "foil", "count", "quantity"]
    for index in 0..<records.fieldCount {
      let name = try records.trimmed(index).lowercased()
      // A column Sealed reads, given twice, would be read from its first copy silently.
      if let first = indexOf[name], read.contains(name) {
        throw DataError("columns \(first + 1) and \(index + 1) are both \(name); expected each of \(read.joined(separator: ", ")) once", at: records.location)
      }
      if indexOf[name] == nil { indexOf[name] = index }
    }
    let required = ["booster", "set", "collector_number"]
    let missing = required.filter { indexOf[$0] == nil }
    guard missing.isEmpty else {
      throw DataError(
        "the CSV header lacks the column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) (it needs booster, set, collector_number; name, foil and count are optional)",
        at: records.location)
    }
    if let count = indexOf["count"], let quantity = indexOf["quantity"] {
      throw DataError(
        "columns \(min(count, quantity) + 1) and \(max(count, quantity) + 1) are count and quantity, which Sealed reads as one: the copies of the card a row stands for; expected one of them",
        at: records.location)
    }
    columns = records.fieldCount
    boosterColumn = indexOf["booster"]!
    setColumn = indexOf["set"]!
    numberColumn = indexOf["collector_number"]!
    nameColumn = indexOf["name"]
    foilColumn = indexOf["foil"]
    countColumn = indexOf["count"] ?? indexOf["quantity"]
  }

  func next() throws(DataError) -> ListedBooster? {
    let id: [UInt8]
    let label: String
    var cards: [ListedCard]
    if let pending {
      (id, label, cards) = (pending.id, pending.label, [pending.card])
      self.pending = nil
    } else if try records.next() {
      let text = try checkedID()
      (id, label, cards) = (Array(records.trimmedBytes(boosterColumn)), text, [try card(text)])
    } else {
      return nil
    }
    while try records.next() {
      guard records.fieldCount == columns else { throw wrongFieldCount() }
      if records.trimmedBytes(boosterColumn).elementsEqual(id) {
        cards.append(try card(label))
      } else {
        let text = try checkedID()
        pending = (Array(records.trimmedBytes(boosterColumn)), text, try card(text))
        break
      }
    }
    let line = cards[0].line
    if let earlier = finished.add(id, line: line) {
      throw DataError(
        "booster \"\(excerpt(label))\" comes back after other boosters (it was first listed on line \(earlier)); the rows of a booster must be together",
        at: DataError.location(records.path, line: line))
    }
    return ListedBooster(label: label, line: line, cards: cards)
  }

  private func wrongFieldCount() -> DataError {
    // A quote after a separator and a space opens no quoted field (RFC 4180): the comma inside
    // the name splits it (`1, WAR, 164, "Jiang Yanggu, Wildcrafter"`, written by hand).
    let spacedQuote = (0..<records.fieldCount).contains { index in
      let field = records.trimmedBytes(index)
      return field.first == UInt8(ascii: "\"") && records.bytes(index).first != UInt8(ascii: "\"")
    }
    // A quote left open mid-file runs on to the next quote, lines later, and the row it makes
    // has too many fields or too few (a review: "row has 6 fields" for a line of 5).
    let spanning = records.lastLine > records.line
      ? " (a quoted field opened on this line closes on line \(records.lastLine): a quote left open?)" : ""
    let hint = spacedQuote ? " (a quote after a space opens no quoted field: write the separator right before the quote)" : spanning
    return DataError("row has \(records.fieldCount) field\(records.fieldCount == 1 ? "" : "s"), the header has \(columns)\(hint)", at: records.location)
  }

  /// The booster id of the row just read, checking the row's width and that the id is there.
  private func checkedID() throws(DataError) -> String {
    guard records.fieldCount == columns else { throw wrongFieldCount() }
    let id = try records.value(boosterColumn, "booster id")
    guard !id.isEmpty else { throw DataError("empty booster id", at: records.location) }
    if isHeaderAgain() {
      throw DataError("the header again, in the middle of the rows (files joined together?); expected a card's row: remove the repeated header", at: records.location)
    }
    return id
  }

  /// Whether the row just read is a header: its fields name `booster`, `set` and
  /// `collector_number`, in any columns and case, the first perhaps after a byte-order mark (two
  /// files a spreadsheet saved as "CSV UTF-8", joined). Cost: nothing more for a row whose
  /// collector number starts with a digit; the fields read for the rest.
  private func isHeaderAgain() -> Bool {
    let number = records.trimmedBytes(numberColumn)
    if let first = number.first, first >= 0x30 && first <= 0x39 { return false }
    var names = Set<String>()
    for column in 0..<records.fieldCount {
      guard var name = try? records.trimmed(column).lowercased() else { return false }
      if name.hasPrefix("\u{FEFF}") { name.removeFirst() }
      names.insert(name)
    }
    return names.isSuperset(of: ["booster", "set", "collector_number"])
  }

  /// The card of the row just read, in booster `label`.
  private func card(_ label: String) throws(DataError) -> ListedCard {
    let set = try records.trimmedLowercased(setColumn)
    guard !set.isEmpty else { throw DataError("empty set code" + boosterNote(label), at: records.location) }
    let number = try records.value(numberColumn, "collector number")
    guard !number.isEmpty else { throw DataError("empty collector number" + boosterNote(label), at: records.location) }
    var name: String?
    if let nameColumn, !records.trimmedBytes(nameColumn).isEmpty {
      name = try records.value(nameColumn, "name")
    }
    var foil: Bool?
    if let foilColumn {
      let value = records.trimmedBytes(foilColumn)
      if !value.isEmpty {
        switch Self.foilWords[value.map { $0 | 0x20 }] {
        case let word?: foil = word
        case nil:
          throw DataError(
            "foil is \"\(excerpt(try records.trimmed(foilColumn)))\"; expected true, false, 1, 0, yes, no or nothing" + boosterNote(label),
            at: records.location)
        }
      }
    }
    let count = try copies(label)
    return ListedCard(setCode: set, collectorNumber: number, name: name, foil: foil, count: count, line: records.line)
  }

  /// The copies the row just read stands for: its `count` column's whole number from 1 to
  /// `TextListLine.maximumCount`, 1 when empty or without the column.
  private func copies(_ label: String) throws(DataError) -> Int {
    guard let countColumn else { return 1 }
    let field = records.trimmedBytes(countColumn)
    guard !field.isEmpty else { return 1 }
    let most = TextListLine.maximumCount
    let text = excerpt(try records.trimmed(countColumn))
    guard field.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      throw DataError("the count \"\(text)\" is not a whole number from 1 to \(most)" + boosterNote(label), at: records.location)
    }
    // Digits alone: 0, or past what a booster holds however many digits (the text list's words).
    let value = field.count <= 9 ? field.reduce(0) { $0 * 10 + Int($1 - 0x30) } : Int.max
    if value == 0 { throw DataError("a count of 0; leave the row out instead" + boosterNote(label), at: records.location) }
    guard value <= most else {
      throw DataError("a count of \(text) is more than a booster holds (at most \(most))" + boosterNote(label), at: records.location)
    }
    return value
  }

  /// The foil values, in lower case (`| 0x20` turns ASCII letters to lower case and leaves
  /// digits as they are).
  private static let foilWords: [[UInt8]: Bool] = [
    Array("true".utf8): true, Array("1".utf8): true, Array("yes".utf8): true,
    Array("false".utf8): false, Array("0".utf8): false, Array("no".utf8): false,
  ]
}
