import SealedSupport
import SealedReports
import Testing

/// The page prints a number from its typed value through `CSVNumber`, and `sealed report DIR`
/// reads the CSV's text back into that value: reading the text and formatting it again must
/// give the same text, or the page of a folder would differ from the page its command wrote.
@Suite struct CSVNumberRoundTripTests {
  static let edges: [Double] = [
    0, -0.0, 1, -1, 0.1, 1.0 / 3, 2.0 / 3, 0.78, 1e-300, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e15, 1e15 - 1, 123_456_789_012_345_680,
    .greatestFiniteMagnitude, 0.999999, 4.056, -6.1, .nan, .infinity, -.infinity,
  ]

  func values() -> [Double] {
    var generator = SystemRandomNumberGenerator()
    var values = Self.edges
    for _ in 0..<20_000 {
      let bits = UInt64.random(in: 0 ... .max, using: &generator)
      let value = Double(bitPattern: bits)
      values.append(value)
      values.append(Double.random(in: 0...1, using: &generator))
      values.append((Double.random(in: -40...40, using: &generator) * 1e6).rounded() / 1e6)
    }
    return values
  }

  @Test func formattedTextReadBackFormatsTheSame() throws {
    for value in values() {
      for format in [CSVNumber.format(_:) as (Double) -> String, CSVNumber.decimal] {
        let text = format(value)
        let read = try #require(Double(text), "\(text) does not read back")
        #expect(format(read) == text, "\(value): \(text) read back as \(read), formatted \(format(read))")
        #expect(read.isNaN ? value.isNaN : read == value, "\(value) → \(text) → \(read)")
      }
    }
  }
}
