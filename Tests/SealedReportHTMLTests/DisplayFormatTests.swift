@testable import SealedReportHTML
import Testing

/// How the page shows the CSV's numbers: integers as they are, at most 4 significant digits.
@Suite struct DisplayFormatTests {
  @Test(arguments: [
    ("6000000", "6000000"), ("0.001", "0.001"), ("0.7801234", "0.7801"), ("125.4321", "125.4"), ("1", "1"),
    ("0.04385123", "0.04385"), ("1.0000000000000002", "1"), ("6.776263578034403e-27", "6.776e-27"), ("1e-300", "1e-300"),
    ("0", "0"), ("-0.25", "-0.25"), ("pass", "pass"), ("", ""), ("12345678.9", "1.235e7"),
  ])
  func numbersKeepFourSignificantDigits(_ value: String, _ shown: String) {
    #expect(ReportPage.display(value) == shown)
  }
}
