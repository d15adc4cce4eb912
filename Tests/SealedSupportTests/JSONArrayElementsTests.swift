import Foundation
import SealedSupport
import Testing

/// The top-level array's elements found byte by byte are the elements a JSON parser reads.
@Suite struct JSONArrayElementsTests {
  /// Each range, parsed alone, is the parser's element of the whole array.
  func expectElementsMatchTheParser(_ text: String) throws {
    let data = Data(text.utf8)
    let ranges = try #require(JSONArrayElements.ranges(in: data))
    let whole = try #require(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? NSArray)
    #expect(ranges.count == whole.count, "\(text)")
    for (index, range) in ranges.enumerated() where index < whole.count {
      let alone = try JSONSerialization.jsonObject(with: data[range], options: [.fragmentsAllowed])
      #expect(try Self.canonical(alone) == Self.canonical(whole[index]), "element \(index) of \(text): \(String(decoding: data[range], as: UTF8.self))")
    }
  }

  /// A parsed value written back with sorted keys, to compare two values.
  static func canonical(_ value: Any) throws -> Data {
    try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
  }

  @Test func findsEveryKindOfElement() throws {
    try expectElementsMatchTheParser(#"[1,-2.5e3 , "a" ,true,false,null,{"k":[1,2]},[[],{}], "]}{[,\"\\" ]"#)
    try expectElementsMatchTheParser(" \n[ {\"a\": \"x,y]\"} ,\n\t{\"b\": {\"c\": [\"}\"]}} ] \n")
    try expectElementsMatchTheParser("[]")
    try expectElementsMatchTheParser("[ ]")
    try expectElementsMatchTheParser("[7]")
    try expectElementsMatchTheParser(#"["é\u00e9😀", 0, 1e-7]"#)
  }

  /// Random arrays (seeded): nested values, strings holding brackets, commas, quotes, escapes
  /// and non-ASCII text, numbers and literals, with random whitespace between the tokens.
  @Test func randomArraysSplitAsTheParserReadsThem() throws {
    var rng = SplitMix(state: 42)
    for _ in 0..<400 {
      let count = Int(rng.next() % 6)
      let elements = (0..<count).map { _ in Self.randomValue(&rng, depth: 0) }
      let text = Self.space(&rng) + "[" + elements.map { Self.space(&rng) + $0 + Self.space(&rng) }.joined(separator: ",") + "]" + Self.space(&rng)
      try expectElementsMatchTheParser(text)
    }
  }

  struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static func space(_ rng: inout SplitMix) -> String {
    ["", "", " ", "\n", "\t ", "\r\n  "][Int(rng.next() % 6)]
  }

  static func randomValue(_ rng: inout SplitMix, depth: Int) -> String {
    let pieces = ["a", "]", "[", "{", "}", ",", ":", "\\\"", "\\\\", "\\n", "\\u00e9", "é", "😀", " "]
    switch rng.next() % (depth < 3 ? 7 : 4) {
    case 0: return ["true", "false", "null"][Int(rng.next() % 3)]
    case 1: return ["0", "-1", "12.5", "3e7", "-0.25E-3"][Int(rng.next() % 5)]
    case 2, 3: return "\"" + (0..<Int(rng.next() % 6)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined() + "\""
    case 4, 5:
      let items = (0..<Int(rng.next() % 4)).map { _ in space(&rng) + randomValue(&rng, depth: depth + 1) + space(&rng) }
      return "[" + items.joined(separator: ",") + "]"
    default:
      let items = (0..<Int(rng.next() % 4)).map { index in
        "\"k\(index)\"" + space(&rng) + ":" + space(&rng) + randomValue(&rng, depth: depth + 1)
      }
      return "{" + items.joined(separator: ",") + "}"
    }
  }

  @Test func aTopLevelThatIsNoArrayHasNoElements() {
    #expect(JSONArrayElements.ranges(in: Data(#"{"a": [1, 2]}"#.utf8)) == nil)
    #expect(JSONArrayElements.ranges(in: Data("  12".utf8)) == nil)
    #expect(JSONArrayElements.ranges(in: Data()) == nil)
  }

  /// Offsets count from the data's first byte, also in a slice that does not start at 0.
  @Test func offsetsCountFromTheDatasFirstByte() throws {
    let data = Data("xx[1, 22]".utf8).dropFirst(2)
    #expect(JSONArrayElements.ranges(in: data) == [1..<2, 4..<6])
  }
}
