import Foundation
import Testing

/// JSON helpers for the tests: dictionaries and arrays out of replies and command output.
enum JSONValue {
  static func object(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
      throw TestFailure("expected a JSON object: \(text.prefix(300))")
    }
    return object
  }

  static func object(_ reply: HTTPReply) throws -> [String: Any] {
    guard reply.status / 100 == 2 else { throw TestFailure("HTTP \(reply.status): \(reply.text.prefix(500))") }
    return try object(reply.text)
  }

  static func array(_ reply: HTTPReply) throws -> [[String: Any]] {
    guard reply.status / 100 == 2, let array = try reply.json() as? [[String: Any]] else {
      throw TestFailure("HTTP \(reply.status), expected a JSON array: \(reply.text.prefix(500))")
    }
    return array
  }

  static func array(_ text: String) throws -> [[String: Any]] {
    guard let array = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else {
      throw TestFailure("expected a JSON array: \(text.prefix(300))")
    }
    return array
  }

  /// A JSON string literal of `text`.
  static func quoted(_ text: String) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
  }
}

extension RunningServer {
  /// The draft of player `player`'s pool of `set` under `rules` from `seed`, as the page sends it.
  static func draft(set: String = "war", rules: String = "sealed", seed: UInt64 = 1, player: Int = 1, cards: String? = nil) -> String {
    "{\"set\":\"\(set)\",\"rules\":\"\(rules)\",\"seed\":\"\(seed)\",\"player\":\(player)" + (cards.map { ",\"cards\":\($0)" } ?? "") + "}"
  }

  /// The deck view of `deck` (a JSON name or draft).
  func view(_ deck: String) throws -> [String: Any] {
    try JSONValue.object(post("/api/deck", json: "{\"deck\":\(deck)}"))
  }

  /// Adds (or removes) one copy of card `id` to `deck`; the reply as sent.
  func edit(_ deck: String, card id: String, change: String = "add") throws -> HTTPReply {
    try post("/api/deck/edit", json: "{\"deck\":\(deck),\"card\":\(JSONValue.quoted(id)),\"change\":\"\(change)\"}")
  }

  /// Saves the draft with `cards` (a JSON array, or nil for the rares and mythics) as `name`.
  func save(_ name: String, seed: UInt64 = 1, cards: String? = nil) throws -> [String: Any] {
    try JSONValue.object(post("/api/decks/save", json: "{\"deck\":\(Self.draft(seed: seed, cards: cards)),\"name\":\"\(name)\"}"))
  }
}

extension [String: Any] {
  /// The deck view's cards as (id, copies), in deck order.
  var deckCards: [(id: String, copies: Int)] {
    ((self["cards"] as? [[String: Any]]) ?? []).map { (($0["card"] as! [String: Any])["id"] as! String, $0["copies"] as! Int) }
  }

  var picker: [[String: Any]] { (self["picker"] as? [[String: Any]]) ?? [] }
}
