import Foundation

/// Card image addresses that still work. Scryfall served card images from `img.scryfall.com`
/// until it retired that host; data captured before then (the card data shipped with Sealed,
/// pools saved from it) still names it. Scryfall's deprecation notice recommends its API's image
/// request, `https://api.scryfall.com/cards/{set}/{number}?format=image`, rather than guessing new
/// paths, so an address on the retired host becomes that request, with the size (`version`) and
/// face its path named. Any other address (`cards.scryfall.io` in current data) is kept as it is.
public enum ScryfallImage {
  /// The retired image host.
  public static let retiredHost = "img.scryfall.com"

  /// Whether `url` names the retired host.
  public static func isRetired(_ url: String) -> Bool {
    URLComponents(string: url)?.host?.lowercased() == retiredHost
  }

  /// The sizes Scryfall's image request takes as `version`.
  static let versions: Set<String> = ["small", "normal", "large", "png", "art_crop", "border_crop"]

  /// `url` unchanged, or, when it names the retired host, Scryfall's image request for card
  /// `number` of `set` (lower case): `…/cards/war/100?format=image&version=normal`, with
  /// `&face=back` for a back face's image.
  public static func current(_ url: String, set: String, number: String) -> String {
    guard isRetired(url), let old = URLComponents(string: url) else { return url }
    // Retired paths read /cards/{version}/{front|back}/x/y/{id}.jpg, or, older,
    // /cards/{version}/{lang}/{set}/{number}.jpg with `a` and `b` after a two-faced card's number.
    let parts = old.path.split(separator: "/").map(String.init)
    let version = parts.count > 1 && parts[0] == "cards" && versions.contains(parts[1]) ? parts[1] : nil
    let folder = parts.count > 2 ? parts[2] : ""
    let stem = parts.last.map { $0.split(separator: ".").first.map(String.init) ?? $0 } ?? ""
    let back = folder == "back" || (parts.count == 5 && stem.lowercased() == number.lowercased() + "b")
    let language = parts.count == 5 && folder.count == 2 && folder != "en" ? "/\(folder)" : ""
    var request = URLComponents()
    request.scheme = "https"
    request.host = "api.scryfall.com"
    request.path = "/cards/\(set.lowercased())/\(number)\(language)"
    var query = [URLQueryItem(name: "format", value: "image")]
    if let version { query.append(URLQueryItem(name: "version", value: version)) }
    if back { query.append(URLQueryItem(name: "face", value: "back")) }
    request.queryItems = query
    return request.string ?? url
  }

  /// `images` (by size) with each address made current.
  static func current(_ images: [String: String], set: String, number: String) -> [String: String] {
    images.mapValues { current($0, set: set, number: number) }
  }
}
