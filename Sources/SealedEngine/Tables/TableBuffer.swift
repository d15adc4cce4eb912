/// A fixed array of records that the engine reads through raw pointers, owned: it is allocated
/// (and filled) once and deallocated when its owner goes, never by hand.
///
/// Being noncopyable, it cannot be read after its owner is gone: `EngineTables(plan:).batches[0]`
/// keeps the temporary tables alive for as long as the read lasts, where a copied
/// `UnsafeMutableBufferPointer` would have pointed at freed memory. Only `baseAddress` hands out
/// a pointer that can outlive the read; it is for the engine's loops, whose owners (`PoolEngine`,
/// `ChunkTally`) hold the tables alive. Cost: one allocation; reads as a buffer pointer's.
struct TableBuffer<Element>: ~Copyable {
  private let storage: UnsafeMutableBufferPointer<Element>
  let count: Int

  /// A buffer holding `array`'s elements (room for one when it is empty, so `baseAddress` is
  /// never nil).
  init(copying array: [Element]) {
    storage = .allocate(capacity: Swift.max(array.count, 1))
    _ = storage.initialize(from: array)
    count = array.count
  }

  deinit {
    UnsafeMutableBufferPointer(rebasing: storage[..<count]).deinitialize()
    storage.deallocate()
  }

  var isEmpty: Bool { count == 0 }
  var indices: Range<Int> { 0..<count }

  @inline(__always)
  subscript(index: Int) -> Element { storage[index] }

  /// The elements, copied.
  var elements: [Element] { Array(storage[..<count]) }

  /// The first element's address: valid while the buffer's owner lives (see the type's comment).
  var baseAddress: UnsafePointer<Element> { UnsafePointer(storage.baseAddress!) }

  /// Calls `body` with the elements in place.
  func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
    try body(UnsafeBufferPointer(start: storage.baseAddress, count: count))
  }
}

/// Never written after `init`, so the threads of a run read one buffer safely.
extension TableBuffer: @unchecked Sendable where Element: Sendable {}
