import Foundation
import SealedSupport
import Testing

/// The digits that keep an interval and its value in order: four where they do, more where
/// four would show a failing value equal to its bound.
@Suite struct OrderedRoundingTests {
  static func g(_ values: [Double]) -> (Int) -> [String] { { digits in values.map { String(format: "%.\(digits)g", $0) } } }

  @Test func theFewestDigitsThatKeepTheOrder() {
    // 0.18032 fails above a bound of 0.180314: four digits show both as 0.1803.
    let failing = [0.1536, 0.18032, 0.180314]
    #expect(!OrderedRounding.keepsOrder(Self.g(failing)(4), of: failing))
    #expect(OrderedRounding.fewestDigits(from: 4, of: failing, format: Self.g(failing)) == 5)
    // Equal numbers stay equal; a value inside its interval keeps four digits.
    #expect(OrderedRounding.fewestDigits(from: 4, of: [0.1, 0.2, 0.3], format: Self.g([0.1, 0.2, 0.3])) == 4)
    #expect(OrderedRounding.keepsOrder(["0.5", "0.5", "0.6"], of: [0.5, 0.5, 0.6]))
    #expect(!OrderedRounding.keepsOrder(["0.5", "0.5", "0.6"], of: [0.49, 0.5, 0.6]))
    // Text that reads as no number keeps any order; no digits at all: 17.
    #expect(OrderedRounding.keepsOrder(["inf", "0.5", "x"], of: [1, 0.5, 0]))
    #expect(OrderedRounding.fewestDigits(from: 4, of: [0.1, 0.2, 0.3]) { _ in ["0.3", "0.2", "0.1"] } == 17)
  }
}
