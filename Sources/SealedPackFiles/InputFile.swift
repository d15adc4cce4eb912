import Foundation
import SealedSupport

/// A file read as a stream of bytes, gzipped or not (recognised by its magic bytes, whatever
/// the name): what other readers of large files (MTGJSON's AllPrintings.json, plain or
/// `.gz`) use to read a file without holding it.
///
/// Memory: a 256 KiB input buffer and zlib's 32 KiB window when gzipped, whatever the size of
/// the file. Not thread-safe.
package final class InputFile {
  /// The path as given ("<stdin>" for "-").
  package let path: String
  /// Whether the file is gzipped.
  package let isGzipped: Bool
  private let source: ByteSource
  /// The file itself, when one was opened (nil for bytes in memory).
  private let file: FileSource?

  /// Opens `path` ("-" reads standard input); `noun` names the file in errors ("MTGJSON file").
  /// Throws a one-line `DataError` for a missing file or a folder.
  package init(path: String, noun: String) throws(DataError) {
    // A missing or unreadable file in the words the other JSON readers use.
    var info = stat()
    if path != "-" && stat(path, &info) != 0 {
      throw DataError("cannot read the file (\(systemErrorReason(errno)))", at: path)
    }
    let file = try FileSource(path: path, noun: noun)
    isGzipped = try file.peek(2) == GzipSource.magic
    source = isGzipped ? try GzipSource(file, path: file.path) : file
    self.file = file
    self.path = file.path
  }

  /// The file's bytes read so far, as stored (compressed when gzipped): for progress against
  /// the file's size. 0 for bytes in memory.
  package var fileBytesRead: Int { file?.bytesRead ?? 0 }

  /// Reads bytes held in memory (gzipped or not) as if from a file named `path`.
  package init(bytes: [UInt8], path: String) throws(DataError) {
    let memory = MemorySource(bytes)
    isGzipped = bytes.starts(with: GzipSource.magic)
    source = isGzipped ? try GzipSource(memory, path: path) : memory
    file = nil
    self.path = path
  }

  /// Fills `buffer` from its start; returns how many bytes were written, 0 at the end.
  /// Throws a one-line `DataError` for a read error or corrupt or truncated gzip data.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(DataError) -> Int {
    try source.read(into: buffer)
  }
}
