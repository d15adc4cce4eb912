import Foundation
import SealedSupport

/// Where the bytes of a pack file come from: a file, standard input, memory, or a gzip stream
/// over one of those. `read` fills `buffer` from the start and returns how many bytes it wrote;
/// 0 means the end. Errors carry the path only; `LineReader` adds the line.
protocol ByteSource: AnyObject {
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(DataError) -> Int
}

/// A file (or standard input) read with `read(2)` straight into the caller's buffer. It can
/// hand back bytes it was asked to look at first (`peek`), for the gzip magic.
final class FileSource: ByteSource {
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  let path: String
  /// Bytes read by `peek` and not yet handed out.
  private var pending: [UInt8] = []
  /// Bytes read from the file so far (peeked ones included).
  private(set) var bytesRead = 0

  /// What the file is, for messages ("pack file").
  let noun: String

  /// Opens `path` ("-" is standard input). A missing file or a folder is a one-line error.
  init(path: String, noun: String = "pack file") throws(DataError) {
    self.noun = noun
    self.path = path == "-" ? "<stdin>" : path
    if path == "-" {
      descriptor = 0
      ownsDescriptor = false
    } else {
      let opened = open(path, O_RDONLY | O_CLOEXEC)
      if opened < 0 {
        throw DataError("cannot open the \(noun) (\(systemErrorReason(errno)))", at: path)
      }
      descriptor = opened
      ownsDescriptor = true
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      if ownsDescriptor { close(descriptor) }
      throw DataError("is a folder, not a \(noun)", at: self.path)
    }
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  /// The first `count` bytes (fewer at the end of the file), which later reads hand out again.
  func peek(_ count: Int) throws(DataError) -> [UInt8] {
    while pending.count < count {
      let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: count - pending.count, alignment: 1)
      defer { chunk.deallocate() }
      let got = try readDescriptor(into: chunk)
      if got == 0 { break }
      pending += chunk[..<got]
    }
    return Array(pending.prefix(count))
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(DataError) -> Int {
    if !pending.isEmpty { return handOut(&pending, into: buffer) }
    return try readDescriptor(into: buffer)
  }

  private func readDescriptor(into buffer: UnsafeMutableRawBufferPointer) throws(DataError) -> Int {
    while true {
      let got = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
      if got >= 0 {
        bytesRead += got
        return got
      }
      if errno == EINTR { continue }
      let reason = systemErrorText(errno)
      throw DataError("cannot read the \(noun): \(reason)", at: path)
    }
  }
}

/// Moves the first of `pending`'s bytes (bytes looked at before they were read) into `buffer`,
/// as many as fit, and returns how many.
func handOut(_ pending: inout [UInt8], into buffer: UnsafeMutableRawBufferPointer) -> Int {
  let count = min(pending.count, buffer.count)
  pending.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: count) }
  pending.removeFirst(count)
  return count
}

/// Bytes already in memory (the fuzz target and tests), handed out as if from a file.
final class MemorySource: ByteSource {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var prefix: ArraySlice<UInt8> { bytes.prefix(2) }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(DataError) -> Int {
    let count = min(bytes.count - offset, buffer.count)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count) }
    offset += count
    return count
  }
}
