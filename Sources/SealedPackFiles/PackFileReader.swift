import SealedSupport

/// Reads a file of opened boosters, one booster at a time, in any of the `PackFileFormat`s,
/// plain or gzipped.
///
/// Memory does not grow with the file: the reader holds a 1 MiB line buffer (more only for a
/// longer line), the current booster, 256 KiB of gzip input and zlib's window, plus 16 bytes per
/// booster of a CSV file (to catch a booster id that comes back). Cost: one pass over the bytes;
/// a 17lands row that is not a pack costs about a `memchr` for its line end.
///
/// ```swift
/// var reader = try PackFileReader(path: "packs.csv.gz")
/// while let booster = try reader.next() { ... }
/// ```
public struct PackFileReader: ~Copyable {
  /// The layout being read, as given or as detected from the first line.
  public let format: PackFileFormat
  /// The path, or `<stdin>` for standard input; errors name it.
  package let source: String
  /// Whether the data is gzipped (detected from its first two bytes).
  package let isGzipped: Bool
  /// Boosters handed out by `next()` so far.
  package private(set) var boostersRead = 0
  private let parser: any BoosterParser
  /// The gunzipped bytes the parser reads, when the data is gzipped (`gzipDamage`).
  private let gunzipped: (any ByteSource)?

  /// Opens `path` (`-` reads standard input). Gzip is recognized by its magic bytes, whatever the
  /// name, one member or several. With `format` nil the layout is detected from the first line
  /// that is not blank or a comment: a header with `booster` and `collector_number` columns is
  /// CSV, else one with `pick_number`, `pack_number`, `draft_id` or `pack_card_` columns is
  /// 17lands' layout, one with `booster` or `collector_number` columns is CSV (its fields
  /// separated by commas, or by semicolons when they separate its column names),
  /// anything else the text list. Reads at most the first chunk of the file.
  ///
  /// Throws a one-line `DataError` for a missing file, a folder, an empty file, a zip, xz,
  /// bzip2 or zstd file or UTF-16 text (`UnreadableFormats`), or a header that lacks the
  /// format's required columns.
  package init(path: String, format: PackFileFormat? = nil) throws(DataError) {
    let file = try FileSource(path: path)
    try self.init(file, head: try file.peek(UnreadableFormats.headLength), source: file.path, format: format)
  }

  /// Reads `bytes` held in memory (gzipped or not) as if they were a file named `source`.
  public init(bytes: [UInt8], source: String, format: PackFileFormat? = nil) throws(DataError) {
    try self.init(MemorySource(bytes), head: Array(bytes.prefix(UnreadableFormats.headLength)), source: source, format: format)
  }

  /// Reads `bytes`, whose first bytes are `head` (`UnreadableFormats.headLength` at most), named `source`: refuses a format a
  /// pack file is mistaken for, gunzips gzip, detects the layout.
  private init(_ bytes: ByteSource, head: [UInt8], source: String, format: PackFileFormat?) throws(DataError) {
    if let refusal = UnreadableFormats.refusal(head) { throw DataError(refusal, at: source) }
    let gzipped = head.starts(with: GzipSource.magic)
    let inner = gzipped ? try Self.gunzipped(bytes, path: source) : nil
    let (detected, parser) = try Self.open(inner ?? bytes, source: source, format: format)
    self.format = detected
    self.parser = parser
    self.source = source
    isGzipped = gzipped
    gunzipped = inner
  }

  /// What the gzip file `bytes` holds, refused in one line when it is a format a pack file is
  /// mistaken for (`UnreadableFormats`: a gzipped zip or UTF-16 text), as the file itself is.
  private static func gunzipped(_ bytes: ByteSource, path: String) throws(DataError) -> ByteSource {
    let inner = PeekedSource(try GzipSource(bytes, path: path))
    if let refusal = UnreadableFormats.refusal(inner.peek(UnreadableFormats.headLength)) { throw DataError("gunzipped, it is \(refusal)", at: path) }
    return inner
  }

  /// Detects the format (unless given) and starts its parser.
  private static func open(
    _ bytes: ByteSource, source: String, format given: PackFileFormat?
  ) throws(DataError) -> (PackFileFormat, any BoosterParser) {
    let lines = LineReader(source: bytes, path: source)
    // The first line that says something.
    var first: String?
    while let line = try lines.next() {
      // A line ending in CR alone (classic Mac text) would make the whole file one line.
      if line.contains(0x0D) {
        throw DataError(
          "a carriage return (CR) inside the line: the file's lines seem to end in CR alone; expected lines ending in LF or CR LF (convert it, e.g. with tr '\\r' '\\n')",
          at: lines.location)
      }
      let text = try line.string(at: lines.location).trimmingSpaces
      if text.isEmpty || text.hasPrefix("#") || text.hasPrefix("//") { continue }
      first = text
      lines.unread()
      break
    }
    guard let first else {
      throw DataError("no boosters: the file is empty or has only blank lines and comments", at: source)
    }
    let format = given ?? detect(firstLine: first)
    switch format {
    case .csv: return (format, try CSVPackReader(lines: lines, separator: separator(ofHeader: first)))
    case .text: return (format, TextListReader(lines: lines))
    case .seventeenLands: return (format, try SeventeenLandsReader(lines: lines))
    }
  }

  /// The byte between a CSV's fields, from its header: `;` when the header's fields name
  /// `booster` or `collector_number` split at semicolons and not at commas (a spreadsheet's CSV
  /// in a locale with a decimal comma), else `,`.
  static func separator(ofHeader line: String) -> UInt8 {
    func names(_ separator: Character) -> Bool {
      line.lowercased().split(separator: separator).contains { ["booster", "collector_number"].contains($0.trimmingSpaces.trimmingCharacters(in: "\"")) }
    }
    return !names(",") && names(";") ? 0x3B : 0x2C
  }

  /// The format a file whose first meaningful line is `line` is in.
  static func detect(firstLine line: String) -> PackFileFormat {
    let fields = line.lowercased().split(separator: Character(UnicodeScalar(separator(ofHeader: line))), omittingEmptySubsequences: false).map {
      $0.trimmingSpaces.trimmingCharacters(in: "\"")
    }
    guard fields.count >= 2 else { return .text }
    // A CSV with its own columns is one, whatever else it has (a pack_number column of one's
    // own database once made it 17lands' layout, refused for lacking pick_number): 17lands'
    // files have neither column.
    if fields.contains("booster") && fields.contains("collector_number") { return .csv }
    if fields.contains(where: { ["pick_number", "pack_number", "draft_id"].contains($0) || $0.hasPrefix("pack_card_") }) {
      return .seventeenLands
    }
    if fields.contains(where: { $0 == "booster" || $0 == "collector_number" }) { return .csv }
    return .text
  }

  /// The next booster, or nil after the last. Throws a one-line `DataError` naming the file, the
  /// line and, where there is one, the booster; a file without a single booster is an error
  /// too. Costs a pass over the booster's bytes (and, for 17lands, over the rows before it).
  public mutating func next() throws(DataError) -> ListedBooster? {
    let read: ListedBooster?
    do {
      read = try parser.next()
    } catch {
      throw gzipDamage(behind: error) ?? error
    }
    guard let booster = read else {
      if boostersRead == 0 {
        throw DataError(
          format == .seventeenLands
            ? "no boosters: no row has pick_number 0" : "no boosters: the file lists no cards", at: source)
      }
      return nil
    }
    boostersRead += 1
    return booster
  }

  /// When the data is gzipped and its stream is damaged further on, that damage, in place of
  /// `error`, which it may have caused: a flipped bit inflates to wrong rows that zlib's check
  /// refuses only at the stream's end (`gzip data is corrupt (incorrect data check)`, where
  /// the rows said `row has 4 fields`). Nil otherwise. Cost: reading the rest of the data, on
  /// an error only.
  private func gzipDamage(behind rowError: DataError) -> DataError? {
    guard let gunzipped else { return nil }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
    defer { buffer.deallocate() }
    do {
      while try gunzipped.read(into: buffer) > 0 {}
    } catch {
      // Only data that inflates wrongly makes rows that are not the file's: a file cut short or
      // followed by other bytes inflated its rows as written, and the row error stands.
      guard error.message.hasPrefix(GzipSource.corruptPrefix), !rowError.message.hasPrefix(error.message) else { return nil }
      return DataError(
        "\(error.message); the rows inflated from it are not the file's (a row before the damage was found: \(rowError.message))",
        at: error.location ?? source)
    }
    return nil
  }

  /// Every booster of `path`, for small files and tests: memory grows with the file.
  package static func readAll(path: String, format: PackFileFormat? = nil) throws(DataError) -> [ListedBooster] {
    var reader = try PackFileReader(path: path, format: format)
    var boosters: [ListedBooster] = []
    while let booster = try reader.next() { boosters.append(booster) }
    return boosters
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    var text = Substring(self)
    while text.first == set { text = text.dropFirst() }
    while text.last == set { text = text.dropLast() }
    return String(text)
  }
}
