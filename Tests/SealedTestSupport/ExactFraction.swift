/// Exact non-negative fractions of arbitrary size, for tests that compute expectations
/// independently of Sealed's floating-point analysis (from a product's JSON, by hand). Not part
/// of Sealed's API; plain schoolbook arithmetic, fast enough for fractions of a few thousand
/// bits.
package struct ExactFraction: Sendable, Equatable, CustomStringConvertible {
  package let numerator: BigNatural
  package let denominator: BigNatural

  /// `numerator / denominator` in lowest terms; the denominator must not be 0.
  package init(_ numerator: BigNatural, _ denominator: BigNatural) {
    precondition(!denominator.isZero, "a fraction's denominator is 0")
    let divisor = BigNatural.gcd(numerator, denominator)
    self.numerator = numerator.dividedExactly(by: divisor)
    self.denominator = denominator.dividedExactly(by: divisor)
  }

  package init(_ numerator: UInt64, _ denominator: UInt64 = 1) {
    self.init(BigNatural(numerator), BigNatural(denominator))
  }

  /// A fraction from a weight of the compiled data (a whole number, up to 2^53).
  package init(weight: Double) {
    precondition(weight >= 0 && weight == weight.rounded() && weight < 0x1p53, "not a whole weight: \(weight)")
    self.init(UInt64(weight))
  }

  package static let zero = ExactFraction(0)
  package static let one = ExactFraction(1)

  package static func + (a: ExactFraction, b: ExactFraction) -> ExactFraction {
    if a.numerator.isZero { return b }
    if b.numerator.isZero { return a }
    return ExactFraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
  }

  /// `a - b`, which must not be negative.
  package static func - (a: ExactFraction, b: ExactFraction) -> ExactFraction {
    ExactFraction(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator)
  }

  package static func * (a: ExactFraction, b: ExactFraction) -> ExactFraction {
    ExactFraction(a.numerator * b.numerator, a.denominator * b.denominator)
  }

  package static func / (a: ExactFraction, b: ExactFraction) -> ExactFraction {
    ExactFraction(a.numerator * b.denominator, a.denominator * b.numerator)
  }

  /// The nearest double (to within a few units in the last place).
  package var doubleValue: Double {
    let shift = max(numerator.bitWidth, denominator.bitWidth) - 60
    guard shift > 0 else { return numerator.doubleValue / denominator.doubleValue }
    return (numerator >> shift).doubleValue / (denominator >> shift).doubleValue
  }

  package var description: String { "\(numerator)/\(denominator)" }
}

/// A natural number of any size, as 32-bit limbs, least significant first, without leading
/// zero limbs.
package struct BigNatural: Sendable, Equatable, Comparable, CustomStringConvertible {
  var limbs: [UInt32]

  package init(_ value: UInt64) {
    limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
    normalize()
  }

  init(limbs: [UInt32]) {
    self.limbs = limbs
    normalize()
  }

  private mutating func normalize() {
    while let last = limbs.last, last == 0 { limbs.removeLast() }
  }

  package var isZero: Bool { limbs.isEmpty }
  var isEven: Bool { limbs.first.map { $0 & 1 == 0 } ?? true }

  package var bitWidth: Int {
    guard let last = limbs.last else { return 0 }
    return 32 * (limbs.count - 1) + (32 - last.leadingZeroBitCount)
  }

  var trailingZeroBitCount: Int {
    for (index, limb) in limbs.enumerated() where limb != 0 { return 32 * index + limb.trailingZeroBitCount }
    return 0
  }

  package var doubleValue: Double {
    limbs.reversed().reduce(0.0) { $0 * 4_294_967_296 + Double($1) }
  }

  package static func + (a: BigNatural, b: BigNatural) -> BigNatural {
    var result: [UInt32] = []
    var carry: UInt64 = 0
    for index in 0..<max(a.limbs.count, b.limbs.count) {
      let sum = UInt64(index < a.limbs.count ? a.limbs[index] : 0) + UInt64(index < b.limbs.count ? b.limbs[index] : 0) + carry
      result.append(UInt32(truncatingIfNeeded: sum))
      carry = sum >> 32
    }
    if carry > 0 { result.append(UInt32(carry)) }
    return BigNatural(limbs: result)
  }

  /// `a - b`; `b` must not exceed `a`.
  package static func - (a: BigNatural, b: BigNatural) -> BigNatural {
    precondition(a >= b, "negative difference")
    var result: [UInt32] = []
    var borrow: Int64 = 0
    for index in 0..<a.limbs.count {
      var difference = Int64(a.limbs[index]) - Int64(index < b.limbs.count ? b.limbs[index] : 0) - borrow
      borrow = difference < 0 ? 1 : 0
      if difference < 0 { difference += 1 << 32 }
      result.append(UInt32(difference))
    }
    return BigNatural(limbs: result)
  }

  package static func * (a: BigNatural, b: BigNatural) -> BigNatural {
    guard !a.isZero, !b.isZero else { return BigNatural(0) }
    var result = [UInt32](repeating: 0, count: a.limbs.count + b.limbs.count)
    for (i, x) in a.limbs.enumerated() {
      var carry: UInt64 = 0
      for (j, y) in b.limbs.enumerated() {
        let product = UInt64(x) * UInt64(y) + UInt64(result[i + j]) + carry
        result[i + j] = UInt32(truncatingIfNeeded: product)
        carry = product >> 32
      }
      result[i + b.limbs.count] = UInt32(carry)
    }
    return BigNatural(limbs: result)
  }

  package static func >> (a: BigNatural, shift: Int) -> BigNatural {
    let limbShift = shift / 32
    let bitShift = shift % 32
    guard limbShift < a.limbs.count else { return BigNatural(0) }
    var result: [UInt32] = []
    for index in limbShift..<a.limbs.count {
      let low = a.limbs[index] >> bitShift
      let high = bitShift > 0 && index + 1 < a.limbs.count ? a.limbs[index + 1] << (32 - bitShift) : 0
      result.append(low | high)
    }
    return BigNatural(limbs: result)
  }

  package static func << (a: BigNatural, shift: Int) -> BigNatural {
    guard !a.isZero else { return a }
    var result = [UInt32](repeating: 0, count: shift / 32)
    let bitShift = shift % 32
    var carry: UInt32 = 0
    for limb in a.limbs {
      result.append(limb << bitShift | carry)
      carry = bitShift > 0 ? limb >> (32 - bitShift) : 0
    }
    result.append(carry)
    return BigNatural(limbs: result)
  }

  package static func < (a: BigNatural, b: BigNatural) -> Bool {
    if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
    for index in a.limbs.indices.reversed() where a.limbs[index] != b.limbs[index] {
      return a.limbs[index] < b.limbs[index]
    }
    return false
  }

  /// The greatest common divisor (binary GCD; gcd(0, b) = b).
  static func gcd(_ a: BigNatural, _ b: BigNatural) -> BigNatural {
    if a.isZero { return b }
    if b.isZero { return a }
    let shift = min(a.trailingZeroBitCount, b.trailingZeroBitCount)
    var u = a >> a.trailingZeroBitCount
    var v = b >> b.trailingZeroBitCount
    while !v.isZero {
      v = v >> v.trailingZeroBitCount
      if u > v { swap(&u, &v) }
      v = v - u
    }
    return u << shift
  }

  /// `self / divisor` for a divisor that divides `self` (long division, bit by bit).
  func dividedExactly(by divisor: BigNatural) -> BigNatural {
    if divisor == BigNatural(1) { return self }
    var remainder = BigNatural(0)
    var quotient = [UInt32](repeating: 0, count: limbs.count)
    for bit in stride(from: bitWidth - 1, through: 0, by: -1) {
      remainder = remainder << 1
      if limbs[bit / 32] >> (bit % 32) & 1 == 1 { remainder = remainder + BigNatural(1) }
      if remainder >= divisor {
        remainder = remainder - divisor
        quotient[bit / 32] |= 1 << (bit % 32)
      }
    }
    precondition(remainder.isZero, "not an exact division")
    return BigNatural(limbs: quotient)
  }

  package var description: String {
    guard !isZero else { return "0" }
    var digits: [Character] = []
    var value = self
    let ten = BigNatural(10)
    while !value.isZero {
      // Repeated subtraction of 10^k would be slow; divide by 10 bit by bit instead.
      var remainder = BigNatural(0)
      var quotient = [UInt32](repeating: 0, count: value.limbs.count)
      for bit in stride(from: value.bitWidth - 1, through: 0, by: -1) {
        remainder = remainder << 1
        if value.limbs[bit / 32] >> (bit % 32) & 1 == 1 { remainder = remainder + BigNatural(1) }
        if remainder >= ten {
          remainder = remainder - ten
          quotient[bit / 32] |= 1 << (bit % 32)
        }
      }
      digits.append(Character(String(remainder.limbs.first ?? 0)))
      value = BigNatural(limbs: quotient)
    }
    return String(digits.reversed())
  }
}
