import Foundation
import Testing

@testable import SealedScryfall

@Suite struct JSONArrayScannerTests {
  /// Feeds `text` in chunks of `chunk` bytes and returns the elements, or the problem.
  func scan(_ text: String, target: JSONArrayScanner.Target = .topLevelArray, chunk: Int = 1) throws -> [JSONArrayScanner.Element] {
    var scanner = JSONArrayScanner(target: target)
    var elements: [JSONArrayScanner.Element] = []
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
      try scanner.feed(bytes[start..<min(start + chunk, bytes.count)]) { elements.append($0) }
      start += chunk
    }
    try scanner.finish()
    return elements
  }

  @Test(arguments: [1, 3, 4096])
  func splitsTopLevelObjectsWithTheirSetAndLanguage(chunk: Int) throws {
    let text = """
      [
      {"set":"war","lang":"en","name":"A \\"quoted\\" [name] {x}","card_faces":[{"set":"nope"}]},
      {"name":"B","set":"DOM","all_parts":[{"lang":"ja"}]}
      ]
      """
    let elements = try scan(text, chunk: chunk)
    #expect(elements.count == 2)
    #expect(elements[0].set == "war")
    #expect(elements[0].lang == "en")
    #expect(elements[1].set == "DOM")
    #expect(elements[1].lang == nil)
    #expect(elements[1].line == 3)
    let first = try JSONSerialization.jsonObject(with: Data(elements[0].bytes)) as? [String: Any]
    #expect(first?["name"] as? String == "A \"quoted\" [name] {x}")
  }

  @Test func findsTheDataArrayOfAListObject() throws {
    let text = #"{"object":"list","has_more":false,"data":[{"set":"war"},{"set":"war"}],"next":{"data":[1]}}"#
    let elements = try scan(text, target: .dataArrayOfObject, chunk: 7)
    #expect(elements.count == 2)
    #expect(elements.allSatisfy { $0.set == "war" })
  }

  @Test(arguments: [
    ("", "the input is empty"),
    ("[{\"set\":\"war\"}", "the input ends in the middle of the JSON (truncated?) after 1 complete elements"),
    ("[{\"set\":\"war\"},", "the input ends in the middle"),
    ("[{\"set\":\"wa", "the input ends in the middle"),
    ("[1]", "element 1 of the array is not a JSON object (found '1')"),
    ("{}", "expected a JSON array of card objects ('['), found '{'"),
    ("[{},]", "a trailing ',' before ']'"),
    ("[{} {}]", "expected ',' or ']' between array elements, found '{'"),
    ("[] x", "unexpected 'x' after the end of the JSON value"),
    ("\u{01}", "expected a JSON array of card objects ('['), found byte 0x1"),
  ])
  func reportsStructuralProblems(text: String, message: String) {
    #expect {
      try scan(text)
    } throws: { error in
      guard let problem = error as? JSONArrayScanner.Problem else { return false }
      return problem.message.hasPrefix(message)
    }
  }

  @Test func namesTheLineAndColumnOfAProblem() {
    #expect {
      try scan("[\n{\"a\":1},\n  7]")
    } throws: { error in
      let problem = error as? JSONArrayScanner.Problem
      return problem?.line == 3 && problem?.column == 3
    }
  }
}
