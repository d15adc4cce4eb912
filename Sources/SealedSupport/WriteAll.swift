import Foundation

/// Writes all of `data` to an open file descriptor, retrying after interruptions and short
/// writes. Returns nil, or the `errno` of the write that failed.
package func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
  data.withUnsafeBytes { buffer -> Int32? in
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }
}
