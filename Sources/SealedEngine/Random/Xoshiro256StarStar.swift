import SealedSupport

/// Blackman and Vigna's xoshiro256**: a fast, small-state generator with 256 bits of state and
/// excellent statistical quality (<https://prng.di.unimi.it/xoshiro256starstar.c>).
///
/// Each call to `next()` costs a handful of shifts, rotations and one multiply.
@frozen
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
  @usableFromInline var s0: UInt64
  @usableFromInline var s1: UInt64
  @usableFromInline var s2: UInt64
  @usableFromInline var s3: UInt64

  /// Seeds the state from SplitMix64, as the authors recommend.
  public init(seed: UInt64) {
    var mixer = SplitMix64(seed: seed)
    s0 = mixer.next()
    s1 = mixer.next()
    s2 = mixer.next()
    s3 = mixer.next()
  }

  /// The generator for one chunk of a run: an independent stream derived from the run's seed
  /// and the chunk's index, so that any chunk can be generated on any thread, in any order.
  package init(seed: UInt64, stream: UInt64) {
    self.init(seed: SplitMix64.mix(seed ^ SplitMix64.mix(stream &+ 0x632B_E59B_D9B4_E019)))
  }

  @inlinable @inline(__always)
  public mutating func next() -> UInt64 {
    let result = (s1 &* 5).rotatedLeft(by: 7) &* 9
    let t = s1 &<< 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = s3.rotatedLeft(by: 45)
    return result
  }
}

extension UInt64 {
  @inlinable @inline(__always)
  func rotatedLeft(by amount: UInt64) -> UInt64 {
    (self &<< amount) | (self &>> (64 &- amount))
  }
}
