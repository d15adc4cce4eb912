import Foundation
import Synchronization

/// The unfinished files and folders this process is writing (`AtomicFile`'s temporary files, a
/// report's staging folder), so that a command quitting at once on Ctrl-C removes them rather
/// than leave hidden partial files behind (a second Ctrl-C once left a 60 MB `.NAME.partial-*`
/// beside the file it was to replace). Safe to use from several threads. Cost: a lock per call.
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

  /// Removes every unfinished file and folder (for a process about to exit).
  package static func removeAll() {
    let pending = paths.withLock { paths in
      defer { paths.removeAll() }
      return paths
    }
    for path in pending { try? FileManager.default.removeItem(atPath: path) }
  }
}
