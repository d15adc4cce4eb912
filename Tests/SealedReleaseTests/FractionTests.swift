import Testing
@testable import SealedRelease

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
}
