import CZlib
import Foundation
import SealedSupport

/// Where `PackFileWriter` puts its bytes: a file (or standard output), optionally through gzip.
/// Buffers 1 MiB before each `write(2)`.
final class ByteSink {
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  let path: String
  private var buffer: [UInt8] = []
  private let deflater: UnsafeMutablePointer<z_stream>?
  private var closed = false

  /// Creates or truncates `path` (`-` is standard output).
  init(path: String, gzip: Bool) throws(DataError) {
    self.path = path == "-" ? "<stdout>" : path
    if path == "-" {
      descriptor = 1
      ownsDescriptor = false
    } else {
      let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard opened >= 0 else {
        throw DataError("cannot write the pack file (\(systemErrorReason(errno)))", at: path)
      }
      descriptor = opened
      ownsDescriptor = true
    }
    buffer.reserveCapacity(1 << 20)
    if gzip {
      let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
      stream.initialize(to: z_stream())
      // 15 + 16: a 32 KiB window with a gzip header and trailer.
      let status = deflateInit2_(
        stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
        Int32(MemoryLayout<z_stream>.size))
      guard status == Z_OK else {
        stream.deallocate()
        if ownsDescriptor { Foundation.close(descriptor) }
        throw DataError("cannot start zlib (status \(status))", at: self.path)
      }
      deflater = stream
    } else {
      deflater = nil
    }
  }

  deinit {
    if let deflater {
      deflateEnd(deflater)
      deflater.deallocate()
    }
    if ownsDescriptor { Foundation.close(descriptor) }
  }

  func write(_ bytes: [UInt8]) throws(DataError) {
    guard !closed else { throw DataError("the pack file was already closed", at: path) }
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 20 { try flush(finish: false) }
  }

  func write(_ text: String) throws(DataError) {
    guard !closed else { throw DataError("the pack file was already closed", at: path) }
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 20 { try flush(finish: false) }
  }

  /// Writes what is buffered, ends the gzip stream, and closes the file.
  func close() throws(DataError) {
    guard !closed else { return }
    closed = true
    try flush(finish: true)
    if ownsDescriptor, fsync(descriptor) != 0, errno != EINVAL {
      throw DataError("cannot write the pack file (\(systemErrorReason(errno)))", at: path)
    }
  }

  private func flush(finish: Bool) throws(DataError) {
    guard let deflater else {
      try output(buffer)
      buffer.removeAll(keepingCapacity: true)
      return
    }
    var compressed = [UInt8](repeating: 0, count: 256 * 1024)
    let input = buffer
    buffer.removeAll(keepingCapacity: true)
    try input.withUnsafeBufferPointer { (source) throws(DataError) in
      deflater.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
      deflater.pointee.avail_in = UInt32(source.count)
      while true {
        let produced = compressed.withUnsafeMutableBufferPointer { target in
          deflater.pointee.next_out = target.baseAddress
          deflater.pointee.avail_out = UInt32(target.count)
          let status = deflate(deflater, finish ? Z_FINISH : Z_NO_FLUSH)
          return (target.count - Int(deflater.pointee.avail_out), status)
        }
        try output(Array(compressed[..<produced.0]))
        if produced.1 == Z_STREAM_END { break }
        guard produced.1 == Z_OK || produced.1 == Z_BUF_ERROR else {
          throw DataError("zlib failed to compress (status \(produced.1))", at: path)
        }
        if !finish && deflater.pointee.avail_in == 0 && deflater.pointee.avail_out > 0 { break }
      }
    }
  }

  private func output(_ bytes: [UInt8]) throws(DataError) {
    let failure = bytes.withUnsafeBytes { raw -> Int32? in
      var offset = 0
      while offset < raw.count {
        let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
    if failure == EPIPE && !ownsDescriptor {
      // The reader of standard output has gone (`| head`) while SIGPIPE is ignored (a parent
      // that ignores it passes that on): end as SIGPIPE's default would, quietly.
      signal(SIGPIPE, SIG_DFL)
      raise(SIGPIPE)
    }
    if let failure { throw writeFailure(failure) }
  }

  /// A failed write in the words of its destination: the pack file named, or standard output
  /// as every command says it (`standard output: no space left on device; what it holds is
  /// incomplete`; a pack file written to `> /dev/full` said `<stdout>: cannot write the pack
  /// file`).
  private func writeFailure(_ code: Int32) -> DataError {
    guard ownsDescriptor else { return DataError("standard output: \(systemErrorReason(code)); what it holds is incomplete") }
    return DataError("cannot write the pack file (\(systemErrorReason(code)))", at: path)
  }
}
