import Foundation
@testable import SealedSupport
@testable import SealedCards
import SealedTestSupport
import Testing

@Suite struct JSONSyntaxTests {
  static let sample = """
    {"format": "sealed-deck", "version": 1, "cards": [
      {"name": "Island \\"x\\" \\u00e9", "copies": 3, "ratio": -1.5e-3, "ok": true, "none": null},
      [], {}, [0, 10, 2.5E+2]
    ]}
    """

  @Test func everyCutOfAValidTextIsRefusedAtItsEnd() throws {
    let bytes = Array(Self.sample.utf8)
    #expect(JSONSyntax.firstProblem(in: Data(bytes)) == nil)
    for length in 0..<bytes.count {
      let cut = Data(bytes[..<length])
      let problem = JSONSyntax.firstProblem(in: cut)
      // A prefix that ends right after a complete top-level number would be valid; none here.
      #expect(problem?.offset == length, "cut at \(length)")
      #expect(problem?.message == "unexpected end of file: the file is cut short", "cut at \(length)")
    }
  }

  /// Random one-byte changes: the validator and JSONSerialization agree on which texts are JSON,
  /// except where Foundation's parser is more lenient than RFC 8259: it takes a trailing comma
  /// before `]` or `}`, which the validator refuses (as JSON does).
  @Test func agreesWithJSONSerializationOnRandomChanges() throws {
    var random = TestRandom(seed: 7)
    let bytes = Array(Self.sample.utf8)
    let alphabet = Array("{}[]\",:0123456789.eE+-tfnul \\x\n".utf8) + [0x00, 0x1F, 0xC3]
    var invalid = 0
    for _ in 0..<3000 {
      var changed = bytes
      let position = Int.random(in: 0..<changed.count, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: changed[position] = alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
      case 1: changed.remove(at: position)
      default: changed.insert(alphabet[Int.random(in: 0..<alphabet.count, using: &random)], at: position)
      }
      let data = Data(changed)
      let parses = (try? JSONSerialization.jsonObject(with: data)) != nil
      // Invalid UTF-8 is left to the decoder; compare only valid UTF-8 texts.
      guard let text = String(validating: changed, as: UTF8.self) else { continue }
      if parses, text.contains(/,\s*[\]}]/) {
        #expect(JSONSyntax.firstProblem(in: data) != nil, "a trailing comma is not JSON: \(text)")
        continue
      }
      #expect((JSONSyntax.firstProblem(in: data) == nil) == parses, "\(String(decoding: changed, as: UTF8.self))")
      if !parses { invalid += 1 }
    }
    #expect(invalid > 1000)
  }

  @Test func aCutCardFileNamesItsLineAndColumn() throws {
    let dir = try Fixtures.temporaryDirectory()
    let text = "[\n" + Fixtures.cardJSON(number: "1", name: "One") + ",\n" + Fixtures.cardJSON(number: "2", name: "Two") + "\n]\n"
    let cut = String(text.prefix(text.count - 20))
    let path = try Fixtures.write(cut, to: "cut.json", in: dir)
    let lastLine = cut.split(separator: "\n", omittingEmptySubsequences: false).last!
    #expect(throws: DataError(
      "malformed JSON (unexpected end of file: the file is cut short); expected a JSON array of Scryfall card objects",
      at: "\(path):3:\(lastLine.count + 1)")) { try CardFileReader.read(path: path) }
    let garbage = try Fixtures.write("\u{0}\u{1} garbage", to: "garbage.json", in: dir)
    #expect(throws: DataError("malformed JSON (expected a value, found byte 0x00); expected a JSON array of Scryfall card objects", at: "\(garbage):1:1")) {
      try CardFileReader.read(path: garbage)
    }
  }
}
