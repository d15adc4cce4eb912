import SealedSupport

/// A byte source whose first bytes can be looked at before they are read: what a gzip file
/// holds, checked for formats a pack file is mistaken for (`UnreadableFormats`) as the file's
/// own first bytes are.
final class PeekedSource: ByteSource {
  private let inner: ByteSource
  /// Bytes read by `peek` and not yet handed out.
  private var pending: [UInt8] = []
  /// An error of the inner source met by `peek`, thrown once `pending` is read.
  private var pendingError: DataError?

  init(_ inner: ByteSource) { self.inner = inner }

  /// The first `count` bytes (fewer at the end), which later reads hand out again. Errors of
  /// the inner source are thrown by a later `read`, once the bytes before them are read.
  func peek(_ count: Int) -> [UInt8] {
    var chunk = [UInt8](repeating: 0, count: count)
    while pending.count < count && pendingError == nil {
      let wanted = count - pending.count
      let read = chunk.withUnsafeMutableBytes { buffer in
        Result { () throws(DataError) in try inner.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted])) }
      }
      guard case .success(let got) = read else {
        if case .failure(let error) = read { pendingError = error }
        break
      }
      if got == 0 { break }
      pending += chunk[..<got]
    }
    return Array(pending.prefix(count))
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(DataError) -> Int {
    guard !pending.isEmpty else {
      if let pendingError { throw pendingError }
      return try inner.read(into: buffer)
    }
    return handOut(&pending, into: buffer)
  }
}
