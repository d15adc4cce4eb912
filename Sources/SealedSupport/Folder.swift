import Foundation

/// Creating the folders that files are written into, with the one error every writer gives.
package enum Folder {
  /// Creates the folder at `path` and any missing parents; nothing happens when it exists.
  /// Throws "cannot create the folder (REASON)" at `path`. Cost: a stat per missing level.
  package static func create(_ path: String) throws(DataError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw DataError("cannot create the folder (\(systemErrorReason(error)))", at: path)
    }
  }

  /// Creates the folder that is to hold the file at `path` (see `create(_:)`).
  /// The folder is named as `path` names it (relative stays relative; Foundation's
  /// `deletingLastPathComponent` of NSString traps on a name of one character).
  package static func create(holding path: String) throws(DataError) {
    guard let slash = path.lastIndex(of: "/") else { return }
    try create(slash == path.startIndex ? "/" : String(path[..<slash]))
  }
}
