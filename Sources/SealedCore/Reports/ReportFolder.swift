import Foundation

/// Writes a folder of report files completely or not at all.
///
/// Files go into a hidden staging folder beside the target; only when every file is written is
/// the staging folder renamed into place (an existing report is first renamed aside, then
/// deleted). An existing report is therefore never half-overwritten, and an error leaves the old
/// report as it was. Only an empty folder or an earlier Sealed report (a folder holding
/// `tallies.json` and `run.csv`, and nothing but regular files) is ever replaced, so pointing
/// `--out` at a folder of one's own cannot delete it.
public struct ReportFolder {
  public let path: String
  private let parent: String
  private let name: String

  /// Prepares to write `path`, checking up front that it can be written and that it is not a
  /// folder Sealed must not replace, so a long run does not end in an unwritable folder.
  /// Nothing is left on disk by this check.
  public init(path: String) throws(DataError) {
    guard !path.isEmpty else { throw DataError("--out: expected a folder for the report, got an empty path") }
    let url = URL(fileURLWithPath: path).standardizedFileURL
    self.path = url.path
    parent = url.deletingLastPathComponent().path
    name = url.lastPathComponent
    let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    guard self.path != "/", self.path != workingDirectory else {
      throw DataError("is the working directory or the root; expected a folder of its own for the report", at: self.path)
    }
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw DataError("cannot create the folder (\(systemErrorReason(error)))", at: parent)
    }
    try Self.checkReplaceable(self.path)
    let probe = stagingPath(suffix: "probe")
    do {
      try FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: false)
      try FileManager.default.removeItem(atPath: probe)
    } catch {
      throw DataError("cannot write into the folder (\(systemErrorReason(error)))", at: parent)
    }
  }

  /// Throws unless `path` is missing, an empty folder, or a Sealed report folder.
  static func checkReplaceable(_ path: String) throws(DataError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
    guard isDirectory.boolValue else {
      throw DataError("exists and is not a folder; expected a folder for the report", at: path)
    }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    if entries.isEmpty { return }
    let hasSubfolders = entries.contains { entry in
      var sub: ObjCBool = false
      return FileManager.default.fileExists(atPath: "\(path)/\(entry)", isDirectory: &sub) && sub.boolValue
    }
    guard entries.contains(RunRecord.fileName), entries.contains("run.csv"), !hasSubfolders else {
      throw DataError(
        "exists and is not a Sealed report folder (no tallies.json and run.csv, or it holds subfolders); Sealed replaces only its own reports: choose another --out",
        at: path)
    }
  }

  private func stagingPath(suffix: String) -> String {
    "\(parent)/.\(name).\(suffix)-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0 ... .max))"
  }

  /// Writes every file, then puts the folder in place. Files of an older report that this run
  /// does not write are dropped with it.
  public func commit(_ files: [(name: String, contents: String)]) throws(DataError) {
    try Self.checkReplaceable(path)
    let staging = stagingPath(suffix: "partial")
    func discard() { try? FileManager.default.removeItem(atPath: staging) }
    do {
      try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
      for file in files {
        try Data(file.contents.utf8).write(to: URL(fileURLWithPath: "\(staging)/\(file.name)"))
      }
    } catch {
      discard()
      throw DataError("cannot write the report (\(systemErrorReason(error)))", at: path)
    }
    if FileManager.default.fileExists(atPath: path) {
      let old = staging + ".old"
      guard rename(path, old) == 0 else {
        discard()
        throw DataError("cannot replace the old report (\(String(cString: strerror(errno))))", at: path)
      }
      guard rename(staging, path) == 0 else {
        _ = rename(old, path)
        discard()
        throw DataError("cannot put the new report in place (\(String(cString: strerror(errno))))", at: path)
      }
      try? FileManager.default.removeItem(atPath: old)
    } else if rename(staging, path) != 0 {
      discard()
      throw DataError("cannot put the report in place (\(String(cString: strerror(errno))))", at: path)
    }
  }

  /// Writes one file atomically (temporary file, then rename), creating its folder.
  public static func writeFile(_ contents: String, to path: String) throws(DataError) {
    let url = URL(fileURLWithPath: path)
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url, options: .atomic)
    } catch {
      throw DataError("cannot write the file (\(systemErrorReason(error)))", at: path)
    }
  }
}
