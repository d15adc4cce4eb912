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
  package static func create(holding path: String) throws(DataError) {
    try create(URL(fileURLWithPath: path).deletingLastPathComponent().path)
  }
}
