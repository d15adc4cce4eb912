import Foundation
import SealedVerdicts
import SealedSupport

extension ReportContents {
  /// Reads the values back from the CSV files of a report folder (`sealed report DIR`).
  /// A folder without `run.csv` is not a report; a field that is not what Sealed writes in its
  /// column is an error naming the file, line and column. Files the folder lacks stay nil;
  /// columns an older Sealed did not write read as empty. Costs one read and parse of each
  /// file.
  package static func read(folder: String) throws(DataError) -> ReportContents {
    var status = stat()
    if stat(folder, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR {
      throw DataError("is a file, not a folder; expected a report folder written by sealed simulate, check, merge, audit or check-products", at: folder)
    }
    let names: Set<String>
    do {
      names = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
    } catch {
      throw DataError("cannot read the folder (\(systemErrorReason(error))); expected a report folder", at: folder)
    }
    // A run of products has a page of its own (`RunPage`, which `sealed report` rebuilds);
    // its products' reports are folders of their own.
    if names.contains(ReportFile.summary.name) {
      throw DataError(
        "a sealed check-products run, whose products' reports are folders of their own here; sealed report \(folder) rebuilds the run's page, sealed report \(folder)/CODE a product's",
        at: folder)
    }
    let reader = FolderReader(folder: folder, names: names, manifest: ReportManifest.read(folder: folder))
    guard let run = try reader.records(.run) else {
      throw DataError(
        "no \(ReportFile.run.name) here; expected a report folder written by sealed simulate, check, merge, audit or check-products", at: folder)
    }
    if let kind = run.records.first(where: { (try? $0.text("key")) == "command_kind" }).flatMap({ try? $0.text("value") }),
      !["simulate", "check", "merge", "audit"].contains(kind)
    {
      // A diff's page is made from the two releases, which its CSV files do not hold.
      let why = kind == "rules-diff" ? "whose page is made from the two releases, not from its files (run sealed rules diff again)" : "which has no report page to rebuild"
      throw DataError(
        "the run.csv of sealed \(kind.replacingOccurrences(of: "-", with: " ")), \(why); expected a report folder written by sealed simulate, check, merge, audit or check-products",
        at: folder)
    }
    try reader.requireListedFiles()
    try reader.requireRows(run, of: .run)
    try requireEachKeyOnce(run.records)
    var contents = ReportContents(run: try RunTable(run.records))
    try requireManifestOfItsGenerator(contents.run, names: names, folder: folder)
    if let file = [ReportFile.checks, .audit].first(where: { names.contains($0.name) }), let table = try reader.records(file) {
      try reader.requireRows(table, of: file)
      var rows: [CheckResult] = []
      for record in table.records { rows.append(try CheckResult(record)) }
      contents.checks = CheckTable(file: file, columns: table.header, rows: rows)
    }
    contents.slotRarity = try reader.rows(.slotRarity) { record throws(DataError) in try SlotRarityRow(record) }
    contents.cardFrequency = try reader.rows(.cardFrequency) { record throws(DataError) in try CardFrequencyRow(record) }
    contents.events = try reader.rows(.events) { record throws(DataError) in try EventFrequencyRow(record) }
    contents.comparisons = try reader.rows(.comparisons) { record throws(DataError) in try ComparisonRow(record) }
    contents.boosters = try reader.rows(.boosters) { record throws(DataError) in try BoosterFindings.Problem(record) }
    contents.mythicFairness = try reader.rows(.mythicFairness) { record throws(DataError) in try MythicFairnessRow(record) }
    contents.poolMythics = try reader.rows(.poolMythics) { record throws(DataError) in try PoolShareRow(record, value: "mythics") }
    contents.comparedPoolMythics = try reader.rows(.comparedPoolMythics) { record throws(DataError) in
      ComparedPoolShareRow(rules: try record.text("rules"), row: try PoolShareRow(record, value: "mythics"))
    }
    contents.mythicPosition = try reader.rows(.mythicPosition) { record throws(DataError) in
      try PoolShareRow(record, value: "booster_index")
    }
    contents.sheetFrequency = try reader.frequency(.sheetFrequency, group: "sheet")
    contents.claimFrequency = try reader.frequency(.claimFrequency, group: "claim")
    try reader.requireAsWritten()
    return contents
  }

  /// The first generator version whose Sealed wrote `manifest.csv` in every report folder.
  static let firstGeneratorWithManifests = 3

  /// Throws when a folder of a Sealed that writes manifests has none: it was removed, and a
  /// page drawn without it could not hold its files to the run's (a `checks.csv` edited from
  /// pass to fail drew a failing page once the manifest was deleted). Folders of an older
  /// Sealed, whose `run.csv` names no generator version or one before manifests, are read
  /// without one.
  private static func requireManifestOfItsGenerator(_ run: RunTable, names: Set<String>, folder: String) throws(DataError) {
    guard !names.contains(ReportFolder.manifestName), let generator = run["generator"],
      // "generator version 5" (a simulation's), "5" (an audit's).
      let version = generator.split(separator: " ").last.flatMap({ Int($0) }),
      version >= firstGeneratorWithManifests
    else { return }
    throw DataError(
      "holds no \(ReportFolder.manifestName), though its run.csv is of generator version \(version), whose Sealed writes one: its files cannot be held to the run's; expected the \(ReportFolder.manifestName) Sealed wrote (run the command again)",
      at: folder)
  }

  /// Throws when `run.csv` gives a key twice: Sealed writes each once, and a page drawn from the
  /// last would silently take it (a war report titled dom). (A replaced report's summary,
  /// `PreviousReport`, reads such a file leniently.)
  private static func requireEachKeyOnce(_ records: [CSVRecord]) throws(DataError) {
    var lines: [String: Int] = [:]
    for record in records {
      let key = try record.text("key")
      if let first = lines[key] {
        throw DataError("key \(key) again (first on line \(first)); expected each key once", at: DataError.location(record.file, line: record.line))
      }
      lines[key] = record.line
    }
  }

  /// Reads the files of one folder.
  private struct FolderReader {
    let folder: String
    let names: Set<String>
    /// The folder's manifest, whose sizes and checksums each CSV read is held to.
    let manifest: ReportManifest?

    /// The header and records of `file`, or nil when the folder does not hold it. A file that
    /// does not end with a line break (Sealed ends every CSV with one) was cut short, and a
    /// header whose first column is not `file`'s is another file: both are errors, so that a
    /// page never shows a cut file's rows as the whole report. (Columns after the first may be
    /// fewer, from an older Sealed, or more, from a newer one.)
    func records(_ file: ReportFile) throws(DataError) -> (header: [String], records: [CSVRecord])? {
      guard names.contains(file.name) else { return nil }
      let path = (folder as NSString).appendingPathComponent(file.name)
      guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        throw DataError("cannot read the file as UTF-8 text", at: path)
      }
      // By its last byte: "\r\n" (a file saved again with Windows line breaks) is one Character,
      // which `hasSuffix("\n")` does not match.
      guard data.last == UInt8(ascii: "\n") else {
        throw DataError(
          text.isEmpty
            ? "the file is empty; expected the \(file.name) Sealed wrote (run the command again)"
            : "the file does not end with a line break, so it was cut short; expected the whole \(file.name) Sealed wrote (run the command again)",
          at: path)
      }
      let table = try CSVReader.parse(text, name: path)
      if let first = table.header.first, first != file.columns.first {
        throw DataError(
          "the header starts with \(quotedExcerpt(first, limit: 40)), not \(file.columns[0]); expected the header of \(file.name) (\(file.columns.joined(separator: ",")))",
          at: "\(path):1")
      }
      return table
    }

    /// Throws when a CSV of the folder is not the one the run wrote, by the size and CRC-32 its
    /// manifest records (after the checks that say more: cut short, another header, no rows):
    /// a `checks.csv` that lost its failing row would draw a passing page.
    func requireAsWritten() throws(DataError) {
      guard let manifest else { return }
      for name in names.sorted() where name.hasSuffix(".csv") {
        try manifest.requireAsWritten(name, at: (folder as NSString).appendingPathComponent(name))
      }
    }

    /// Throws unless `table` has a row: Sealed writes no run table and no check table without one.
    func requireRows(_ table: (header: [String], records: [CSVRecord]), of file: ReportFile) throws(DataError) {
      guard table.records.isEmpty else { return }
      let path = (folder as NSString).appendingPathComponent(file.name)
      throw DataError("the file has a header and no rows; expected the rows Sealed wrote (run the command again)", at: path)
    }

    /// Throws when the folder's manifest lists a CSV file the folder lacks (a page rebuilt
    /// without it would, for `checks.csv`, show no verdict at all), or when the folder holds a
    /// report file the manifest does not list. `report.html`, which the command writes, may be
    /// missing.
    func requireListedFiles() throws(DataError) {
      guard names.contains(ReportFolder.manifestName) else { return }
      // An empty or foreign manifest lists nothing (it was read as the older list of names,
      // and said it "lists checks.csv": a review).
      guard ReportManifest.read(folder: folder) != nil else {
        throw DataError(
          "is not the manifest Sealed wrote (expected the header \(ReportManifest.header) and a line per file); run the command again",
          at: (folder as NSString).appendingPathComponent(ReportFolder.manifestName))
      }
      let listed = ReportFolder.sealedNames(in: folder, entries: Array(names))
      let missing = listed.filter { !names.contains($0) && $0.hasSuffix(".csv") }.sorted()
      if let name = missing.first {
        throw DataError(
          "\(ReportFolder.manifestName) lists \(name), which the folder does not hold; expected every file Sealed wrote (run the command again)",
          at: folder)
      }
      // A report file the manifest does not list is not the run's: drawn, it would put another
      // run's verdicts on this run's page (checks.csv copied into a simulation's folder).
      let unlisted = names.filter { $0.hasSuffix(".csv") && ReportFile(rawValue: $0) != nil && !listed.contains($0) }.sorted()
      if let name = unlisted.first {
        throw DataError(
          "holds \(name), which \(ReportFolder.manifestName) does not list: it is not a file of the run; expected only the files Sealed wrote (remove it, or run the command again)",
          at: folder)
      }
    }

    func rows<Row>(_ file: ReportFile, _ make: (CSVRecord) throws(DataError) -> Row) throws(DataError) -> [Row]? {
      guard let table = try records(file) else { return nil }
      var rows: [Row] = []
      for record in table.records { rows.append(try make(record)) }
      return rows
    }

    func frequency(_ file: ReportFile, group: String) throws(DataError) -> FrequencyTable? {
      guard let table = try records(file) else { return nil }
      var rows: [FrequencyRow] = []
      for record in table.records { rows.append(try FrequencyRow(record, group: group)) }
      return FrequencyTable(file: file, rows: rows, hasTails: table.header.contains("score"))
    }
  }
}
