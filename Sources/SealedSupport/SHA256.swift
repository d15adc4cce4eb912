import Foundation

/// SHA-256 (FIPS 180-4): fingerprints of rule files in reports and of downloaded data releases;
/// Foundation on Linux has no digest API. Cost: O(bytes).
package enum SHA256 {
  fileprivate static let k: [UInt32] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]

  /// The digest of `bytes` (an array, `Data`, ...) as 64 lowercase hex digits.
  package static func hex(of bytes: some ContiguousBytes) -> String {
    var hasher = Hasher()
    bytes.withUnsafeBytes { hasher.update($0) }
    return hasher.finalizeHex()
  }

  /// A digest computed piece by piece, for data that arrives in parts (a download) and should
  /// not be held whole. Cost: O(bytes), 64 bytes of buffer; the blocks are compressed with the
  /// message schedule on the stack (about 9 ns per byte on this project's machine, release build).
  package struct Hasher: Sendable {
    private var h: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    private var block: [UInt8] = []
    private var length: UInt64 = 0

    package init() { block.reserveCapacity(64) }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
      length &+= UInt64(bytes.count)
      var index = bytes.startIndex
      if !block.isEmpty {
        let taken = min(64 - block.count, bytes.endIndex - index)
        block.append(contentsOf: bytes[index..<(index + taken)])
        index += taken
        guard block.count == 64 else { return }
        block.withUnsafeBytes { compress($0) }
        block.removeAll(keepingCapacity: true)
      }
      let whole = (bytes.endIndex - index) / 64 * 64
      if whole > 0 {
        compress(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + whole)]))
        index += whole
      }
      block.append(contentsOf: bytes[index...])
    }

    /// The digest of everything added; the hasher is spent.
    package mutating func finalize() -> [UInt8] {
      let bitLength = length &* 8
      var tail = block
      tail.append(0x80)
      while tail.count % 64 != 56 { tail.append(0) }
      for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
      tail.withUnsafeBytes { compress($0) }
      return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }

    /// The digest as 64 lowercase hex digits.
    package mutating func finalizeHex() -> String {
      finalize().map { byte in
        let text = String(byte, radix: 16)
        return byte < 16 ? "0" + text : text
      }.joined()
    }

    /// Every 64-byte block of `bytes` (whose count is a multiple of 64), in order.
    private mutating func compress(_ bytes: UnsafeRawBufferPointer) {
      var state = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
      SHA256.k.withUnsafeBufferPointer { k in
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
          for start in stride(from: 0, to: bytes.count, by: 64) {
            Self.compressBlock(bytes, at: start, k: k, w: w, state: &state)
          }
        }
      }
      (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]) = state
    }

    /// One 64-byte block of `bytes` from `start` into `state`, its message schedule in `w`.
    @inline(__always)
    private static func compressBlock(
      _ bytes: UnsafeRawBufferPointer, at start: Int, k: UnsafeBufferPointer<UInt32>, w: UnsafeMutableBufferPointer<UInt32>,
      state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
    ) {
      for i in 0..<16 {
        w[i] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: start + i * 4, as: UInt32.self))
      }
      for i in 16..<64 {
        let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
        let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
      }
      var (a, b, c, d, e, f, g, hh) = state
      for i in 0..<64 {
        let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
        let choice = (e & f) ^ (~e & g)
        let t1 = hh &+ s1 &+ choice &+ k[i] &+ w[i]
        let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        let t2 = s0 &+ majority
        (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
      }
      state = (
        state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ hh
      )
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
  }
}
