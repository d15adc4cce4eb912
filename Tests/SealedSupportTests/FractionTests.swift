import Testing
@testable import SealedSupport

@Suite struct FractionTests {
  @Test func arithmeticIsExactAndInLowestTerms() throws {
    #expect(try Fraction(1, 6) + Fraction(1, 3) == Fraction(1, 2))
    #expect(try Fraction(2, 121) * Fraction(121, 4) == Fraction(1, 2))
    #expect(try Fraction(3, 4) / Fraction(3, 8) == Fraction(2))
    #expect(try Fraction(1, 2) - Fraction(1, 3) == Fraction(1, 6))
    #expect(Fraction(6, 4).description == "3/2")
    #expect(Fraction(4, 2).description == "2")
    #expect(Fraction.whole(14) == Fraction(14))
    #expect(Fraction.whole(1.5) == nil)
    #expect(Fraction.whole(-1) == nil)
  }

  @Test func aResultBeyond128BitsThrowsInsteadOfRounding() {
    let huge = Fraction(Int128(1) << 100, 1)
    #expect(throws: Fraction.Overflow.self) { _ = try huge * huge }
    let tiny = Fraction(1, Int128(1) << 100)
    #expect(throws: Fraction.Overflow.self) { _ = try tiny + Fraction(1, (Int128(1) << 100) - 1) }
  }

  @Test func comparisonIsExactWhereDoublesTie() throws {
    // 1/3 and 6004799503160661/18014398509481984 (the double nearest 1/3) differ by 2^-56 / 3.
    let third = Fraction(1, 3)
    let nearest = Fraction(6_004_799_503_160_661, 18_014_398_509_481_984)
    #expect(nearest < third)
    #expect(!(third < nearest))
    #expect(Fraction(67, 560) < Fraction(12, 100))  // dft-play's main mythics against 12%
    let big = Fraction(Int128(1) << 120, (Int128(1) << 120) + 1)
    #expect(big < Fraction.one)
  }

  @Test func decimalsAreReadExactly() {
    #expect(Fraction.decimal("12.5") == Fraction(25, 2))
    #expect(Fraction.decimal("0.0938") == Fraction(469, 5000))
    #expect(Fraction.decimal("13") == Fraction(13))
    #expect(Fraction.decimal(".5") == Fraction(1, 2))
    for bad in ["", ".", "1e3", "-1", "1.2.3", "12%", "abc"] { #expect(Fraction.decimal(Substring(bad)) == nil, "\(bad)") }
  }

  /// A rule file's decimal, read into a double, is the decimal written: 0.78 is 39/50 (the
  /// double itself is 0.78000000000000002665...), 0.1 is 1/10.
  @Test func aWrittenDecimalIsTheLiteralNotTheDouble() {
    #expect(Fraction.written(0.78) == Fraction(39, 50))
    #expect(Fraction.written(0.1) == Fraction(1, 10))
    #expect(Fraction.written(1) == .one)
    #expect(Fraction.written(0.92) == Fraction(23, 25))
    // An exponent form (what the double prints for 1e-05) or a sign is not read.
    #expect(Fraction.written(0.00001) == nil)
    #expect(Fraction.written(-0.5) == nil)
    #expect(Fraction.written(.infinity) == nil)
  }
}
