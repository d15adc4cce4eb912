import Testing
@testable import SealedRelease

@Suite struct FractionTests {
  @Test func addsAndReduces() throws {
    let sum = try Fraction(1, 6) + Fraction(1, 3)
    #expect(sum == Fraction(1, 2))
  }
}
