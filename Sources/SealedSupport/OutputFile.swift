import Foundation
import SystemPackage

/// A file a command writes where the user said (`--out FILE`, `--sheet FILE`): every such writer
/// refuses to replace a file that is there unless `--force`, with one message,
/// `PATH: the file exists; choose another --out, or pass --force to replace it`.
///
/// Writers check up front (`checkWritable`), before any work, and write with `write` or
/// `commit`, which without `force` put the file in place only if the name is still free
/// (link(2)), so that a file that appeared meanwhile is not replaced either. Cost: one `stat`
/// for the check; the bytes, written once, for the write.
package enum OutputFile {
  /// The one refusal of an existing file: `PATH: the file exists; choose another OPTION, or pass
  /// --force to replace it`.
  package static func refusal(_ path: String, option: String) -> DataError {
    DataError("the file exists; choose another \(option), or pass --force to replace it", at: path)
  }

  /// Throws `refusal` when something is at `path` and `force` is false, and a one-line error
  /// when `path` is a folder (even with `force`: a folder is never replaced by a file).
  /// A symbolic link is judged by the file it names, which a write replaces (`AtomicFile`); a
  /// FIFO, a device or a socket is never replaced.
  package static func checkWritable(_ path: String, option: String, force: Bool) throws(DataError) {
    guard !path.isEmpty else { throw DataError("\(option): expected the name of a file, got an empty path") }
    var status = stat()
    guard lstat(linkTarget(of: path), &status) == 0 else { return }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: throw DataError("is a folder; expected the name of a file for \(option)", at: path)
    case S_IFREG: if !force { throw refusal(path, option: option) }
    default:
      throw DataError(
        "is not a regular file (a pipe, device or socket), which Sealed does not replace; expected the name of a file for \(option)",
        at: path)
    }
  }

  /// Writes `data` to `path`, creating its folder: replaced atomically with `force`, else put
  /// in place only if nothing is there (the refusal otherwise).
  package static func write(_ data: Data, to path: String, option: String, force: Bool) throws(DataError) {
    try checkWritable(path, option: option, force: force)
    try Folder.create(holding: path)
    let file = AtomicFile(path: path)
    do throws(AtomicFile.Failure) {
      try file.write(data)
    } catch {
      throw error.dataError
    }
    try commit(file, option: option, force: force)
  }

  /// Puts a written `AtomicFile` in place: renamed over the target with `force`, else linked
  /// only if the name is free. On failure the temporary file is removed.
  package static func commit(_ file: AtomicFile, option: String, force: Bool) throws(DataError) {
    do throws(AtomicFile.Failure) {
      if force { try file.commit() } else { try file.commitNew() }
    } catch where error.code == .fileExists && !force {
      throw refusal(file.path, option: option)
    } catch {
      throw error.dataError
    }
  }

  /// Whether two paths name one file: the same after `.`, `..` and links are resolved (two
  /// options of one command naming it would write it twice). Cost: a few `lstat` calls.
  package static func sameFile(_ first: String, _ second: String) -> Bool {
    func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
    return resolved(first) == resolved(second)
  }
}
