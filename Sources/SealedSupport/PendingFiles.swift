import Foundation
import Synchronization

/// The unfinished files and folders this process is writing (`AtomicFile`'s temporary files, a
/// report's staging folder), so that a command quitting at once on Ctrl-C removes them rather
/// than leave hidden partial files behind (a second Ctrl-C once left a 60 MB `.NAME.partial-*`
/// beside the file it was to replace). Safe to use from several threads. Cost: a lock per call.
///
/// Quitting (`removeAllAndExit`) holds the lock from the first removal to the exit, so a writer
/// that notes or finishes a file meanwhile waits rather than race the removal, and a step that
/// must not be cut in two (`uninterrupted`: a report's two renames) finishes before it.
package enum PendingFiles {
  private static let paths = Mutex<Set<String>>([])

  /// Notes `path` as being written.
  package static func add(_ path: String) {
    paths.withLock { _ = $0.insert(path) }
  }

  /// Notes that `path` is finished (put in place) or removed.
  package static func remove(_ path: String) {
    paths.withLock { _ = $0.remove(path) }
  }

  /// Notes `path` as finished and runs `body` (which must not call this type) so that quitting
  /// waits for it to end: a quit removes `path` before it, or leaves it to `body` after.
  package static func uninterrupted<T>(finishing path: String, _ body: () -> T) -> T {
    paths.withLock { pending in
      pending.remove(path)
      return body()
    }
  }

  /// Removes every unfinished file and folder, then ends the process with `status`, all under
  /// the lock.
  package static func removeAllAndExit(_ status: Int32) -> Never {
    paths.withLock { pending -> Never in
      for path in pending { try? FileManager.default.removeItem(atPath: path) }
      exit(status)
    }
  }
}
