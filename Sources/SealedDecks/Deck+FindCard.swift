import SealedCards
import SealedSupport

extension Deck {
  /// The card the user means by `query` among the cards this deck may hold: a collector number
  /// (`12`, `#12`), a name (case-insensitive) or the unique beginning of a name. Throws a
  /// one-line error that lists the candidates when the beginning is ambiguous, or suggests the
  /// closest names when nothing matches.
  package func findCard(_ query: String) throws(DataError) -> PoolCard {
    let choices = self.choices
    let trimmed = query.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw DataError("expected a card name or collector number, found an empty string") }
    let number = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
    if number.first?.isNumber == true {
      if let card = choices.first(where: { $0.collectorNumber == number }) { return card }
      if number.allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLetter) }) {
        throw DataError("no card with collector number \(excerpt(number)) in the pool of deck \(name) (\(pool.set))")
      }
    }
    let wanted = NameMatching.normalized(trimmed)
    let exact = choices.filter { NameMatching.normalized($0.name) == wanted }
    if exact.count == 1 { return exact[0] }
    if exact.count > 1 { throw ambiguous(trimmed, exact) }
    let prefixed = choices.filter { NameMatching.normalized($0.name).hasPrefix(wanted) }
    if prefixed.count == 1 { return prefixed[0] }
    if prefixed.count > 1 { throw ambiguous(trimmed, prefixed) }
    let suggestion = NameMatching.suggestion(NameMatching.closest(to: trimmed, among: choices.map(\.name)))
    throw DataError("no card \(quotedExcerpt(trimmed, limit: 80)) in the pool of deck \(name)\(suggestion)")
  }

  private func ambiguous(_ query: String, _ cards: [PoolCard]) -> DataError {
    let shown = cards.prefix(5).map { "\($0.name) (#\($0.collectorNumber ?? "-"))" }
    let more = cards.count > 5 ? " and \(cards.count - 5) more" : ""
    return DataError(
      "\"\(query)\" matches \(cards.count) cards in the pool of deck \(name): \(shown.joined(separator: ", "))\(more); type more of the name or give the collector number")
  }
}
