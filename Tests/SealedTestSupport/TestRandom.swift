/// A small seeded generator for tests that need reproducible random inputs without the
/// engine's generators (a 64-bit linear congruential step, Knuth's MMIX constants, with an
/// xorshift of the high bits as output). Not for statistics.
package struct TestRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state ^ (state >> 29)
  }
}
