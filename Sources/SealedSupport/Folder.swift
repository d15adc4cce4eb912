import Foundation

/// Creating the folders that files are written into, with the one error every writer gives.
package enum Folder {
  /// Creates the folder at `path` and any missing parents; nothing happens when it exists.
  /// Throws "cannot create the folder (REASON)" at `path`. Cost: a stat, then a mkdir per level.
  package static func create(_ path: String) throws(DataError) {
    if let reason = reasonItCannotBeMade(path) {
      throw DataError("cannot create the folder (\(reason))", at: path)
    }
  }

  /// Creates the folder that is to hold the file at `path` (see `create(_:)`).
  /// The folder is named as `path` names it (relative stays relative; Foundation's
  /// `deletingLastPathComponent` of NSString traps on a name of one character).
  package static func create(holding path: String) throws(DataError) {
    guard let slash = path.lastIndex(of: "/") else { return }
    try create(slash == path.startIndex ? "/" : String(path[..<slash]))
  }

  /// Makes the folder at `path` level by level with mkdir(2) (`mkdir -p`), so that a failure
  /// is told in the system's words or names the file in the way, where Foundation's
  /// `createDirectory` says "The operation could not be completed" for a file among the
  /// parents. Returns nil when the folder is there at the end, else why it is not: "a file of
  /// that name is in the way", "PARENT is a file, not a folder", "permission denied".
  package static func reasonItCannotBeMade(_ path: String) -> String? {
    if isFolder(path) { return nil }
    let components = path.split(separator: "/").map(String.init)
    var level = path.hasPrefix("/") ? "/" : ""
    for (index, component) in components.enumerated() {
      level += component
      if mkdir(level, 0o755) != 0 {
        let code = errno
        guard code == EEXIST else { return systemErrorReason(code) }
        if !isFolder(level) { return inTheWay(level, last: index == components.count - 1) }
      }
      level += "/"
    }
    return nil
  }

  /// The deepest level of `folder` that exists (`folder` itself when it does), which must be a
  /// folder: a file there is refused as `create` would refuse it. Nothing is made (a report's
  /// folder is checked before its run, made when it is written). Cost: a stat a level.
  package static func nearestExistingLevel(of folder: String) throws(DataError) -> String {
    var level = folder
    while true {
      var status = stat()
      if stat(level, &status) == 0 {
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
          throw DataError("cannot create the folder (\(inTheWay(level, last: level == folder)))", at: folder)
        }
        return level
      }
      let code = errno
      // Missing (ENOENT), or beneath a file (ENOTDIR, told when the file is reached).
      guard code == ENOENT || code == ENOTDIR, level != "/" else {
        throw DataError("cannot create the folder (\(systemErrorReason(code)))", at: folder)
      }
      level = URL(fileURLWithPath: level).deletingLastPathComponent().path
    }
  }

  /// Why a folder cannot be made when `level` of its path is a file: the folder's own name
  /// (`last`), or one of its parents.
  private static func inTheWay(_ level: String, last: Bool) -> String {
    last ? "a file of that name is in the way" : "\(level) is a file, not a folder"
  }

  /// Whether `path` is a folder (or a link to one). Cost: one stat.
  private static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }
}
