import SealedSupport

extension Library {
  /// One saved pool or deck as `sealed decks` lists it: what it was opened from, its cards, and
  /// a note (a pool's boosters; a deck's pool, size and colours; or why its file cannot be read,
  /// in which case the other fields are nil).
  package struct Listing: Sendable, Encodable, Equatable {
    package let kind: Kind
    package let name: String
    package let set: String?
    package let setName: String?
    package let rules: String?
    package let seed: UInt64?
    package let cards: Int?
    package let note: String
    package let createdAt: String?

    enum CodingKeys: String, CodingKey {
      case kind, name, set, rules, seed, cards, note
      case setName = "set_name"
      case createdAt = "created_at"
    }
  }

  /// Every saved pool, then every deck, by name; a file that cannot be read is listed with the
  /// reason rather than stopping the listing. Cost: reads and decodes every file of the library.
  package func listing() -> [Listing] {
    names(.pool).map { name in
      do throws(DataError) {
        let pool = try pool(name)
        return Listing(
          kind: .pool, name: name, set: pool.set, setName: pool.setName, rules: pool.rules, seed: pool.seed,
          cards: pool.openedCount, note: "\(pool.boosters.count) boosters" + (pool.provenanceBeyondSeed.map { " · \($0)" } ?? ""),
          createdAt: pool.createdAt)
      } catch {
        return .unreadable(.pool, name: name, error)
      }
    }
      + names(.deck).map { name in
        do throws(DataError) {
          let deck = try deck(name)
          let summary = DeckSummary(deck)
          let note = "pool \(deck.poolName) · \(summary.sizeNote)" + (summary.colorIdentity.isEmpty ? "" : " · \(summary.colorIdentity)")
          return Listing(
            kind: .deck, name: name, set: deck.pool.set, setName: deck.pool.setName, rules: deck.pool.rules,
            seed: deck.pool.seed, cards: deck.size, note: note, createdAt: deck.createdAt)
        } catch {
          return .unreadable(.deck, name: name, error)
        }
      }
  }
}

extension Library.Listing {
  /// A file that cannot be read, listed with the reason.
  static func unreadable(_ kind: Library.Kind, name: String, _ error: DataError) -> Library.Listing {
    Library.Listing(
      kind: kind, name: name, set: nil, setName: nil, rules: nil, seed: nil, cards: nil, note: "unreadable: \(error.description)",
      createdAt: nil)
  }
}

extension Library.Kind: Encodable {}
