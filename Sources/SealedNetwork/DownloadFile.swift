import Foundation
import SealedSupport

/// A download's body written to a file as it arrives, with its SHA-256 and length kept on the
/// way, so that a file of any size is never held in memory. The file belongs to the caller
/// (a staging folder it removes on failure); `restart` empties it for another attempt.
package final class DownloadFile: HTTPBodySink, @unchecked Sendable {
  /// The file written.
  package let path: String
  private let lock = NSLock()
  private var handle: FileHandle?
  private var hasher = SHA256.Hasher()
  private var length: Int64 = 0
  /// The most bytes written: a server sending without end fills no more of the disk. 2 GiB by
  /// default, some 500 times mtg.wtf's booster data and 4 times MTGJSON's AllPrintings.json.
  package let limit: Int64

  /// Creates (or empties) the file at `path`. Throws a one-line `DataError` when it cannot.
  package init(path: String, limit: Int64 = 2 << 30) throws(DataError) {
    self.path = path
    self.limit = limit
    try open()
  }

  deinit { try? handle?.close() }

  package func restart() throws {
    lock.lock()
    defer { lock.unlock() }
    try? handle?.close()
    handle = nil
    try open()
  }

  /// Refuses an announced length past `limit` before a byte is written (5 GiB announced was
  /// written to 2 GiB first: a review).
  package func expect(_ length: Int64) throws {
    guard length <= limit else {
      throw DataError("the server announces \(length) bytes, more than \(CurlTransfer.size(Int(limit))), more than any booster data or card file Sealed reads; nothing was downloaded")
    }
  }

  package func write(_ data: Data) throws {
    try lock.withLock {
      guard let handle else { throw DataError("cannot write the file (it is closed)", at: path) }
      guard length + Int64(data.count) <= limit else {
        throw DataError("the download is larger than \(CurlTransfer.size(Int(limit))), more than any booster data or card file Sealed reads; stopped")
      }
      do {
        try handle.write(contentsOf: data)
      } catch {
        throw DataError("cannot write the file (\(systemErrorReason(error)))", at: path)
      }
      data.withUnsafeBytes { hasher.update($0) }
      length += Int64(data.count)
    }
  }

  /// Closes the file and gives its length and SHA-256 (64 hex digits); nothing more may be written.
  package func finish() throws(DataError) -> (bytes: Int64, sha256: String) {
    lock.lock()
    defer { lock.unlock() }
    do {
      try handle?.synchronize()
      try handle?.close()
    } catch {
      throw DataError("cannot write the file (\(systemErrorReason(error)))", at: path)
    }
    handle = nil
    return (length, hasher.finalizeHex())
  }

  private func open() throws(DataError) {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw DataError("cannot create the file (\(systemErrorReason(errno)))", at: path)
    }
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw DataError("cannot open the file for writing (\(systemErrorReason(errno)))", at: path)
    }
    self.handle = handle
    hasher = SHA256.Hasher()
    length = 0
  }
}
