import Foundation
import SystemPackage

/// A file replaced whole or not at all: Sealed's one way of writing a file a user keeps.
///
/// The bytes go to a hidden temporary file in the target's folder (`.NAME.partial-PID-RANDOM`),
/// which `commit()` renames over the target, so that a reader, an error, a crash or Ctrl-C
/// finds the old file or the new one, never half of one. A writer that produces the file
/// itself (an image encoder, a gzip stream) writes `temporaryPath` and then commits.
///
/// Failures are `AtomicFile.Failure`s that name the target, the step and the system's reason;
/// `dataError` is their standard one-line `DataError`. `write` and `commit` remove the
/// temporary file when they fail, and the target is then as it was; after a failed `create`,
/// `append` or `sync`, call `discard()`.
///
/// Cost: the bytes, written once, and one rename(2) on the same file system. `sync` adds an
/// fsync(2) of the temporary file before the rename, so that the new file survives a power
/// loss; it waits for the disk (milliseconds to seconds), so only files a user cannot easily
/// make again (saved pools and decks, card data) ask for it. The folder must exist. The value
/// holds no open file, only the two paths: it is cheap to copy and to keep.
package struct AtomicFile: Sendable {
  /// The file being replaced.
  package let path: String
  /// The hidden file beside it that receives the bytes.
  package let temporaryPath: String
  /// The mode a new file is created with, before the umask (0o666: the umask decides).
  package let permissions: mode_t

  /// Prepares to replace `path` (when it is a symbolic link, the file it names: `linkTarget`);
  /// nothing is written yet, and the temporary file is noted in `PendingFiles`.
  /// `temporaryPath` defaults to `.NAME.partial-PID-RANDOM` in the same folder (it must be on
  /// the same file system).
  package init(path: String, temporaryPath: String? = nil, permissions: mode_t = 0o666) {
    let path = linkTarget(of: path)
    self.path = path
    self.permissions = permissions
    let folder = folderOfPath(path)
    let name = (path as NSString).lastPathComponent
    self.temporaryPath = temporaryPath ?? Self.temporaryPath(in: folder, for: name)
    // Whoever writes it (this type, a pack file's or an image's writer), a process quitting on
    // Ctrl-C removes it until `commit` or `discard`.
    PendingFiles.add(self.temporaryPath)
  }

  /// A fresh hidden temporary name for a file `name` in `folder`, `.NAME.partial-PID-RANDOM`: the
  /// form `AbandonedPartials` recognises, so that one a killed process left behind is swept by
  /// the next run writing into the same folder. Cost: one random number.
  package static func temporaryPath(in folder: String, for name: String) -> String {
    (folder as NSString).appendingPathComponent(".\(name).partial-\(getpid())-\(UInt32.random(in: 0 ... .max))")
  }

  /// A failed step of writing an `AtomicFile`.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    package enum Step: Sendable {
      /// Creating, writing or syncing the temporary file.
      case write
      /// Putting the temporary file in place (rename, or link for `commitNew`).
      case commit
    }

    package let step: Step
    /// The target file.
    package let path: String
    /// Why, as the system says it.
    package let code: Errno

    /// The system's reason in lowercase: "permission denied".
    package var reason: String { systemErrorReason(code.rawValue) }
    /// The system's reason in its own words: "Permission denied".
    package var systemText: String { systemErrorText(code.rawValue) }

    /// The standard one-line error, at the target: "cannot write the file (REASON)" or, when
    /// the file was written but could not be put in place, "cannot put the file in place (REASON)".
    package var dataError: DataError {
      switch step {
      case .write: DataError("cannot write the file (\(reason))", at: path)
      case .commit: DataError("cannot put the file in place (\(reason))", at: path)
      }
    }

    package var description: String { dataError.description }
  }

  /// Creates the temporary file, empty; it must not exist yet, so that a folder that cannot be
  /// written fails before any work is done.
  package func create() throws(Failure) {
    // Noted again (after a `discard` that started it anew) before it exists: noted after, a
    // Ctrl-C between the two left it behind (a loaded CI machine saw it once).
    PendingFiles.add(temporaryPath)
    do {
      try open(options: [.create, .exclusiveCreate, .closeOnExec]).closeQuietly()
    } catch {
      PendingFiles.remove(temporaryPath)  // not this writer's file to remove
      throw error
    }
  }

  /// Appends `data` to the temporary file made by `create`. Cost: one open, the write, one
  /// close, so that nothing stays open between calls.
  package func append(_ data: Data) throws(Failure) {
    let descriptor = try open(options: [.append, .closeOnExec])
    defer { descriptor.closeQuietly() }
    try write(data, to: descriptor, sync: false)
  }

  /// Syncs the temporary file to the disk (fsync(2)).
  package func sync() throws(Failure) {
    let descriptor = try open(options: [.closeOnExec], access: .readOnly)
    defer { descriptor.closeQuietly() }
    try self.sync(descriptor)
  }

  /// Creates the temporary file (it must not exist yet) holding `data`, synced to the disk
  /// with `sync`. On failure the temporary file is removed.
  package func write(_ data: Data, sync: Bool = false) throws(Failure) {
    do throws(Failure) {
      let descriptor = try open(options: [.create, .exclusiveCreate, .closeOnExec])
      defer { descriptor.closeQuietly() }
      try write(data, to: descriptor, sync: sync)
    } catch {
      discard()
      throw error
    }
  }

  /// Renames the temporary file over the target, replacing it if it exists. On failure the
  /// temporary file is removed and the target is as it was.
  package func commit() throws(Failure) {
    guard rename(temporaryPath, path) == 0 else {
      let code = Errno(rawValue: errno)
      discard()
      throw Failure(step: .commit, path: path, code: code)
    }
    PendingFiles.remove(temporaryPath)
  }

  /// Puts the temporary file in place only if the target does not exist: link(2) fails with
  /// `EEXIST` when the name is taken, even by another process at the same moment. Then removes
  /// the temporary name. On failure the temporary file is removed.
  package func commitNew() throws(Failure) {
    let linked = link(temporaryPath, path) == 0
    let code = Errno(rawValue: errno)
    discard()
    guard linked else { throw Failure(step: .commit, path: path, code: code) }
  }

  /// Removes the temporary file, if it is there; the target is untouched.
  package func discard() {
    unlink(temporaryPath)
    PendingFiles.remove(temporaryPath)
  }

  /// Replaces `path` with `data` in one call (`write`, then `commit`). Throws
  /// "cannot write the file (REASON)" at `path`, whichever step failed.
  package static func write(_ data: Data, to path: String, sync: Bool = false, permissions: mode_t = 0o666) throws(DataError) {
    let file = AtomicFile(path: path, permissions: permissions)
    do throws(Failure) {
      try file.write(data, sync: sync)
      try file.commit()
    } catch {
      throw DataError("cannot write the file (\(error.reason))", at: path)
    }
  }

  private func open(options: FileDescriptor.OpenOptions, access: FileDescriptor.AccessMode = .writeOnly) throws(Failure) -> FileDescriptor {
    do {
      return try FileDescriptor.open(
        FilePath(temporaryPath), access, options: options, permissions: FilePermissions(rawValue: permissions))
    } catch {
      throw .writing(path, error)
    }
  }

  /// Writes all of `data` (retrying short and interrupted writes), then fsyncs with `sync`.
  private func write(_ data: Data, to descriptor: FileDescriptor, sync: Bool) throws(Failure) {
    do {
      _ = try descriptor.writeAll(data)
    } catch {
      throw .writing(path, error)
    }
    if sync { try self.sync(descriptor) }
  }

  private func sync(_ descriptor: FileDescriptor) throws(Failure) {
    guard fsync(descriptor.rawValue) == 0 else {
      throw Failure(step: .write, path: path, code: Errno(rawValue: errno))
    }
  }
}

extension AtomicFile.Failure {
  /// A failure of the step `.write` at `path`, for an error swift-system threw (its `Errno`).
  static func writing(_ path: String, _ error: any Error) -> Self {
    Self(step: .write, path: path, code: (error as? Errno) ?? .ioError)
  }
}

extension FileDescriptor {
  /// Closes the descriptor, ignoring a failure (the bytes were already written or refused).
  func closeQuietly() {
    try? close()
  }
}
