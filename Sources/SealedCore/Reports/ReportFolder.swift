import Foundation

/// Writes a folder of report files completely or not at all.
///
/// Files go into a hidden staging folder beside the target; only when every file is written is
/// the staging folder renamed into place (an existing report is first renamed aside, then
/// deleted). An existing report is therefore never half-overwritten, and an error leaves the old
/// report as it was.
public struct ReportFolder {
  public let path: String
  private let staging: String

  /// Prepares to write `path`, checking up front that its parent folder can be written
  /// (so a long run does not end in an unwritable folder).
  public init(path: String) throws(DataError) {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    self.path = url.path
    let parent = url.deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw DataError("cannot create the folder (\(CardFileReader.reason(error)))", at: parent)
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: self.path, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw DataError("exists and is not a folder; expected a folder for the report", at: self.path)
    }
    staging = "\(parent)/.\(url.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0 ... .max))"
    do {
      try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
    } catch {
      throw DataError("cannot write into the folder (\(CardFileReader.reason(error)))", at: parent)
    }
  }

  /// Removes the staging folder without touching the target (on an error or cancellation).
  public func discard() {
    try? FileManager.default.removeItem(atPath: staging)
  }

  /// Writes every file, then puts the folder in place. Files of an older report that this run
  /// does not write are dropped with it.
  public func commit(_ files: [(name: String, contents: String)]) throws(DataError) {
    do {
      for file in files {
        try Data(file.contents.utf8).write(to: URL(fileURLWithPath: "\(staging)/\(file.name)"))
      }
    } catch {
      discard()
      throw DataError("cannot write the report (\(CardFileReader.reason(error)))", at: path)
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
      throw DataError("cannot write the file (\(CardFileReader.reason(error)))", at: path)
    }
  }
}
