import Foundation
import SealedSupport
import Testing

@Suite struct JSONUnknownFieldTests {
  static let places: [String: [String]] = [
    "": ["name", "cards", "pool"], "cards[]": ["id", "copies"], "pool": ["boosters"], "pool.boosters[]": ["cards"],
    "pool.boosters[].cards[]": ["id"],
  ]

  static func first(_ json: String) throws -> JSONUnknownField.Found? {
    JSONUnknownField.first(in: try JSONSerialization.jsonObject(with: Data(json.utf8)), places: places)
  }

  @Test func aValueOfKnownFieldsHasNone() throws {
    #expect(try Self.first(#"{"name": "x", "cards": [{"id": 1, "copies": 2}], "pool": {"boosters": [{"cards": [{"id": 3}]}]}}"#) == nil)
    #expect(try Self.first(#"[1, "two", null]"#) == nil)
  }

  @Test func anUnknownFieldIsNamedWithItsPlaceAndIndexedPath() throws {
    let found = try Self.first(#"{"pool": {"boosters": [{"cards": []}, {"cards": [{"id": 1}, {"id": 2, "foil": true}]}]}}"#)
    #expect(found?.place == "pool.boosters[].cards[]")
    #expect(found?.key == "foil")
    #expect(found?.path == "pool.boosters[1].cards[1].foil")
    #expect(try Self.first(#"{"cards": [{"id": 1, "note": "mine"}]}"#)?.path == "cards[0].note")
  }

  @Test func anObjectsOwnFieldsComeBeforeItsValuesAndKeysInOrder() throws {
    // "zzz" is the top object's and found before "cards[0].b"; of two unknown fields, the first by name.
    #expect(try Self.first(#"{"cards": [{"b": 1}], "zzz": 1}"#)?.path == "zzz")
    #expect(try Self.first(#"{"cards": [{"b": 1, "a": 2}]}"#)?.path == "cards[0].a")
  }

  @Test func placesTheSchemaDoesNotNameAreNotLookedInto() throws {
    // `name` holds an object here, at the place "name" the schema does not name.
    #expect(try Self.first(#"{"name": {"anything": 1}, "cards": [[{"id": 1}]]}"#) == nil)
  }
}
