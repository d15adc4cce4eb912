import SealedSupport
import Testing

/// The forms a count takes: `_` only between two digits (found by an independent review:
/// `_1000`, `1000_` and `1__000` were read as 1000).
@Suite struct WholeNumberFormTests {
  @Test func underscoresGoBetweenDigits() {
    for text in ["1_000", "10_000_000", "1_0e3", "+1_000", "2.5_0e3"] {
      #expect(WholeNumber.parse(text) != .notANumber, "\(text)")
    }
    #expect(WholeNumber.parse("1_000") == .value(negative: false, magnitude: 1000))
    for text in ["_1000", "1000_", "1__000", "1_e3", "1e_3", "-_1", "_", "1._5"] {
      #expect(WholeNumber.parse(text) == .notANumber, "\(text)")
    }
  }

  /// An empty value is quoted in the message (it left a stray space: `--pools : expected`).
  @Test func anEmptyValueIsQuoted() {
    let empty = WholeNumber(argument: "")
    let count = #expect(throws: DataError.self) { try empty.value("--pools", in: 1...10, expected: "1 to 10") }
    #expect(count?.message.hasPrefix("--pools \"\": expected 1 to 10") == true, "\(String(describing: count))")
    let seed = #expect(throws: DataError.self) { try empty.seedValue("--seed") }
    #expect(seed?.message.hasPrefix("--seed \"\": expected a seed") == true, "\(String(describing: seed))")
  }
}
