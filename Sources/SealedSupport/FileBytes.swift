import Foundation
import SystemPackage

/// Reads a whole file a user names, by read(2) to its end: a regular file, and also a pipe
/// (`--rules <(...)`, a named pipe) or a device such as /dev/null, which Foundation's
/// `Data(contentsOf:)` refuses with a misleading "permission" message. A folder is refused as
/// one ("is a folder; expected a file"), and every failure is a one-line `DataError` naming the
/// path with the system's reason. Cost: the file's bytes, read once in blocks of 64 KiB.
package enum FileBytes {
  package static func read(_ path: String) throws(DataError) -> Data {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
    } catch {
      throw failure(error, path)
    }
    defer { try? descriptor.close() }
    var status = stat()
    if fstat(descriptor.rawValue, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw DataError("is a folder; expected a file", at: path)
    }
    var data = Data()
    let block = 1 << 16
    do {
      while true {
        let before = data.count
        data.count = before + block
        let read = try data.withUnsafeMutableBytes { buffer in
          try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[before...]), retryOnInterrupt: true)
        }
        data.count = before + read
        if read == 0 { return data }
      }
    } catch {
      throw failure(error, path)
    }
  }

  /// The one-line error of a failed open or read: the system's reason.
  private static func failure(_ error: any Error, _ path: String) -> DataError {
    guard let code = error as? Errno else { return DataError("cannot read the file (\(error))", at: path) }
    if code == .isDirectory { return DataError("is a folder; expected a file", at: path) }
    return DataError("cannot read the file (\(systemErrorReason(code.rawValue)))", at: path)
  }
}
