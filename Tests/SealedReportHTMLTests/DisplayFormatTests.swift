@testable import SealedReportHTML
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
}
