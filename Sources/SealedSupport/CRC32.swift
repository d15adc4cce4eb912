import CZlib
import Foundation

/// CRC-32 (zlib's, the checksum of gzip and zip): a report's manifest records each CSV's, so that
/// a file changed after the run wrote it (a line removed, a number edited) is told from the
/// run's. It catches accidents, not tampering. Cost: O(bytes), about a gigabyte a second.
package enum CRC32 {
  /// The checksum of `bytes` as 8 lowercase hex digits.
  package static func hex(of bytes: some ContiguousBytes) -> String {
    let sum = bytes.withUnsafeBytes { buffer -> UInt in
      var sum = crc32(0, nil, 0)
      var offset = 0
      // zlib takes at most 2^32 - 1 bytes a call.
      while offset < buffer.count {
        let length = min(buffer.count - offset, Int(UInt32.max))
        sum = crc32(sum, buffer.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt8.self), UInt32(length))
        offset += length
      }
      return sum
    }
    let text = String(UInt32(truncatingIfNeeded: sum), radix: 16)
    return String(repeating: "0", count: 8 - text.count) + text
  }
}
