import SealedCards
import SealedSupport

extension Deck {
  /// The card the user means by `query` among the cards this deck may hold: a collector number
  /// (`12`, `#12`), a name (case-insensitive) or the unique beginning of a name. Printings of
  /// one name (a set's two Golgari Guildgates) are that name's card: the first by collector
  /// number. Throws a one-line error that lists the candidates when the beginning is ambiguous,
  /// or suggests the closest names when nothing matches.
  package func findCard(_ query: String) throws(DataError) -> PoolCard {
    try findPrintings(query, among: choices)[0]
  }

  /// The copies an edit of `count` copies of `query` adds or removes, printing by printing:
  /// `query` resolved as `findCard` does, but a name printed more than once (two Golgari
  /// Guildgates) spread over its printings, in collector-number order, as far as each has
  /// copies left to add (or, removing, copies in the deck); a removal looks among the deck's
  /// cards first, so "teyo" means the Teyo the deck holds. Whatever does not fit goes to the
  /// first printing, whose `add` or `remove` then says why. Cost: O(cards in the pool).
  package func copiesToEdit(_ query: String, count: Int, adding: Bool) throws(DataError) -> [(card: PoolCard, count: Int)] {
    let inDeck = cards.map(\.card)
    let printings: [PoolCard]
    if !adding, let held = try? findPrintings(query, among: inDeck) {
      printings = held
    } else {
      printings = try findPrintings(query, among: choices)
    }
    // A count out of range goes whole to one card, whose add or remove refuses it.
    guard printings.count > 1, count >= 1, count <= Self.maximumCards else { return [(printings[0], count)] }
    var left = count
    var edits: [(card: PoolCard, count: Int)] = []
    for card in printings where left > 0 {
      let room = adding ? opened(card).map { $0 - copies(of: card) } ?? left : copies(of: card)
      let taken = min(left, max(0, room))
      if taken > 0 { edits.append((card, taken)) }
      left -= taken
    }
    guard left > 0 else { return edits }
    if let index = edits.firstIndex(where: { $0.card.id == printings[0].id }) { edits[index].count += left } else { edits.insert((printings[0], left), at: 0) }
    return edits
  }

  /// The printings `query` names among `candidates`: one card, or every printing of one name
  /// (in the candidates' order). Throws as `findCard` says.
  private func findPrintings(_ query: String, among candidates: [PoolCard]) throws(DataError) -> [PoolCard] {
    let trimmed = query.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw DataError("expected a card name or collector number, found an empty string") }
    let number = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
    if number.first?.isNumber == true {
      if let card = candidates.first(where: { $0.collectorNumber == number }) { return [card] }
      // An opened basic land of another art (war's Mountain #260) is the pool's basic land of
      // its name, which decks take (it said "no card with collector number 260").
      if let opened = pool.cards.map(\.card).first(where: { $0.isUnlimited && $0.collectorNumber == number }),
        let basic = candidates.first(where: { $0.isUnlimited && $0.name == opened.name })
      {
        return [basic]
      }
      if number.allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLetter) }) {
        throw DataError("no card with collector number \(excerpt(number)) in the pool of deck \(name) (\(pool.set))")
      }
    }
    let wanted = NameMatching.normalized(trimmed)
    let exact = candidates.filter { NameMatching.normalized($0.name) == wanted }
    if !exact.isEmpty { return exact }
    let prefixed = candidates.filter { NameMatching.normalized($0.name).hasPrefix(wanted) }
    if let first = prefixed.first {
      let name = NameMatching.normalized(first.name)
      if prefixed.allSatisfy({ NameMatching.normalized($0.name) == name }) { return prefixed }
      throw ambiguous(trimmed, prefixed)
    }
    let suggestion = NameMatching.suggestion(NameMatching.closest(to: trimmed, among: candidates.map(\.name)))
    throw DataError("no card \(quotedExcerpt(trimmed, limit: 80)) in the pool of deck \(name)\(suggestion)")
  }

  private func ambiguous(_ query: String, _ cards: [PoolCard]) -> DataError {
    let shown = cards.prefix(5).map { "\($0.name) (#\($0.collectorNumber ?? "-"))" }
    let more = cards.count > 5 ? " and \(cards.count - 5) more" : ""
    return DataError(
      "\"\(query)\" matches \(cards.count) cards in the pool of deck \(name): \(shown.joined(separator: ", "))\(more); type more of the name or give the collector number")
  }
}
