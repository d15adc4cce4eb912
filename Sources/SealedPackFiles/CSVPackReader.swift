import SealedCore

/// Reads `booster,set,collector_number[,name][,foil]`: a header naming the columns (in any order,
/// any case, extra columns ignored), then one row per card, the rows of a booster together.
/// Keeps the current booster and, to catch a booster id that comes back after other boosters, a
/// hash and line per booster id seen (16 bytes a booster).
final class CSVPackReader: BoosterParser {
  private let records: CSVRecordReader
  private let columns: Int
  private let boosterColumn: Int
  private let setColumn: Int
  private let numberColumn: Int
  private let nameColumn: Int?
  private let foilColumn: Int?
  /// The first row of the next booster, read while finishing the previous one.
  private var pending: (id: String, card: ListedCard)?
  /// Hash of every finished booster id → the line where it started.
  private var finished: [Int: Int] = [:]

  init(lines: LineReader) throws(DataError) {
    records = CSVRecordReader(lines: lines)
    guard try records.next() else { throw DataError("no boosters: the file is empty", at: lines.path) }
    var indexOf: [String: Int] = [:]
    for index in 0..<records.fieldCount {
      let name = try records.trimmed(index).lowercased()
      if indexOf[name] == nil { indexOf[name] = index }
    }
    let required = ["booster", "set", "collector_number"]
    let missing = required.filter { indexOf[$0] == nil }
    guard missing.isEmpty else {
      throw DataError(
        "the CSV header lacks the column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) (it needs booster, set, collector_number; name and foil are optional)",
        at: records.location)
    }
    columns = records.fieldCount
    boosterColumn = indexOf["booster"]!
    setColumn = indexOf["set"]!
    numberColumn = indexOf["collector_number"]!
    nameColumn = indexOf["name"]
    foilColumn = indexOf["foil"]
  }

  func next() throws(DataError) -> ListedBooster? {
    var current: (id: String, line: Int, cards: [ListedCard])
    if let pending {
      current = (pending.id, pending.card.line, [pending.card])
      self.pending = nil
    } else if let first = try row() {
      current = (first.id, first.card.line, [first.card])
    } else {
      return nil
    }
    while let next = try row() {
      if next.id == current.id {
        current.cards.append(next.card)
      } else {
        pending = next
        break
      }
    }
    var hasher = Hasher()
    hasher.combine(current.id)
    let key = hasher.finalize()
    if let earlier = finished[key] {
      throw DataError(
        "booster \"\(excerpt(current.id))\" comes back after other boosters (it was first listed on line \(earlier)); the rows of a booster must be together",
        at: DataError.location(records.path, line: current.line))
    }
    finished[key] = current.line
    return ListedBooster(label: current.id, line: current.line, cards: current.cards)
  }

  /// The next row as a booster id and card, nil at the end.
  private func row() throws(DataError) -> (id: String, card: ListedCard)? {
    guard try records.next() else { return nil }
    guard records.fieldCount == columns else {
      throw DataError("row has \(records.fieldCount) field\(records.fieldCount == 1 ? "" : "s"), the header has \(columns)", at: records.location)
    }
    let id = try records.trimmed(boosterColumn)
    guard !id.isEmpty else { throw DataError("empty booster id", at: records.location) }
    let set = try records.trimmed(setColumn)
    guard !set.isEmpty else { throw DataError("empty set code" + boosterNote(id), at: records.location) }
    let number = try records.trimmed(numberColumn)
    guard !number.isEmpty else { throw DataError("empty collector number" + boosterNote(id), at: records.location) }
    var name: String?
    if let nameColumn {
      let text = try records.trimmed(nameColumn)
      if !text.isEmpty { name = text }
    }
    var foil: Bool?
    if let foilColumn {
      let text = try records.trimmed(foilColumn)
      switch text.lowercased() {
      case "": foil = nil
      case "true", "1", "yes": foil = true
      case "false", "0", "no": foil = false
      default:
        throw DataError(
          "foil is \"\(excerpt(text))\"; expected true, false, 1, 0, yes, no or nothing" + boosterNote(id), at: records.location)
      }
    }
    let card = ListedCard(setCode: set.lowercased(), collectorNumber: number, name: name, foil: foil, line: records.line)
    return (id, card)
  }
}
