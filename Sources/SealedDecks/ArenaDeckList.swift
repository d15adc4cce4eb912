import SealedSupport

/// A deck as the text MTG Arena imports (Decks › Import) and exports, which most deck sites and
/// draft sites read and write too:
///
/// ```text
/// Deck
/// 1 Giant Growth (WAR) 162
/// 9 Island (WAR) 253
///
/// Sideboard
/// 2 Divine Arrow (WAR) 10
/// ```
///
/// The deck, then a blank line and the sideboard: the rest of the pool, every opened copy not in
/// the deck (basic lands, which sealed play gives in any number, are left out). Each line is
/// `COPIES NAME (SET) NUMBER`; a basic land the card data had no printing of is `COPIES NAME`.
/// Names are written as Arena writes them: both halves of a split card (`Assure // Assemble`),
/// the front face of every other card of two faces (adventures, double-faced cards).
package enum ArenaDeckList {
  /// The text of `deck`, ending with a line feed, or the refusal of an empty deck, as the
  /// Tabletop Simulator export refuses it (Arena's was a `Deck` heading over nothing: a review).
  /// Cost: linear in the pool's cards.
  package static func exported(_ deck: Deck) throws(DataError) -> String {
    guard deck.size > 0 else { throw Deck.emptyRefusal(deck.name) }
    return text(deck)
  }

  /// The text of `deck`, ending with a line feed. Cost: linear in the pool's cards.
  package static func text(_ deck: Deck) -> String {
    var lines = ["Deck"] + deck.cards.map { line(copies: $0.copies, card: $0.card) }
    let sideboard = self.sideboard(deck)
    if !sideboard.isEmpty {
      lines += ["", "Sideboard"] + sideboard.map { line(copies: $0.copies, card: $0.card) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The opened cards not in the deck, with their copies, by collector number; basic lands
  /// are left out.
  package static func sideboard(_ deck: Deck) -> [Deck.Entry] {
    deck.pool.cards.compactMap { entry in
      guard !entry.card.isUnlimited else { return nil }
      let left = entry.copies - deck.copies(of: entry.card)
      return left > 0 ? Deck.Entry(card: entry.card, copies: left) : nil
    }
  }

  /// `4 Card Name (SET) 123`.
  package static func line(copies: Int, card: PoolCard) -> String {
    guard let number = card.collectorNumber else { return "\(copies) \(name(of: card))" }
    return "\(copies) \(name(of: card)) (\(setCode(card.set))) \(number)"
  }

  /// The name Arena gives the card: a split card's (layout `split`: both halves are instants or
  /// sorceries, or both are Rooms) in full, `Assure // Assemble`; the front face of any other
  /// card of two faces (`Ardenvale Tactician` for `Ardenvale Tactician // Dizzying Swoop`).
  /// A saved pool keeps type lines, not Scryfall's layouts, so the faces' type lines decide.
  package static func name(of card: PoolCard) -> String {
    let names = card.name.components(separatedBy: " // ")
    guard names.count > 1 else { return card.name }
    let faces = card.typeLine.components(separatedBy: " // ")
    let split = faces.count == names.count && (faces.allSatisfy(isInstantOrSorcery) || faces.allSatisfy(isRoom))
    return split ? card.name : names[0]
  }

  /// The names of the deck's and sideboard's cards of several faces whose card data gives no
  /// type line per face (the field's card data gives `Instant` for `Fire // Ice`, nothing for
  /// a Room), so that `name(of:)` cannot tell a split card from a double-faced one and writes
  /// the front face: for a note beside the export. Sorted, each once. Cost: linear in the pool.
  package static func namesWithoutFaces(_ deck: Deck) -> [String] {
    let cards = deck.cards.map(\.card) + sideboard(deck).map(\.card)
    let unsure = cards.filter { card in
      let names = card.name.components(separatedBy: " // ").count
      return names > 1 && card.typeLine.components(separatedBy: " // ").count != names
    }
    return Set(unsure.map(\.name)).sorted()
  }

  /// The note beside an export whose deck holds such cards (`namesWithoutFaces`), nil when
  /// it holds none.
  package static func facesNote(_ deck: Deck) -> String? {
    let unsure = namesWithoutFaces(deck)
    guard !unsure.isEmpty else { return nil }
    let named = unsure.prefix(3).joined(separator: ", ") + (unsure.count > 3 ? " and \(unsure.count - 3) more" : "")
    let sets = Array(Set((deck.cards.map(\.card) + sideboard(deck).map(\.card)).filter { unsure.contains($0.name) }.map(\.set))).sorted()
    return "note: \(counted(unsure.count, "different card")) of two faces without a type line for each in the card data (\(named)) written by the front face, as Arena names a double-faced card; a split card, aftermath card or Room among them Arena names in full (Fire // Ice): sealed cards fetch \(sets.joined(separator: " ")) gets each face's type line, for pools opened afterwards"
  }

  /// The set code Arena uses, in capitals: Scryfall's, except Dominaria's (`dom`), which Arena
  /// calls `DAR`.
  package static func setCode(_ set: String) -> String {
    let code = set.uppercased()
    return arenaCodes[code] ?? code
  }

  /// Sets whose Arena code differs from Scryfall's.
  static let arenaCodes = ["DOM": "DAR"]

  private static func types(_ face: String) -> [Substring] {
    let beforeDash = face.split(separator: "—", maxSplits: 1).first ?? Substring(face)
    return beforeDash.lowercased().split(whereSeparator: { !$0.isLetter })
  }

  private static func isInstantOrSorcery(_ face: String) -> Bool {
    let types = types(face)
    return types.contains("instant") || types.contains("sorcery")
  }

  private static func isRoom(_ face: String) -> Bool {
    face.split(separator: "—", maxSplits: 1).dropFirst().first?.contains("Room") == true
  }
}
