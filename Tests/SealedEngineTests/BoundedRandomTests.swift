@testable import SealedEngine
import Testing

/// Lemire's bounded draw (`bounded`) and the form the alias tables use (`boundedWithRest`),
/// checked against the numbers the generator actually gave.
@Suite struct BoundedRandomTests {
  /// A generator that keeps every number it hands out.
  struct Recording: RandomNumberGenerator {
    var inner: Xoshiro256StarStar
    var drawn: [UInt64] = []

    mutating func next() -> UInt64 {
      let x = inner.next()
      drawn.append(x)
      return x
    }
  }

  /// Bounds with no rejection (a power of two), rare rejection, and rejection of about half the
  /// numbers (2⁶³ + 1: 2⁶⁴ mod it is 2⁶³ − 1).
  static let bounds: [UInt64] = [1, 2, 6, 101, 1 << 40, 4_840, (1 << 63) + 1]

  @Test(arguments: bounds)
  func theIndexAndRestAreTheAcceptedNumberTimesTheBound(bound: UInt64) {
    var rng = Recording(inner: Xoshiro256StarStar(seed: 7))
    let threshold = (0 &- bound) % bound
    var rejections = 0
    for _ in 0..<2_000 {
      rng.drawn.removeAll(keepingCapacity: true)
      let (index, rest) = rng.boundedWithRest(bound)
      let accepted = rng.drawn.last!.multipliedFullWidth(by: bound)
      #expect(index == accepted.high && rest == accepted.low)
      #expect(index < bound && rest >= threshold)
      // Every number before the accepted one was rejected: its rest fell below the threshold.
      for x in rng.drawn.dropLast() { #expect(x &* bound < threshold) }
      rejections += rng.drawn.count - 1
    }
    if bound == (1 << 63) + 1 { #expect(rejections > 1_000) }
  }

  @Test(arguments: bounds)
  func boundedIsTheIndexOfTheSameDraws(bound: UInt64) {
    var a = Xoshiro256StarStar(seed: 11)
    var b = a
    for _ in 0..<2_000 {
      #expect(a.bounded(bound) == b.boundedWithRest(bound).index)
    }
    // Both consumed the same numbers.
    #expect(a.next() == b.next())
  }
}
