import SealedSupport

/// Writes boosters as a pack file in any `PackFileFormat`, plain or gzipped, one booster at a
/// time (memory does not grow with the file: a 1 MiB buffer, and for 17lands' layout one row).
/// Call `close()` at the end, which flushes and finishes the gzip stream.
///
/// - CSV: `booster,set,collector_number,name,foil`, a card with count n written as n rows; every
///   card needs a set and collector number.
/// - Text: a `LABEL:` header line, then `COUNT Name (SET) NUMBER` lines (`*F*` for foil), a blank
///   line between boosters. Foil false is written as nothing (the text list cannot say it).
/// - 17lands: the draft layout with `pack_card_<name>` (and, with `poolColumns`, `pool_<name>`)
///   columns for `cardNames`; each booster is a `pick_number` 0 row, followed by
///   `picksPerPack - 1` rows for later picks (the pack less one card a pick, the pool holding the
///   cards taken). Cards are written by name; their counts are summed per name. A label
///   `draft ID pack N` gives the draft id and pack number; any other label is the draft id of
///   pack 1.
package final class PackFileWriter {
  /// The layout written.
  package let format: PackFileFormat
  /// Boosters written so far.
  package private(set) var boostersWritten = 0
  private let sink: ByteSink
  private let cardNames: [String]
  private let columnOf: [String: Int]
  private let poolColumns: Bool
  private let picksPerPack: Int
  /// 17lands: `0,0,…,0` for every count column, patched with each row's counts.
  private var zeroCounts: [UInt8] = []

  /// Creates (or truncates) `path` (`-` is standard output) and writes the header. `cardNames`
  /// are the 17lands count columns, in order, a name given twice written once (ignored for the
  /// other layouts; required for 17lands). Throws a one-line `DataError` when the file cannot be written.
  package init(
    path: String, format: PackFileFormat, gzip: Bool = false, cardNames: [String] = [], poolColumns: Bool = false,
    picksPerPack: Int = 1
  ) throws(DataError) {
    self.format = format
    var seen = Set<String>()
    let cardNames = cardNames.filter { seen.insert($0).inserted }
    self.cardNames = cardNames
    self.poolColumns = poolColumns
    self.picksPerPack = max(1, picksPerPack)
    var columnOf: [String: Int] = [:]
    for (index, name) in cardNames.enumerated() where columnOf[name] == nil { columnOf[name] = index }
    self.columnOf = columnOf
    if format == .seventeenLands && cardNames.isEmpty {
      throw DataError("17lands' layout needs the card names for its pack_card_ columns", at: path)
    }
    sink = try ByteSink(path: path, gzip: gzip)
    switch format {
    case .csv:
      try sink.write(PackCSVLayout.packFile.headerLine)
    case .text:
      break
    case .seventeenLands:
      var header = "expansion,event_type,draft_id,draft_time,rank,pack_number,pick_number,pick,pick_maindeck_rate,pick_sideboard_in_rate"
      if poolColumns {
        for name in cardNames { header += "," + Self.quoted("pool_" + name) }
      }
      for name in cardNames { header += "," + Self.quoted("pack_card_" + name) }
      try sink.write(header + "\n")
      let columns = cardNames.count * (poolColumns ? 2 : 1)
      zeroCounts = Array(repeating: 0x30, count: 2 * columns - 1)
      for index in stride(from: 1, to: zeroCounts.count, by: 2) { zeroCounts[index] = 0x2C }
    }
  }

  /// Writes `boosters` one after another.
  package func write(_ boosters: [ListedBooster]) throws(DataError) {
    for booster in boosters { try write(booster) }
  }

  /// Writes one booster. Throws when the layout cannot hold a card of it (CSV: no set or number;
  /// text: nothing to name it by; 17lands: no name, or a name not among `cardNames`).
  package func write(_ booster: ListedBooster) throws(DataError) {
    switch format {
    case .csv: try writeCSV(booster)
    case .text: try writeText(booster)
    case .seventeenLands: try writeSeventeenLands(booster)
    }
    boostersWritten += 1
  }

  /// Flushes, finishes the gzip stream and closes the file. Writing after it is an error.
  package func close() throws(DataError) {
    try sink.close()
  }

  /// Writes `boosters` to `path` in one call.
  package static func write(
    _ boosters: [ListedBooster], to path: String, format: PackFileFormat, gzip: Bool = false, cardNames: [String] = []
  ) throws(DataError) {
    let writer = try PackFileWriter(path: path, format: format, gzip: gzip, cardNames: cardNames)
    try writer.write(boosters)
    try writer.close()
  }

  private func problem(_ message: String, _ booster: ListedBooster, _ card: ListedCard) -> DataError {
    DataError(message + " (card listed on line \(card.line))" + boosterNote(booster.label), at: sink.path)
  }

  private func writeCSV(_ booster: ListedBooster) throws(DataError) {
    for card in booster.cards {
      guard let row = PackCSVLayout.packFile.row(booster: booster.label, card: card) else {
        throw problem("the CSV layout needs a set and collector number for every card", booster, card)
      }
      for _ in 0..<max(1, card.count) { try sink.write(row) }
    }
  }

  private func writeText(_ booster: ListedBooster) throws(DataError) {
    let label = booster.label.map { $0.isNewline ? " " : $0 }
    var text = boostersWritten > 0 ? "\n" : ""
    text += String(label) + ":\n"
    for card in booster.cards {
      var line = "\(card.count)"
      switch (card.name, card.setCode, card.collectorNumber) {
      case (let name?, let set?, let number?): line += " \(name) (\(set.uppercased())) \(number)"
      case (let name?, let set?, nil): line += " \(name) (\(set.uppercased()))"
      case (nil, let set?, let number?): line += " \(set.uppercased()) \(number)"
      case (let name?, nil, _): line += " \(name)"
      default: throw problem("the text layout needs a name or a set and collector number for every card", booster, card)
      }
      if card.foil == true { line += " *F*" }
      text += line + "\n"
    }
    try sink.write(text)
  }

  private func writeSeventeenLands(_ booster: ListedBooster) throws(DataError) {
    var pack = [Int](repeating: 0, count: cardNames.count)
    var order: [Int] = []
    for card in booster.cards {
      guard let name = card.name else { throw problem("17lands' layout names every card; this one has no name", booster, card) }
      guard let column = columnOf[name] else {
        throw problem("\"\(excerpt(name))\" is not among the card names given for the pack_card_ columns", booster, card)
      }
      pack[column] += card.count
      order += Array(repeating: column, count: max(0, card.count))
    }
    var draft = booster.label
    var packNumber = 0
    if let parsed = Self.draftAndPack(booster.label) { (draft, packNumber) = parsed }
    let expansion = booster.cards.lazy.compactMap(\.setCode).first?.uppercased() ?? ""
    var pool = [Int](repeating: 0, count: cardNames.count)
    for pick in 0..<min(picksPerPack, max(1, order.count)) {
      let taken = order.isEmpty ? nil : order[pick]
      var row = [expansion, "PremierDraft", draft, "2024-01-01 00:00:00", "", "\(packNumber)", "\(pick)",
        taken.map { cardNames[$0] } ?? "", "", ""].map(Self.quoted).joined(separator: ",")
      row += ","
      var bytes = Array(row.utf8)
      bytes += countBytes(pool: pool, pack: pack)
      bytes.append(0x0A)
      try sink.write(bytes)
      if let taken {
        pack[taken] -= 1
        pool[taken] += 1
      }
    }
  }

  /// The count columns of one row: pool counts (when written), then pack counts.
  private func countBytes(pool: [Int], pack: [Int]) -> [UInt8] {
    let counts = poolColumns ? pool + pack : pack
    if counts.allSatisfy({ $0 < 10 }) {
      var bytes = zeroCounts
      for (index, count) in counts.enumerated() where count > 0 { bytes[2 * index] = 0x30 + UInt8(count) }
      return bytes
    }
    return Array(counts.map(String.init).joined(separator: ",").utf8)
  }

  /// `draft ID pack N` → (ID, N - 1).
  static func draftAndPack(_ label: String) -> (String, Int)? {
    guard label.hasPrefix("draft "), let range = label.range(of: " pack ", options: .backwards) else { return nil }
    let draft = String(label[label.index(label.startIndex, offsetBy: 6)..<range.lowerBound])
    guard !draft.isEmpty, let number = Int(label[range.upperBound...]), number >= 1 else { return nil }
    return (draft, number - 1)
  }

  /// A CSV field, quoted when it holds a comma, quote, line break or spaces at its ends.
  static func quoted(_ field: String) -> String { PackCSVLayout.quoted(field) }
}
