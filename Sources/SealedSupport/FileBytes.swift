import Foundation
import SystemPackage

/// Reads a whole file a user names, by read(2) to its end: a regular file, and also a pipe
/// (`--rules <(...)`, a named pipe) or a device such as /dev/null, which Foundation's
/// `Data(contentsOf:)` refuses with a misleading "permission" message. A folder is refused as
/// one ("is a folder; expected a file"), and every failure is a one-line `DataError` naming the
/// path with the system's reason. Cost: the file's bytes, read once (a regular file into one
/// buffer of its size; a pipe's into blocks of 64 KiB and up).
package enum FileBytes {
  /// The most a file read whole may hold unless its reader says less: 4 GiB, above the largest
  /// card data a user feeds Sealed (Scryfall's bulk files of every printing, about 2.5 GB).
  package static let defaultLimit = 4 << 30

  /// Reads `path` whole, refusing it once it holds more than `limit` bytes, what it is named
  /// `kind` in the refusal: an endless input (`--rules /dev/zero`, a pipe that never ends) was
  /// read until the machine ran out of memory (a review).
  package static func read(_ path: String, limit: Int = defaultLimit, kind: String = "file of card or booster data") throws(DataError) -> Data {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
    } catch {
      throw failure(error, path)
    }
    defer { try? descriptor.close() }
    var status = stat()
    let known = fstat(descriptor.rawValue, &status) == 0
    if known, (status.st_mode & S_IFMT) == S_IFDIR {
      throw DataError("is a folder; expected a file", at: path)
    }
    // A regular file's size is known: refused at once past the limit (a sparse 1 GiB rule file
    // was read whole first), else room for all of it (and the read that finds its end) at once.
    // A pipe's is not: blocks that double, so that the bytes are copied O(1) times.
    let size = known && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
    guard size <= limit else { throw tooLarge(path, limit: limit, kind: kind) }
    var data = Data(capacity: size + (1 << 16))
    var block = size > 0 ? size : 1 << 16
    do {
      while true {
        let before = data.count
        data.count = before + block
        let read = try data.withUnsafeMutableBytes { buffer in
          try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[before...]), retryOnInterrupt: true)
        }
        data.count = before + read
        if read == 0 { return data }
        guard data.count <= limit else { throw tooLarge(path, limit: limit, kind: kind) }
        // The whole regular file read: one small read finds its end, within the room reserved.
        // Else (a pipe, or a file still growing) the blocks double, up to 64 MiB.
        block = size > 0 && data.count >= size ? 1 << 16 : min(read == block ? block * 2 : block, 1 << 26)
        // No more than one byte past the limit is asked for: enough to know it is passed.
        block = min(block, limit + 1 - data.count)
      }
    } catch {
      throw failure(error, path)
    }
  }

  /// Whether the file at `path` begins with `prefix` (a header Sealed writes); nil when it
  /// cannot be opened (missing). Cost: one open and a read of `prefix`'s length.
  package static func begins(_ path: String, with prefix: String) -> Bool? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: prefix.utf8.count)) ?? Data()
    return String(decoding: head, as: UTF8.self) == prefix
  }

  /// The refusal of a file past `limit` bytes.
  package static func tooLarge(_ path: String, limit: Int, kind: String) -> DataError {
    DataError("holds more than \(byteSize(limit)); expected a \(kind), which holds far less", at: path)
  }

  /// 64 MiB, 4 GiB: a power-of-two size as people write it.
  package static func byteSize(_ bytes: Int) -> String {
    bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }

  /// The one-line error of a failed open or read: the system's reason.
  private static func failure(_ error: any Error, _ path: String) -> DataError {
    if let refusal = error as? DataError { return refusal }
    guard let code = error as? Errno else { return DataError("cannot read the file (\(error))", at: path) }
    if code == .isDirectory { return DataError("is a folder; expected a file", at: path) }
    return DataError("cannot read the file (\(systemErrorReason(code.rawValue)))", at: path)
  }
}
