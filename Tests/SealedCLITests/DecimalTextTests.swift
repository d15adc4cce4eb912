import ArgumentParser
import Testing

@testable import SealedCLI

/// Decimal options read plain decimal text only: Swift's Double parsing took hex, inf and nan,
/// and read 1e-400 as 0, which `--alpha` then echoed as "--alpha 0".
@Suite struct DecimalTextTests {
  @Test(arguments: [("0.01", 0.01), (".5", 0.5), ("1e-3", 0.001), ("5", 5), ("-0.5", -0.5), ("2.", 2), ("0", 0), ("0e5", 0)])
  func plainDecimalsAreRead(_ text: String, _ value: Double) throws {
    #expect(try DecimalText.parse(text) == value)
  }

  @Test(arguments: ["abc", "0x1p-3", "inf", "nan", "1e", "", " 0.1", "1_000", "1e-400", "1e400"])
  func otherTextIsRefused(_ text: String) {
    #expect(throws: ValidationError.self) { try DecimalText.parse(text) }
  }

  @Test func theCommandLineSaysWhatIsWrongInOneLine() throws {
    do {
      _ = try SealedCommand.parseAsRoot(["check", "war", "--alpha", "1e-400"])
      Issue.record("--alpha 1e-400 was accepted")
    } catch {
      #expect(SealedCommand.message(for: error) == "The value '1e-400' is invalid for '--alpha <a>': too small a number to hold (it would read as 0)")
    }
  }
}
