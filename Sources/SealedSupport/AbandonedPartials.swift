import Foundation

/// The hidden temporary files (`.NAME.partial-PID-RANDOM`, `AtomicFile`'s) that a process
/// killed outright (SIGKILL, a crash, the machine stopping) left in a folder: Ctrl-C and
/// SIGTERM remove their own, nothing removes these. A card folder gathered a set's size of them
/// per killed import.
package enum AbandonedPartials {
  /// Removes from `folder` each `AtomicFile` temporary file whose writing process no longer runs
  /// on this machine and that has not changed for `age` seconds. Another machine's process
  /// sharing the folder is not seen: its file is kept only while it changes within `age` (at
  /// worst an import of over an hour that wrote nothing to one set's file since then fails at its
  /// rename, nothing else lost). Best effort: a file that cannot be removed is left. Returns the
  /// names removed. Cost: one listing of the folder and a `stat` of each candidate.
  @discardableResult
  package static func remove(in folder: String, olderThan age: TimeInterval = 3600) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
    let stale = Date(timeIntervalSinceNow: -age)
    var removed: [String] = []
    for name in names where name.hasPrefix(".") {
      guard let pid = writer(of: name), pid != getpid(), !isRunning(pid) else { continue }
      let path = (folder as NSString).appendingPathComponent(name)
      let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantFuture
      if modified < stale && unlink(path) == 0 { removed.append(name) }
    }
    return removed
  }

  /// The process id in a name of the form `.NAME.partial-PID-RANDOM`, or
  /// `.NAME.partial-PID-RANDOM.EXT` (a file written beside one, such as a compiled loop's
  /// source), or nil.
  static func writer(of name: String) -> pid_t? {
    guard let range = name.range(of: ".partial-", options: .backwards) else { return nil }
    let parts = name[range.upperBound...].split(separator: "-")
    guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0 else { return nil }
    let random = parts[1].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return UInt32(random) != nil ? pid : nil
  }

  /// Whether a process of that id exists (one of another user's counts: EPERM).
  static func isRunning(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }
}
