import CZlib
import Foundation

/// Whole-file gzip through zlib, for files read or written at once (the compressed card data
/// and booster data shipped with Sealed, card files and releases a user gives). Streams of any
/// size go through SealedPackFiles' `GzipSource` and `ByteSink`.
package enum Gzip {
  /// Whether `data` starts with the gzip magic bytes 1f 8b.
  package static func isCompressed(_ data: Data) -> Bool {
    data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
  }

  /// The inflated bytes of gzip `data`, one member after another (as `gunzip` reads
  /// `cat a.gz b.gz`). Throws a one-line `DataError` at `source` for corrupt or truncated data,
  /// and for more than `limit` bytes inflated (a few MB of gzip can hold gigabytes: 1.9 MB of
  /// spaces took 2 GB of memory). Cost: O(inflated size) time and memory.
  package static func inflate(_ data: Data, source: String, limit: Int = FileBytes.defaultLimit) throws(DataError) -> Data {
    var stream = z_stream()
    // 15 + 16: a 32 KiB window, gzip header and trailer.
    guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw DataError("cannot start zlib", at: source)
    }
    defer { inflateEnd(&stream) }
    var output = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 18)
    var failure: String?
    data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
      guard let base = input.bindMemory(to: UInt8.self).baseAddress else {
        failure = "the file is empty"
        return
      }
      // zlib counts its input in 32 bits.
      guard input.count <= Int(UInt32.max) else {
        failure = "gzip data of 4 GiB or more; expected a file of card or booster data, which holds far less"
        return
      }
      stream.next_in = UnsafeMutablePointer(mutating: base)
      stream.avail_in = UInt32(input.count)
      while true {
        let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
          stream.next_out = buffer.baseAddress
          stream.avail_out = UInt32(buffer.count)
          let status = CZlib.inflate(&stream, Z_NO_FLUSH)
          output.append(buffer.baseAddress!, count: buffer.count - Int(stream.avail_out))
          return status
        }
        if output.count > limit {
          failure = "inflates to more than \(FileBytes.byteSize(limit)); expected a file of card or booster data, which holds far less"
          return
        }
        switch status {
        case Z_STREAM_END:
          // Another member may follow.
          if stream.avail_in == 0 { return }
          guard inflateReset(&stream) == Z_OK else {
            failure = "cannot reset zlib"
            return
          }
        case Z_OK:
          continue
        case Z_BUF_ERROR where stream.avail_in == 0:
          failure = "gzip data is truncated (the file ends inside the compressed stream)"
          return
        default:
          failure = "gzip data is corrupt (\(stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"))"
          return
        }
      }
    }
    if let failure { throw DataError(failure, at: source) }
    return output
  }

  /// `data` as one gzip member (zlib's default level, no file name or time in the header, so
  /// the same bytes give the same file). Cost: O(size) time and memory.
  package static func deflate(_ data: Data) -> Data {
    var stream = z_stream()
    // 15 + 16: a 32 KiB window, with a gzip header and trailer; memory level 8 as gzip uses.
    guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { preconditionFailure("zlib refused its default settings") }
    defer { deflateEnd(&stream) }
    var output = Data()
    let chunk = 1 << 16
    var buffer = [UInt8](repeating: 0, count: chunk)
    data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
      stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
      stream.avail_in = UInt32(input.count)
      var status = Z_OK
      while status != Z_STREAM_END {
        status = buffer.withUnsafeMutableBufferPointer { out -> Int32 in
          stream.next_out = out.baseAddress
          stream.avail_out = UInt32(chunk)
          return CZlib.deflate(&stream, Z_FINISH)
        }
        output.append(contentsOf: buffer[0..<(chunk - Int(stream.avail_out))])
      }
    }
    return output
  }
}
