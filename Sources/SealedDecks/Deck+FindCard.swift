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
  /// copies left to add (or, removing, copies in the deck). A removal whose query names no
  /// card of the pool exactly looks among the deck's cards first, so "teyo" means the Teyo the
  /// deck holds (but "joust" is Joust, not the Jousting Dummy in the deck). Throws, with the
  /// name's totals, when the printings have too few copies. Cost: O(cards in the pool).
  package func copiesToEdit(_ query: String, count: Int, adding: Bool) throws(DataError) -> [(card: PoolCard, count: Int)] {
    var printings = exactPrintings(query, among: choices)
    if printings.isEmpty, !adding, let held = try? findPrintings(query, among: cards.map(\.card)) { printings = held }
    if printings.isEmpty { printings = try findPrintings(query, among: choices) }
    // A count out of range goes whole to one card, whose add or remove refuses it.
    guard printings.count > 1, count >= 1, count <= Self.maximumCards else { return [(printings[0], count)] }
    let rooms: [Int?] = printings.map { card in
      adding ? self.opened(card).map { $0 - copies(of: card) } : copies(of: card)
    }
    var left = count
    var edits: [(card: PoolCard, count: Int)] = []
    for (card, room) in zip(printings, rooms) where left > 0 {
      let taken = min(left, max(0, room ?? left))
      if taken > 0 { edits.append((card, taken)) }
      left -= taken
    }
    guard left > 0 else { return edits }
    let name = printings[0].name
    let held = printings.reduce(0) { $0 + copies(of: $1) }
    guard adding else { throw DataError("\(name): \(held) in the deck, cannot remove \(count)") }
    let opened = printings.reduce(0) { $0 + (self.opened($1) ?? 0) }
    let numbers = printings.map { "#\($0.collectorNumber ?? "-")" }.joined(separator: ", ")
    let room = opened - held
    throw DataError(
      "\(name): \(count > 1 ? "cannot add \(count): " : "")\(opened) opened (\(numbers)), \(held) already in the deck\(room > 0 && count > 1 ? "; \(room) more can go in" : "")")
  }

  /// The cards `query` names exactly among `candidates`: by collector number, or every
  /// printing of the name it spells whole; empty when none.
  private func exactPrintings(_ query: String, among candidates: [PoolCard]) -> [PoolCard] {
    let trimmed = query.trimmingCharacters(in: .whitespaces)
    let number = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
    if number.first?.isNumber == true, let card = candidates.first(where: { $0.collectorNumber == number }) { return [card] }
    let wanted = NameMatching.normalized(trimmed)
    return candidates.filter { NameMatching.normalized($0.name) == wanted }
  }

  /// The printings `query` names among `candidates`: one card, or every printing of one name
  /// (in the candidates' order). Throws as `findCard` says.
  private func findPrintings(_ query: String, among candidates: [PoolCard]) throws(DataError) -> [PoolCard] {
    let trimmed = query.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw DataError("expected a card name or collector number, found an empty string") }
    let exact = exactPrintings(trimmed, among: candidates)
    if !exact.isEmpty { return exact }
    let number = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
    if number.first?.isNumber == true {
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
