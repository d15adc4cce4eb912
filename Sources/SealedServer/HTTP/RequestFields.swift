import Foundation
import SealedSupport

/// The fields a request body may hold, place by place: a field the app does not know is refused
/// naming it, where it was ignored (`{"deck": "alice", "card": "war #253", "change": "add",
/// "count": 5}` added one card).
protocol RequestFields {
  /// The fields of the body's object, by path: `""` for the body itself, `"deck"` for an object
  /// under `deck`, `"deck.cards[]"` for each object of the array `deck.cards`.
  static var fields: [String: [String]] { get }
}

extension RequestFields {
  /// Throws a 400 naming the first field of `body` (a JSON object's bytes) not among `fields`
  /// (of several, an object's own before those inside its values, each by name:
  /// `JSONUnknownField`). Cost: one parse of the body.
  static func check(_ body: Data) throws(APIError) {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: body)
    } catch {
      // A value the decoder of the request's fields skipped and this parser refuses (a number
      // past a double's range, a lone surrogate): refused, not let through unchecked.
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
      throw APIError.badRequest("request body: a value that cannot be read (\(detail.trimmingCharacters(in: CharacterSet(charactersIn: "."))))")
    }
    guard let found = JSONUnknownField.first(in: object, places: fields) else { return }
    // Named with its array's index (`deck.cards[0].x`), as a wrong value's field is.
    let field = found.path
    let allowed = (fields[found.place] ?? []).joined(separator: ", ")
    throw APIError.badRequest("request body: field \(field): unknown; expected \(allowed)")
  }
}

/// A draft's fields, under whatever field holds it.
enum DraftFields {
  static func fields(under name: String) -> [String: [String]] {
    [name: ["set", "rules", "seed", "player", "booster_max", "cards"], "\(name).cards[]": ["id", "copies"]]
  }
}
