import Foundation
import SealedSupport

/// A report folder's `manifest.csv`: the files Sealed wrote there, one per line, and for each
/// CSV its size in bytes and CRC-32, so that `sealed report` can tell a CSV changed after the run
/// wrote it (a failing row removed, a number edited) from the run's. `run.csv` has the CRC-32 of
/// its rows with the execution rows' values left out (`executionFree`), and no size. Manifests
/// written before the two columns (header `file` alone) list names only.
package struct ReportManifest: Equatable {
  package struct Entry: Equatable {
    package var name: String
    /// The CSV's size and CRC-32 as written (`CRC32.hex`); nil for other files and in old manifests.
    package var bytes: Int?
    package var crc32: String?

    package init(name: String, bytes: Int? = nil, crc32: String? = nil) {
      self.name = name
      self.bytes = bytes
      self.crc32 = crc32
    }
  }

  package var entries: [Entry]

  static let header = ReportFile.manifest.columns.joined(separator: ",")
  static let namesOnlyHeader = "file"

  /// The manifest of files `names` (and itself), with the size and checksum of each CSV whose
  /// bytes are in `contents`; for `run.csv`, whose threads, elapsed time, rate and start differ
  /// from run to run, the checksum of its other rows only (`executionFree`), so that the manifest
  /// is the same whatever the thread count, as the other CSVs are, and an edited status, seed or
  /// pool count is still caught. Cost: one pass over those bytes.
  package init(names: [String], contents: [String: Data]) {
    entries = (names.sorted() + [ReportFolder.manifestName]).map { name in
      guard name.hasSuffix(".csv"), name != ReportFolder.manifestName, let data = contents[name] else {
        return Entry(name: name)
      }
      if name == ReportFile.run.name { return Entry(name: name, crc32: CRC32.hex(of: Self.executionFree(data))) }
      return Entry(name: name, bytes: data.count, crc32: CRC32.hex(of: data))
    }
  }

  /// `run.csv`'s bytes with the values of its execution rows (`RunInfo.executionKeys`: threads,
  /// elapsed seconds, boosters per second, start) left out, each row kept as `KEY,`.
  package static func executionFree(_ data: Data) -> Data {
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let kept = lines.map { line in
      guard let comma = line.firstIndex(of: ","), RunInfo.executionKeys.contains(String(line[..<comma])) else { return line }
      return line[...comma]
    }
    return Data(kept.joined(separator: "\n").utf8)
  }

  /// The file's text.
  package var text: String {
    ([Self.header] + entries.map { "\($0.name),\($0.bytes.map(String.init) ?? ""),\($0.crc32 ?? "")" })
      .joined(separator: "\n") + "\n"
  }

  /// The manifest in `text`, or nil when it is not one (another header). File names hold no comma.
  package init?(text: String) {
    let lines = text.split(separator: "\n").map(String.init)
    switch lines.first {
    case Self.namesOnlyHeader: entries = lines.dropFirst().map { Entry(name: $0) }
    case Self.header:
      entries = lines.dropFirst().map { line in
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let crc = fields.count > 2 && !fields[2].isEmpty ? fields[2] : nil
        return Entry(name: fields[0], bytes: fields.count > 1 ? Int(fields[1]) : nil, crc32: crc)
      }
    default: return nil
    }
  }

  /// The manifest of the folder at `path`, or nil when it has none that Sealed wrote.
  package static func read(folder path: String) -> ReportManifest? {
    guard let text = try? String(contentsOfFile: "\(path)/\(ReportFolder.manifestName)", encoding: .utf8) else { return nil }
    return ReportManifest(text: text)
  }

  package var names: Set<String> { Set(entries.map(\.name)) }

  /// Throws unless the file `name` at `path` is the one the manifest records (when it records
  /// it): a page drawn from a changed CSV would not be the run's. Cost: a `stat`, and a read of
  /// the file only when its size is the one recorded (nothing for files it records no size of,
  /// such as a large `pools.csv`).
  package func requireAsWritten(_ name: String, at path: String) throws(DataError) {
    if name == ReportFile.run.name { return try requireRunAsWritten(at: path) }
    guard let entry = entries.first(where: { $0.name == name }), let bytes = entry.bytes, entry.crc32 != nil else { return }
    var status = stat()
    guard stat(path, &status) == 0 else { throw DataError("cannot read the file (\(systemErrorReason(errno)))", at: path) }
    let size = Int(status.st_size)
    let data = size == bytes ? FileManager.default.contents(atPath: path) ?? Data() : Data()
    try requireAsWritten(data, size: size, of: name, at: path)
  }

  /// Throws unless `run.csv` at `path`, its execution rows left out, is the one the manifest
  /// records (when it records it: manifests before this checksum record none).
  func requireRunAsWritten(at path: String) throws(DataError) {
    guard let entry = entries.first(where: { $0.name == ReportFile.run.name }), let crc = entry.crc32 else { return }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw DataError("cannot read the file (\(systemErrorReason(errno)))", at: path)
    }
    // A manifest of a development build between the two forms recorded the whole file's size.
    if entry.bytes != nil { return try requireAsWritten(data, of: ReportFile.run.name, at: path) }
    guard CRC32.hex(of: Self.executionFree(data)) != crc else { return }
    throw DataError(
      "the file is not the one the run wrote (its rows but threads and times have another CRC-32 than the \(crc) \(ReportFolder.manifestName) records): it was changed after the run, so a page drawn from it would not be the run's; expected the run's file (run the command again)",
      at: path)
  }

  /// Throws unless `data`, the bytes of `name` at `path` (`size` of them), are those the
  /// manifest records (when it records them).
  package func requireAsWritten(_ data: Data, size: Int? = nil, of name: String, at path: String) throws(DataError) {
    guard let entry = entries.first(where: { $0.name == name }), let bytes = entry.bytes, let crc = entry.crc32 else { return }
    let size = size ?? data.count
    guard size != bytes || CRC32.hex(of: data) != crc else { return }
    let what = size == bytes ? "the same size, another CRC-32" : "\(size) bytes"
    throw DataError(
      "the file is not the one the run wrote (\(what), where \(ReportFolder.manifestName) records \(bytes) bytes with CRC-32 \(crc)): it was changed after the run, so a page drawn from it would not be the run's; expected the run's file (run the command again)",
      at: path)
  }
}
