import SealedDecks

/// A saved pool or deck as the app lists it (`GET /api/decks`, the catalog's `decks`):
/// `sealed decks --format json`'s fields, with the seed a string of digits, as everywhere in the
/// API (a 64-bit seed does not fit a JavaScript number).
struct DeckListing: Encodable, Sendable {
  let listing: Library.Listing

  enum CodingKeys: String, CodingKey {
    case kind, name, set, rules, seed, cards, note
    case setName = "set_name"
    case createdAt = "created_at"
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(listing.kind, forKey: .kind)
    try container.encode(listing.name, forKey: .name)
    try container.encodeIfPresent(listing.set, forKey: .set)
    try container.encodeIfPresent(listing.setName, forKey: .setName)
    try container.encodeIfPresent(listing.rules, forKey: .rules)
    try container.encodeIfPresent(listing.seed.map(String.init), forKey: .seed)
    try container.encodeIfPresent(listing.cards, forKey: .cards)
    try container.encode(listing.note, forKey: .note)
    try container.encodeIfPresent(listing.createdAt, forKey: .createdAt)
  }

  /// The library's listing, each entry as the app sends it.
  static func all(_ listings: [Library.Listing]) -> [DeckListing] { listings.map(DeckListing.init) }
}
