import Foundation
import SealedSupport
import SealedRules
import SealedDecks
import SealedJobs

/// What the app does with decks, each through the library: a draft's deck is rebuilt from its
/// pool with `Deck.add`, so the deck rules are the library's; a saved deck is read, changed and
/// written back under the library's lock (`Library.withLock`), so that edits from many clients
/// and from `sealed deck` all count.
struct DeckService: Sendable {
  let plans: PlanCache
  let access: LibraryAccess

  /// The deck `reference` names. Cost: a saved deck's file read, or a draft's pool opened and
  /// its cards added.
  func deck(_ reference: DeckReference) async throws(APIError) -> Deck {
    switch reference {
    case .saved(let name):
      return try await library { try $0.deck(name) }
    case .draft(let draft):
      return try self.deck(draft)
    }
  }

  /// The deck of a draft: player `player`'s pool of the seed, holding exactly the draft's cards
  /// (a new draft, without cards, holds the pool's rares and mythics, as a saved deck starts).
  func deck(_ draft: DraftReference) throws(APIError) -> Deck {
    guard (1...DraftReference.maximumPlayers).contains(draft.player) else {
      throw APIError.badRequest("player \(draft.player): expected 1 to \(DraftReference.maximumPlayers)")
    }
    if let boosterMax = draft.booster_max, boosterMax < 1 {
      throw APIError.badRequest("Booster range \(boosterMax): expected a collector number of at least 1 (boosters draw from 1 to it)")
    }
    let opening = try plans.opening(set: draft.set, rules: draft.rules, boosterMax: draft.booster_max, seed: draft.seed)
    let opened = opening.pools(draft.player)[draft.player - 1]
    let pool = SavedPool(
      opened: opened, plan: opening.plan, seed: opening.seed, place: draft.player, boosterMax: draft.booster_max,
      setCards: opening.loaded.set.cards, toolVersion: SealedVersion.current)
    var deck = Deck(name: draft.defaultName, pool: pool, poolName: draft.defaultName)
    guard let cards = draft.cards else { return deck }
    // The page sends what it shows; copies outside a deck's range is a malformed request, said
    // in the request's words rather than `sealed deck add --count`'s.
    if let bad = cards.first(where: { !(1...Deck.maximumCards).contains($0.copies) }) {
      throw APIError.badRequest("copies \(bad.copies) of card \"\(bad.id)\": expected 1 to \(Deck.maximumCards)")
    }
    return try APIError.refusing { () throws -> Deck in
      for entry in deck.cards { try deck.remove(entry.card, count: entry.copies) }
      for entry in cards { try deck.add(try Self.card(entry.id, in: deck), count: entry.copies) }
      return deck
    }
  }

  /// The card of `deck`'s pool (or a basic land) whose id is `id`, its set code in any case
  /// (`WAR #253`), or a 404 naming it.
  static func card(_ id: String, in deck: Deck) throws(APIError) -> PoolCard {
    let match = deck.choices.first { $0.label == id } ?? deck.choices.first { $0.label.lowercased() == id.lowercased() }
    guard let card = match else {
      throw APIError.notFound("no card \"\(id)\" in the pool of deck \(deck.name); expected an id such as \"\(deck.choices.first?.label ?? "war #1")\"")
    }
    return card
  }

  /// Adds (or removes) one copy of card `id`, and returns the deck's view. A saved deck is
  /// changed in the library, a draft only in the reply.
  func edit(_ reference: DeckReference, card id: String, adding: Bool) async throws(APIError) -> DeckView {
    switch reference {
    case .saved(let name):
      let deck = try await library { library in
        try library.withLock(creating: false) { () throws -> Deck in
          var deck = try library.deck(name)
          let card = try Self.card(id, in: deck)
          if adding { try deck.add(card) } else { try deck.remove(card) }
          try library.saveChanged(&deck)
          return deck
        }
      }
      return DeckView(deck, draft: nil)
    case .draft(var draft):
      var deck = try self.deck(draft)
      try APIError.refusing {
        let card = try Self.card(id, in: deck)
        if adding { try deck.add(card) } else { try deck.remove(card) }
      }
      draft.cards = deck.cards.map { DraftReference.Card(id: $0.card.label, copies: $0.copies) }
      return DeckView(deck, draft: draft)
    }
  }

  /// Saves a draft as pool and deck `name` (both or neither; refused when either name is
  /// taken), and returns the saved deck's view. A pool `name` without a deck of that name that
  /// holds the same opening (the pool of a deck deleted earlier, as deleting keeps the pool) is
  /// the new deck's: only the deck is written.
  func save(_ draft: DraftReference, as name: String) async throws(APIError) -> DeckView {
    let built = try deck(draft)
    let deck = try await library { library in
      try library.withLock { () throws -> Deck in
        try Library.validate(name: name, for: .deck)
        var deck = built
        deck.name = name
        deck.poolName = name
        if !library.exists(.deck, name), library.exists(.pool, name), let kept = try? library.pool(name), kept.isSameOpening(as: built.pool) {
          try library.save([Library.file(for: deck)])
        } else {
          try library.checkFreeName(name, replacing: false)
          try library.save([Library.file(for: deck.pool, named: name), Library.file(for: deck)])
        }
        return deck
      }
    }
    return DeckView(deck, draft: nil)
  }

  /// Copies saved deck `name` as `new` (`sealed deck duplicate`).
  func duplicate(_ name: String, as new: String) async throws(APIError) -> DeckView {
    let deck = try await library { try $0.duplicateDeck(name, as: new, replacing: false) }
    return DeckView(deck, draft: nil)
  }

  /// Deletes saved deck `name` (its pool stays, as with `sealed deck delete`), or with `.pool`
  /// saved pool `name` (its decks keep their own copy, as with `sealed deck delete --pool`).
  func delete(_ name: String, kind: Library.Kind = .deck) async throws(APIError) {
    try await library { library in
      try Library.validate(name: name, for: kind)
      try library.withLock(creating: false) { try library.delete(kind, name) }
    }
  }

  /// The saved pools and decks, as `sealed decks` lists them.
  func listing() async throws(APIError) -> [Library.Listing] {
    try await library { $0.listing() }
  }

  /// Runs `body` on the library's queue, turning its errors into refusals.
  func library<T: Sendable>(_ body: @escaping @Sendable (Library) throws -> T) async throws(APIError) -> T {
    do {
      return try await access.run { library in try APIError.refusing { try body(library) } }
    } catch let error as APIError {
      throw error
    } catch {
      throw APIError(.unprocessableContent, "\(error)")
    }
  }
}
