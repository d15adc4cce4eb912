/// Sebastiano Vigna's SplitMix64: a tiny generator used to expand one 64-bit seed into the
/// state of a faster generator (<https://prng.di.unimi.it/splitmix64.c>).
package struct SplitMix64: RandomNumberGenerator, Sendable {
  @usableFromInline var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  @inlinable
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// SplitMix64's output function: a bijective 64-bit mixer.
  @inlinable
  package static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z &>> 31)
  }
}
