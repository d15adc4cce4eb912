import CZlib
import SealedSupport

/// Inflates gzip data from another source, one member after another (`cat a.gz b.gz` is one
/// stream, as `gunzip` reads it). Holds a 256 KiB input buffer and zlib's 32 KiB window, whatever
/// the size of the file. Corrupt or truncated data is a one-line error.
final class GzipSource: ByteSource {
  /// The gzip magic bytes, 1f 8b.
  static let magic: [UInt8] = [0x1F, 0x8B]
  /// How the error of data that does not inflate (or fails its checksum) begins.
  static let corruptPrefix = "gzip data is corrupt"

  private let input: ByteSource
  private let path: String
  private let stream: UnsafeMutablePointer<z_stream>
  private let inputBuffer: UnsafeMutableRawBufferPointer
  private var inputEnded = false
  /// True between members: the last member ended and no byte of the next one was read yet.
  private var betweenMembers = false
  private var finished = false
  /// An error met after some bytes were inflated in the same call: those bytes are handed out
  /// first, so that the lines before the damage are read (and an error names the right line).
  private var pendingError: DataError?

  init(_ input: ByteSource, path: String) throws(DataError) {
    self.input = input
    self.path = path
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    inputBuffer = .allocate(byteCount: 256 * 1024, alignment: 1)
    // 15 + 16: a 32 KiB window, gzip header and trailer.
    let status = inflateInit2_(stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      stream.deallocate()
      inputBuffer.deallocate()
      throw DataError("cannot start zlib (status \(status))", at: path)
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deallocate()
    inputBuffer.deallocate()
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(DataError) -> Int {
    if let pendingError { throw pendingError }
    guard !finished, buffer.count > 0 else { return 0 }
    stream.pointee.next_out = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
    stream.pointee.avail_out = UInt32(min(buffer.count, Int(UInt32.max)))
    while stream.pointee.avail_out > 0 {
      if stream.pointee.avail_in == 0 && !inputEnded {
        let got = try input.read(into: inputBuffer)
        if got == 0 {
          inputEnded = true
        } else {
          stream.pointee.next_in = inputBuffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
          stream.pointee.avail_in = UInt32(got)
        }
      }
      if stream.pointee.avail_in == 0 && inputEnded {
        if betweenMembers {
          finished = true
          break
        }
        // No more input in the middle of a member.
        if produced(buffer) > 0 { break }
        throw DataError("gzip data is truncated (the file ends inside the compressed stream)", at: path)
      }
      let startsMember = betweenMembers
      if startsMember && stream.pointee.next_in.pointee == 0 {
        // Zero bytes after a member (padding to a block size), as gzip reads them: skipped.
        let zeros = UnsafeBufferPointer(start: stream.pointee.next_in, count: Int(stream.pointee.avail_in))
        if zeros.allSatisfy({ $0 == 0 }) {
          stream.pointee.avail_in = 0
          continue
        }
      }
      betweenMembers = false
      let status = inflate(stream, Z_NO_FLUSH)
      switch status {
      case Z_STREAM_END:
        // The next member, if any, starts with the bytes left over.
        guard inflateReset(stream) == Z_OK else { throw DataError("cannot reset zlib", at: path) }
        betweenMembers = true
      case Z_OK:
        continue
      case Z_BUF_ERROR:
        // No progress possible: more input is needed, which the loop reads.
        continue
      default:
        let detail = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
        let error = startsMember
          ? DataError("bytes that are not gzip follow the gzip data (trailing garbage: a file joined to another, or damaged)", at: path)
          : DataError("\(Self.corruptPrefix) (\(detail))", at: path)
        guard produced(buffer) > 0 else { throw error }
        pendingError = error
        return produced(buffer)
      }
    }
    return produced(buffer)
  }

  private func produced(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
    buffer.count - Int(stream.pointee.avail_out)
  }
}
