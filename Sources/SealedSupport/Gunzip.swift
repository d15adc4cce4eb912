import CZlib
import Foundation

/// Whole-buffer gzip inflation, for data files Sealed ships compressed.
package enum Gunzip {
  /// Whether the bytes start with the gzip magic number (1f 8b).
  package static func isCompressed(_ data: Data) -> Bool {
    data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
  }

  /// The inflated bytes of one or more concatenated gzip members. Throws a one-line
  /// `DataError` naming `source` for corrupt or truncated data. Cost: O(output size), memory for
  /// the output only.
  package static func inflate(_ data: Data, source: String) throws(DataError) -> Data {
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
          failure = "gzip data is corrupt (\(stream.msg.map { String(cString: $0) } ?? "status \(status)"))"
          return
        }
      }
    }
    if let failure { throw DataError(failure, at: source) }
    return output
  }
}
