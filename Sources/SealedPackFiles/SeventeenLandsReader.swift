import SealedSupport

/// Reads 17lands' public draft data (`draft_data_public.SET.FORMAT.csv`): one wide row per pick
/// with a `pack_card_<name>` count column per card of the set. Every `pick_number` 0 row is one
/// opened pack. Other rows (14 in 15) are skipped after looking at their first few fields, so
/// they cost little more than finding their line end; the field count is checked on pack rows.
final class SeventeenLandsReader: BoosterParser {
  private let records: CSVRecordReader
  private let lines: LineReader
  private let columns: Int
  private let pickColumn: Int
  private let packColumn: Int
  private let draftColumn: Int
  private let expansionColumn: Int?
  /// `(column, card name)` for every `pack_card_` column.
  private let cardColumns: [(column: Int, name: String)]
  /// The last drafts' packs read (`draft D pack P`).
  private var opened = RecentBoosterIDs()

  init(lines: LineReader) throws(DataError) {
    self.lines = lines
    records = CSVRecordReader(lines: lines)
    guard try records.next() else { throw DataError("no boosters: the file is empty", at: lines.path) }
    var indexOf: [String: Int] = [:]
    var cards: [(Int, String)] = []
    var cardColumnOf: [String: Int] = [:]
    for index in 0..<records.fieldCount {
      let name = try records.value(index, "column name")
      let lowered = name.lowercased()
      if lowered.hasPrefix("pack_card_") {
        // A card counted in two columns would be counted twice or half: the file is not 17lands'.
        if let first = cardColumnOf.updateValue(index, forKey: name) {
          throw DataError(
            "columns \(first + 1) and \(index + 1) are both \(excerpt(name, limit: 200)); expected one pack_card_ column per card",
            at: records.location)
        }
        cards.append((index, String(name.dropFirst("pack_card_".count))))
      } else if indexOf[lowered] == nil {
        indexOf[lowered] = index
      }
    }
    var missing = ["pick_number", "pack_number", "draft_id"].filter { indexOf[$0] == nil }
    if cards.isEmpty { missing.append("pack_card_<name>") }
    guard missing.isEmpty else {
      throw DataError(
        "columns are not 17lands' draft layout: no \(missing.joined(separator: ", ")) column\(missing.count == 1 ? "" : "s") (expected draft_id, pack_number, pick_number and a pack_card_<name> column per card)",
        at: records.location)
    }
    columns = records.fieldCount
    pickColumn = indexOf["pick_number"]!
    packColumn = indexOf["pack_number"]!
    draftColumn = indexOf["draft_id"]!
    expansionColumn = indexOf["expansion"]
    cardColumns = cards
  }

  func next() throws(DataError) -> ListedBooster? {
    while let text = try lines.next() {
      if records.isBlank(text) { continue }
      switch pickIsZero(text) {
      case false?: continue
      case true?, nil: break
      }
      try records.parse(text)
      guard records.fieldCount == columns else {
        throw DataError("row has \(records.fieldCount) fields, the header has \(columns)", at: records.location)
      }
      guard let pick = records.integer(pickColumn) else {
        throw DataError("pick_number is \"\(excerpt(try records.string(pickColumn)))\", not a whole number", at: records.location)
      }
      guard pick == 0 else { continue }
      let draft = try records.value(draftColumn, "draft_id")
      guard let pack = records.integer(packColumn) else {
        throw DataError("pack_number is \"\(excerpt(try records.string(packColumn)))\", not a whole number", at: records.location)
      }
      let label = "draft \(draft) pack \(pack + 1)"
      // A draft's pack opens once: its pick 0 row again is the booster counted twice.
      if let earlier = opened.add(label, line: records.line) {
        throw DataError(
          "pick_number 0 of \(excerpt(label)) comes back (first on line \(earlier)); expected each draft's pack opened once",
          at: records.location)
      }
      let set = try expansionColumn.map { (column: Int) throws(DataError) -> String in try records.trimmedLowercased(column) }
      var cards: [ListedCard] = []
      cards.reserveCapacity(16)
      for (column, name) in cardColumns {
        let field = records.bytes(column)
        // The common case: a single 0.
        if field.count == 1 && field[0] == 0x30 { continue }
        guard let count = records.integer(column) else {
          throw DataError(
            "pack_card_\(excerpt(name, limit: 200)) is \"\(excerpt(try records.string(column)))\", not a whole number" + boosterNote(label),
            at: records.location)
        }
        guard count <= TextListLine.maximumCount else {
          throw DataError(
            "pack_card_\(excerpt(name, limit: 200)) is \(count), more copies than a booster holds (at most \(TextListLine.maximumCount))"
              + boosterNote(label),
            at: records.location)
        }
        if count > 0 {
          cards.append(ListedCard(setCode: set.flatMap { $0.isEmpty ? nil : $0 }, name: name, count: count, line: records.line))
        }
      }
      return ListedBooster(label: label, line: records.line, cards: cards)
    }
    return nil
  }

  /// Whether the row's `pick_number` field is exactly `0`, looking only at the bytes up to it;
  /// nil when a quote comes first (the row is then parsed in full).
  private func pickIsZero(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
    var field = 0
    var index = 0
    let count = text.count
    while field < pickColumn {
      while index < count && text[index] != 0x2C {
        if text[index] == 0x22 { return nil }
        index += 1
      }
      guard index < count else { return nil }
      index += 1
      field += 1
    }
    let start = index
    while index < count && text[index] != 0x2C {
      if text[index] == 0x22 { return nil }
      index += 1
    }
    let length = index - start
    if length == 1 && text[start] == 0x30 { return true }
    // Anything else that is digits only is another pick; odd values get the full parse.
    guard length > 0 else { return nil }
    for offset in start..<index where text[offset] < 0x30 || text[offset] > 0x39 { return nil }
    return false
  }
}
