@testable import SealedReportHTML
import SealedVerdicts
import Testing

/// How the page shows the CSV's numbers: integers as they are, at most 4 significant digits.
@Suite struct DisplayFormatTests {
  @Test(arguments: [
    ("6000000", "6000000"), ("0.001", "0.001"), ("0.7801234", "0.7801"), ("125.4321", "125.4"), ("1", "1"),
    ("0.04385123", "0.04385"), ("1.0000000000000002", "1"), ("6.776263578034403e-27", "6.776e-27"), ("1e-300", "1e-300"),
    ("0", "0"), ("-0.25", "-0.25"), ("pass", "pass"), ("", ""), ("12345678.9", "1.235e7"),
    // Ties of the exact binary value round to even, as printf's %.4g does for the terminal's
    // tables (0.015625 = 2^-6); 9.9996 rounds up to the next decade.
    ("0.015625", "0.01562"), ("1.0625", "1.062"), ("-0.015625", "-0.01562"), ("9.9996", "10"), ("99999999.5", "1e8"),
    // Near a decade the exponent follows the rounding (the hand-made form gave 10e-5); too large
    // for a Double, the text as it is.
    ("0.000099996", "1e-4"), ("-1.5e-5", "-1.5e-5"), ("9999999.6", "10000000"), ("-0.0", "0"), ("1e400", "1e400"),
  ])
  func numbersKeepFourSignificantDigits(_ value: String, _ shown: String) {
    #expect(ReportPage.display(value) == shown)
  }

  /// An interval and its expected value get the digits that keep their order (found by a
  /// review: a failing claim at 0.18032 showed 0.1803 beside a bound of 0.1803); a level, every
  /// digit (0.99990909 and 0.9999 both read 0.9999).
  @Test func intervalsKeepTheirOrderAndLevelsTheirDigits() {
    let digits = ReportPage.intervalDigits(low: "0.1536", expected: "0.18032", high: "0.180314")
    #expect(digits == 5)
    #expect(ReportPage.display("0.18032", digits: digits) == "0.18032" && ReportPage.display("0.180314", digits: digits) == "0.18031")
    #expect(ReportPage.intervalDigits(low: "0.1536", expected: "0.18032", high: "0.1811") == 4)
    #expect(ReportPage.intervalDigits(low: "", expected: "0.5", high: "") == 4)
    #expect(ReportPage.display("0.9999090909090909", digits: 10) == "0.9999090909")
    #expect(ReportPage.display("0.9999", digits: 10) == "0.9999")
  }

  /// An adjusted p-value gets the digits that keep it on its side of alpha: 0.00099996 read
  /// 0.001 on a failing row at alpha 0.001 (found by a review).
  @Test func anAdjustedPValueStaysOnItsSideOfAlpha() {
    func check(_ p: Double) -> CheckResult {
      CheckResult(name: "c", kind: .binomial, source: .rules, n: 10, pValue: p, pAdjusted: p, alpha: 0.001, verdict: p < 0.001 ? .fail : .pass)
    }
    #expect(ReportPage.display("0.00099996", digits: ReportPage.pDigits(check(0.00099996))) == "0.00099996")
    #expect(ReportPage.pDigits(check(0.0123456)) == 4)
    #expect(ReportPage.pDigits(check(0.001)) == 4)
  }
}
