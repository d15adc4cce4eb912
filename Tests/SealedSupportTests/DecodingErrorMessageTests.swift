import Foundation
import SealedSupport
import Testing

@Suite struct DecodingErrorMessageTests {
  private struct Card: Decodable {
    var name: String
    var copies: Int
    var seed: UInt64?
    var weight: Double?
    var foil: Bool?
    var colors: [String]?
    var images: [String: String]?
    var faces: [Face]?
  }

  private struct Face: Decodable {
    var name: String
  }

  private struct Deck: Decodable {
    var cards: [Card]
  }

  /// The error `JSONDecoder` throws for `json`, worded by the formatter.
  private func message(_ json: String, path: [any CodingKey]? = nil, quoted: Bool = false) -> String {
    do {
      _ = try JSONDecoder().decode(Deck.self, from: Data(json.utf8))
      return "decoded"
    } catch {
      return DecodingErrorMessage.describe(error, path: path, quoted: quoted)
    }
  }

  private func deck(_ card: String) -> String { #"{"cards": [{"name": "A", "copies": 1}, "# + card + "]}" }

  @Test func aValueOfTheWrongTypeNamesTheFieldAndTheTypeInWords() {
    #expect(message(deck(#"{"name": "B", "copies": "eight"}"#)) == "field cards[1].copies: expected a whole number")
    #expect(message(deck(#"{"name": 5, "copies": 1}"#)) == "field cards[1].name: expected a string")
    #expect(message(deck(#"{"name": "B", "copies": 1, "seed": "x"}"#)) == "field cards[1].seed: expected a whole number")
    #expect(message(deck(#"{"name": "B", "copies": 1, "weight": "x"}"#)) == "field cards[1].weight: expected a number")
    #expect(message(deck(#"{"name": "B", "copies": 1, "foil": 1}"#)) == "field cards[1].foil: expected true or false")
    #expect(message(deck(#"{"name": "B", "copies": 1, "colors": "W"}"#)) == "field cards[1].colors: expected an array")
    #expect(message(deck(#"{"name": "B", "copies": 1, "faces": [5]}"#)) == "field cards[1].faces[0]: expected an object")
    #expect(message(deck(#"{"name": "B", "copies": 1, "images": {"small": 5}}"#)) == "field cards[1].images.small: expected a string")
  }

  @Test func aMissingKeyAndANullAreNamed() {
    #expect(message(deck(#"{"name": "B"}"#)) == "field cards[1].copies: missing")
    #expect(message(deck(#"{"name": "B", "copies": 1, "faces": [{}]}"#)) == "field cards[1].faces[0].name: missing")
    #expect(message(deck(#"{"name": null, "copies": 1}"#)) == "field cards[1].name: expected a string, found null")
  }

  @Test func theWholeFileOfTheWrongKind() {
    #expect(message("[1]") == "expected a JSON object at the top level")
    #expect(message("null") == "expected a JSON object at the top level, found null")
    #expect(message(#"{"cards": {}}"#) == "field cards: expected an array")
    #expect(message("{\"cards\": [}") == "malformed JSON")
  }

  @Test func aPathRelativeToTheCallersLocationAndQuotedNames() {
    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(_ name: String) { stringValue = name }
      init?(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
    let wrong = deck(#"{"name": "B", "copies": 1, "faces": [{"name": 5}]}"#)
    #expect(message(wrong, quoted: true) == #"field "cards[1].faces[0].name": expected a string"#)
    // The caller names the card (its line), so only the rest of the path is said.
    #expect(message(wrong, path: [Key("faces"), Key("name")], quoted: true) == #"field "faces.name": expected a string"#)
    // With nothing left to name, the value the location names was of the wrong kind.
    #expect(message(deck("5"), path: []) == "expected a JSON object")
  }

  @Test func otherErrorsAreTheirDescription() {
    #expect(DecodingErrorMessage.describe(DataError("no such file", at: "x.json")) == "x.json: no such file")
  }

  @Test func typeNamesAndPaths() {
    #expect(DecodingErrorMessage.typeName(Int.self) == "a whole number")
    #expect(DecodingErrorMessage.typeName(UInt64.self) == "a whole number")
    #expect(DecodingErrorMessage.typeName(Double.self) == "a number")
    #expect(DecodingErrorMessage.typeName([String: String].self) == "an object of strings")
    #expect(DecodingErrorMessage.typeName([Any].self) == "an array")
    #expect(DecodingErrorMessage.typeName([Any].self, whole: true) == "a JSON array")
    #expect(DecodingErrorMessage.typeName([String: Any].self) == "an object")
  }
}
