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
      // Nothing but whitespace is an empty file, not a cut one.
      let empty = cut.allSatisfy { [0x20, 0x0A, 0x0D, 0x09].contains($0) }
      #expect(problem?.message == (empty ? "the file is empty" : "unexpected end of file: the file is cut short"), "cut at \(length)")
    }
  }

  /// Bytes inside a string that are no UTF-8 (a Latin-1 é, an overlong form, a surrogate, a
  /// sequence cut short) are refused at the byte, where the decoder said only "The given data was
  /// not valid JSON" at no line; well-formed sequences of 2, 3 and 4 bytes pass.
  @Test func aStringThatIsNotUTF8IsRefusedAtItsByte() throws {
    let prefix = Array("{\"name\": \"Caf".utf8)
    for good in [[0xC3, 0xA9], [0xE2, 0x98, 0x85], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x9F, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF]] as [[UInt8]] {
      #expect(JSONSyntax.firstProblem(in: Data(prefix + good + Array("\"}".utf8))) == nil, "\(good)")
    }
    for bad in [[0xE9], [0xC0, 0x80], [0xC3, 0x28], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80]] as [[UInt8]] {
      let problem = JSONSyntax.firstProblem(in: Data(prefix + bad + Array("\"}".utf8)))
      #expect(problem?.offset == prefix.count, "\(bad)")
      #expect(problem?.message == "\(JSONSyntax.describe(bad[0])) inside a string, which is not UTF-8 text; expected a file saved as UTF-8", "\(bad)")
      // JSONSerialization refuses them too.
      #expect((try? JSONSerialization.jsonObject(with: Data(prefix + bad + Array("\"}".utf8)))) == nil, "\(bad)")
    }
    // A sequence cut by the end of the file.
    #expect(JSONSyntax.firstProblem(in: Data(prefix + [0xE2, 0x98]))?.offset == prefix.count)
  }

  /// Random one-byte changes: the validator and JSONSerialization agree on which texts are JSON,
  /// except where Foundation's parser is more lenient than RFC 8259: it takes a trailing comma
  /// before `]` or `}`, which the validator refuses (as JSON does).
  @Test func agreesWithJSONSerializationOnRandomChanges() throws {
    let alphabet = Array("{}[]\",:0123456789.eE+-tfnul \\x\n".utf8) + [0x00, 0x1F, 0xC3]
    var invalid = 0
    for changed in OneByteChanges(of: Array(Self.sample.utf8), alphabet: alphabet, count: 3000, seed: 7) {
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

  /// An invalid escape names the byte after the backslash, printable or not; a line break there
  /// (found by FuzzBoosterData, Fuzz/Regressions/FuzzBoosterData) made a two-line message.
  @Test(arguments: [
    ("[\"a\\x\"]", "invalid escape \\x in a string"),
    ("[\"a\\\n\"]", "invalid escape \\ before byte 0x0A in a string"),
    ("[\"a\\\t\"]", "invalid escape \\ before byte 0x09 in a string"),
    ("[\"a\\\u{e9}\"]", "invalid escape \\ before byte 0xC3 in a string"),
  ])
  func anInvalidEscapeIsNamedOnOneLine(_ text: String, _ message: String) {
    #expect(JSONSyntax.firstProblem(in: Data(text.utf8))?.message == message)
  }

  /// Nesting past Foundation's limit is named at the first container too many, where the
  /// decoders said only "not valid JSON"; at the limit both read the text.
  @Test func nestingPastTheDecodersLimitIsNamed() throws {
    func nested(_ depth: Int) -> Data { Data(("{\"a\":" + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}").utf8) }
    let limit = JSONSyntax.maximumDepth
    #expect(JSONSyntax.firstProblem(in: nested(limit)) == nil)
    #expect((try? JSONSerialization.jsonObject(with: nested(limit))) != nil)
    #expect((try? JSONSerialization.jsonObject(with: nested(limit + 1))) == nil)
    #expect(
      JSONSyntax.firstProblem(in: nested(limit + 1))
        == .init(offset: 5 + limit - 1, message: "more than 512 arrays and objects nested, the most a JSON decoder here reads"))
  }

  /// A key twice in one object is refused where asked, at the second (compared as decoded);
  /// the same key in sibling objects, in an array's objects or at two depths is not a repeat,
  /// and nothing is refused unless asked.
  @Test func aKeyTwiceInOneObjectIsRefusedWhereAsked() throws {
    for text in [#"{"a":{"x":1},"b":{"x":2}}"#, #"[{"x":1},{"x":2}]"#, #"{"x":{"x":{"x":[]}}}"#, #"{"a":[1,{"a":2}],"b":{}}"#] {
      #expect(JSONSyntax.firstProblem(in: Data(text.utf8), refusingRepeatedKeys: true) == nil, "\(text)")
    }
    let twice = Data(#"{"a":1,"b":{"c":1,"\u0063":2}}"#.utf8)
    #expect(JSONSyntax.firstProblem(in: twice) == nil)
    let found = try #require(JSONSyntax.firstProblem(in: twice, refusingRepeatedKeys: true))
    #expect(found.offset == 18 && found.message == #"key "c" is written twice in one object; expected each key once"# && !found.malformed)
    #expect(throws: DataError(#"key "c" is written twice in one object; expected each key once"#, at: "body:1:19")) {
      try JSONSyntax.check(twice, source: "body", expected: "send JSON", refusingRepeatedKeys: true)
    }
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
