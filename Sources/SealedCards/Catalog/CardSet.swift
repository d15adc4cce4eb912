import SealedSupport

/// One set's cards together with its booster range.
///
/// Boosters draw only from collector numbers `1...boosterMax`. By default `boosterMax` is the
/// highest collector number of a basic land in the set; a set without basic lands has no
/// default and needs an explicit range.
public struct CardSet: Sendable {
  public let code: String
  package let name: String
  /// Every card of the set in the data, ordered by collector number.
  public let cards: [Card]
  /// The highest collector number boosters draw from, if known.
  public let boosterMax: Int?
  /// The default range derived from the basic lands, whether or not it was overridden.
  package let defaultBoosterMax: Int?
  /// Other sets whose cards the rules name by number (a product that mixes sets), by code.
  package var otherSets: [String: CardSet] = [:]
  /// Whether the card data lists every printing of the set (`CardDataLocation.setsListingEveryPrinting`),
  /// so that a number it lacks is no card of the set; false when that is not known.
  package var listsEveryPrinting = false

  /// Whether the card data of set `code` (this set or one of `otherSets`) lists every printing.
  package func listsEveryPrinting(ofSet code: String) -> Bool {
    code == self.code ? listsEveryPrinting : otherSets[code]?.listsEveryPrinting ?? false
  }

  /// - Parameter boosterMax: overrides the range derived from the basic lands.
  public init(code: String, cards: [Card], boosterMax: Int? = nil) {
    self.init(code: code, cards: cards, highestBasic: Self.highestBasic(of: cards), boosterMax: boosterMax)
  }

  /// The set of `cards` whose highest basic land's collector number, `highestBasic(of: cards)`, is
  /// already known (`CardDatabase.highestBasicBySet`). Cost: O(1).
  package init(code: String, cards: [Card], highestBasic: Int?, boosterMax: Int? = nil) {
    self.code = code
    self.cards = cards
    self.name = cards.first?.setName ?? code.uppercased()
    self.defaultBoosterMax = highestBasic
    self.boosterMax = boosterMax ?? defaultBoosterMax
  }

  /// The highest collector number (its leading integer) of a basic land among `cards`, nil when
  /// none has one. Cost: O(n), a type line read for each land.
  package static func highestBasic(of cards: [Card]) -> Int? {
    cards.filter(\.isBasicLand).compactMap(\.collectorNumber.leadingInteger).max()
  }

  /// Loads one set from a database, applying an optional `--booster-max` override.
  public init(code: String, in database: CardDatabase, boosterMax: Int? = nil) throws(DataError) {
    if let boosterMax, boosterMax < 1 {
      throw DataError("--booster-max \(boosterMax): expected a collector number of at least 1")
    }
    let cards = try database.cards(ofSet: code)
    // A range past the set's last card would silently mean "every card": refuse it.
    if let boosterMax, let highest = cards.compactMap(\.collectorNumber.leadingInteger).max(), boosterMax > highest {
      throw DataError("--booster-max \(boosterMax): set \(code.lowercased())'s highest collector number is \(highest); expected 1 to \(highest)")
    }
    self.init(code: code.lowercased(), cards: cards, highestBasic: database.highestBasicBySet[code.lowercased()], boosterMax: boosterMax)
  }

  /// The cards inside the booster range (all of them in collector-number order), or an error
  /// when the range is unknown.
  package func boosterCards() throws(DataError) -> [Card] {
    guard let boosterMax else {
      // The highest number the data holds bounds N (a larger one is refused): say it (a review).
      let held = cards.compactMap(\.collectorNumber.leadingInteger).max().map { "; its numbers run to \($0)" } ?? ""
      throw DataError(
        "set \(code) has no basic lands, so its booster range is unknown (the data looks partial\(held)); pass --booster-max N to draw from collector numbers 1...N"
      )
    }
    return cards.filter { card in
      guard let number = card.collectorNumber.leadingInteger else { return false }
      return number >= 1 && number <= boosterMax
    }
  }
}
