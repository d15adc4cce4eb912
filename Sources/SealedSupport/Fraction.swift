/// An exact rational number, numerator and denominator in 128 bits, always in lowest terms: the
/// shares a release diff compares (a variant's weight over the product's, a card's weight
/// times its draws over its sheet's weight) and the exact shares a spec's claims are decided
/// on (`ExactShare` in SealedAnalysis). The shipped data's largest reduced
/// share needs 35 bits, so 128 bits leave room for the products of the sums; an operation whose
/// result would not fit throws `Fraction.Overflow` rather than round. Cost: a gcd per operation.
package struct Fraction: Sendable, Hashable, Comparable, CustomStringConvertible {
  package let numerator: Int128
  package let denominator: Int128

  /// The result of an operation does not fit in 128 bits.
  package struct Overflow: Error, Sendable {
    package init() {}
  }

  package static let zero = Fraction(reduced: 0, 1)
  package static let one = Fraction(reduced: 1, 1)

  private init(reduced numerator: Int128, _ denominator: Int128) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// `numerator / denominator` in lowest terms (the denominator positive, not zero).
  package init(_ numerator: Int128, _ denominator: Int128) {
    precondition(denominator > 0, "a fraction's denominator is positive")
    let divisor = Self.gcd(numerator.magnitude, denominator.magnitude)
    self.init(reduced: numerator / Int128(divisor), denominator / Int128(divisor))
  }

  /// A whole number.
  package init(_ whole: Int) {
    self.init(reduced: Int128(whole), 1)
  }

  /// The bound a weight of booster data stays below: 2^53, the first whole number a JSON reader
  /// that reads numbers as doubles (JavaScript's, Swift's) cannot tell from its neighbour, so
  /// that the weight read is the weight written.
  package static let weightLimit: Double = 9_007_199_254_740_992

  /// A weight of the data as a whole number, or nil when it is not one (negative, fractional,
  /// not finite, or not below `weightLimit`).
  package static func whole(_ value: Double) -> Fraction? {
    guard value.isFinite, value >= 0, value == value.rounded(), value < weightLimit else { return nil }
    return Fraction(reduced: Int128(Int64(value)), 1)
  }

  package static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return max(a, 1)
  }

  private static func checked(_ result: (partialValue: Int128, overflow: Bool)) throws(Overflow) -> Int128 {
    guard !result.overflow else { throw Overflow() }
    return result.partialValue
  }

  package static func + (a: Fraction, b: Fraction) throws(Overflow) -> Fraction {
    let divisor = Int128(gcd(a.denominator.magnitude, b.denominator.magnitude))
    let left = try checked(a.numerator.multipliedReportingOverflow(by: b.denominator / divisor))
    let right = try checked(b.numerator.multipliedReportingOverflow(by: a.denominator / divisor))
    let sum = try checked(left.addingReportingOverflow(right))
    let denominator = try checked((a.denominator / divisor).multipliedReportingOverflow(by: b.denominator))
    return Fraction(sum, denominator)
  }

  package static func - (a: Fraction, b: Fraction) throws(Overflow) -> Fraction {
    try a + Fraction(reduced: -b.numerator, b.denominator)
  }

  package static func * (a: Fraction, b: Fraction) throws(Overflow) -> Fraction {
    // Cross-reduce first so that the products stay as small as the result.
    let first = Int128(gcd(a.numerator.magnitude, b.denominator.magnitude))
    let second = Int128(gcd(b.numerator.magnitude, a.denominator.magnitude))
    let numerator = try checked((a.numerator / first).multipliedReportingOverflow(by: b.numerator / second))
    let denominator = try checked((a.denominator / second).multipliedReportingOverflow(by: b.denominator / first))
    return Fraction(numerator, denominator)
  }

  /// `a / b`; `b` must not be zero.
  package static func / (a: Fraction, b: Fraction) throws(Overflow) -> Fraction {
    precondition(b.numerator != 0, "division by a zero fraction")
    let inverse = b.numerator < 0 ? Fraction(reduced: -b.denominator, -b.numerator) : Fraction(reduced: b.denominator, b.numerator)
    return try a * inverse
  }

  package var isZero: Bool { numerator == 0 }

  /// Whether `a` is less than `b`, compared exactly (the cross products in 256 bits).
  package static func < (a: Fraction, b: Fraction) -> Bool {
    let left = a.numerator.multipliedFullWidth(by: b.denominator)
    let right = b.numerator.multipliedFullWidth(by: a.denominator)
    return left.high != right.high ? left.high < right.high : left.low < right.low
  }

  /// A decimal as written (`12.5`, `0.0938`, `13`), exactly: nil for anything else (an
  /// exponent, a sign, more than 30 digits). Cost: O(digits).
  package static func decimal(_ text: Substring) -> Fraction? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      !(parts.first!.isEmpty && (parts.count == 1 || parts.last!.isEmpty)), text.count <= 30
    else { return nil }
    let digits = parts.joined()
    guard let numerator = Int128(digits.isEmpty ? "0" : digits) else { return nil }
    var denominator: Int128 = 1
    for _ in 0..<(parts.count == 2 ? parts[1].count : 0) { denominator *= 10 }
    return Fraction(numerator, denominator)
  }

  /// A number a rule file wrote as a decimal (`0.78`, `1`), exactly as written: the double's
  /// shortest decimal form, which is the literal read (0.78 is 39/50, not the double nearest
  /// it); nil when that form has an exponent or a sign. Cost: O(digits).
  package static func written(_ value: Double) -> Fraction? {
    guard value.isFinite, value >= 0 else { return nil }
    return decimal(Substring(String(describing: value)))
  }

  /// The nearest double (for printing and ordering; comparisons of equality use the exact value).
  package var doubleValue: Double { Double(numerator) / Double(denominator) }

  /// `7/121`, or `3` for a whole number.
  package var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
