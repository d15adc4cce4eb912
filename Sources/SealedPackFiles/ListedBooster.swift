import SealedSupport

/// One card of an opened booster as a pack file states it, before it is resolved against card
/// data: a set code and collector number, a name, or both.
public struct ListedCard: Sendable, Equatable {
  /// The set code in lower case, when the file gives one (17lands' files name cards only).
  package var setCode: String?
  /// The collector number as written (`100`, `221a`, `★12`), when the file gives one.
  package var collectorNumber: String?
  /// The card's name as written, when the file gives one.
  package var name: String?
  /// Whether the copy is foil; nil when the file does not say.
  package var foil: Bool?
  /// Copies of this card in the booster (at least 1).
  package var count: Int
  /// The 1-based line of the file that lists it.
  package var line: Int

  package init(setCode: String? = nil, collectorNumber: String? = nil, name: String? = nil, foil: Bool? = nil, count: Int = 1, line: Int) {
    self.setCode = setCode
    self.collectorNumber = collectorNumber
    self.name = name
    self.foil = foil
    self.count = count
    self.line = line
  }
}

/// One opened booster as a pack file lists it.
public struct ListedBooster: Sendable, Equatable {
  /// How the file names the booster: the CSV's `booster` value, `booster N` for the N-th block
  /// of a text list, `draft ID pack N` for 17lands' data.
  package var label: String
  /// The 1-based line where the booster starts.
  package var line: Int
  public var cards: [ListedCard]

  package init(label: String, line: Int, cards: [ListedCard]) {
    self.label = label
    self.line = line
    self.cards = cards
  }

  /// Cards in the booster, counting copies.
  package var size: Int { cards.reduce(0) { $0 + $1.count } }
}
