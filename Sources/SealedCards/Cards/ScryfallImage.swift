import SealedSupport

/// Card image addresses that still work. Scryfall served card images from `img.scryfall.com`
/// until it retired that host; data captured before then (the card data shipped with Sealed,
/// pools saved from it) still names it. Scryfall's deprecation notice recommends its API's image
/// request, `https://api.scryfall.com/cards/{set}/{number}?format=image`, rather than guessing new
/// paths, so an address on the retired host becomes that request, with the size (`version`) and
/// face its path named. Any other address (`cards.scryfall.io` in current data) is kept as it is.
package enum ScryfallImage {
  /// The retired image host.
  package static let retiredHost = "img.scryfall.com"

  /// Whether `url` names the retired host. Cost: a comparison of its first characters.
  package static func isRetired(_ url: String) -> Bool {
    url.hasPrefix("https://\(retiredHost)/") || url.hasPrefix("http://\(retiredHost)/")
  }

  /// The sizes Scryfall's image request takes as `version`.
  static let versions: Set<Substring> = ["small", "normal", "large", "png", "art_crop", "border_crop"]

  /// `url` unchanged, or, when it names the retired host, Scryfall's image request for card
  /// `number` of `set` (lower case): `…/cards/war/100?format=image&version=normal`, with
  /// `&face=back` for a back face's image. Cost: a few string operations, no URL parsing.
  package static func current(_ url: String, set: String, number: String) -> String {
    guard isRetired(url) else { return url }
    // Retired paths read /cards/{version}/{front|back}/x/y/{id}.jpg, or, older,
    // /cards/{version}/{lang}/{set}/{number}.jpg with `a` and `b` after a two-faced card's number.
    let path = url.drop { $0 != ":" }.dropFirst(3).drop { $0 != "/" }.prefix { $0 != "?" && $0 != "#" }
    let parts = path.split(separator: "/")
    let folder = parts.count > 2 ? parts[2] : ""
    let stem = parts.last.map { $0.prefix { $0 != "." } } ?? ""
    let back = folder == "back" || (parts.count == 5 && stem.lowercased() == number.lowercased() + "b")
    var request = "https://api.scryfall.com/cards/\(encoded(set.lowercased()))/\(encoded(number))"
    if parts.count == 5 && folder.count == 2 && folder != "en" { request += "/\(encoded(String(folder)))" }
    request += "?format=image"
    if parts.count > 1 && parts[0] == "cards" && versions.contains(parts[1]) { request += "&version=\(parts[1])" }
    if back { request += "&face=back" }
    return request
  }

  /// Scryfall's image request for card `number` of `set` in the `normal` size, for a printing the
  /// card data has no image address of: `…/cards/eoe/350?format=image&version=normal`, which
  /// redirects to the image. Cost: a few string operations.
  package static func request(set: String, number: String) -> String {
    "https://api.scryfall.com/cards/\(encoded(set.lowercased()))/\(encoded(number))?format=image&version=normal"
  }

  /// `text` with every byte but ASCII letters, digits and `-._~` percent-encoded, for a path
  /// segment.
  private static func encoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return result
  }

  /// `images` (by size) with each address made current.
  static func current(_ images: [String: String], set: String, number: String) -> [String: String] {
    images.mapValues { current($0, set: set, number: number) }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
