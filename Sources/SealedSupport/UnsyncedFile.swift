import Foundation
import SystemPackage

/// Writes a file in one call without syncing it to the disk: for files Sealed can make again
/// that go into a folder put in place whole afterwards (a report's staging folder,
/// `ReportFolder`). As `AtomicFile` says, only files a user cannot easily make again are worth
/// waiting for the disk; Foundation's `Data.write(to:)` fsyncs every file it writes, which made
/// each report of `sealed check-products` wait for the disk a dozen times (docs/speed.md).
///
/// Cost: one open, the write, one close.
package enum UnsyncedFile {
  /// Creates `path` (or empties it) and writes `data` into it. A failure to open, write or close
  /// names `path` and the system's reason (`AtomicFile.Failure`, step `.write`).
  package static func write(_ data: Data, to path: String) throws(AtomicFile.Failure) {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(
        FilePath(path), .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: FilePermissions(rawValue: 0o666))
    } catch {
      throw .writing(path, error)
    }
    do {
      _ = try descriptor.writeAll(data)
    } catch {
      descriptor.closeQuietly()
      throw .writing(path, error)
    }
    // A file system that writes on close (NFS) reports its errors here.
    do {
      try descriptor.close()
    } catch {
      throw .writing(path, error)
    }
  }
}
