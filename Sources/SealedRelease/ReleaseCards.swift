import Synchronization
import SealedSupport
import SealedCards
import SealedRules

/// The card data a release diff or lint looks card keys up in: each set read once through a
/// `CardSetLoader` (shared with the rest of a `check-products` run), then indexed by collector
/// number. Safe to use from several threads.
package final class ReleaseCards: Sendable {
  package let loader: CardSetLoader
  private let sets = Mutex<[String: [String: Card]]>([:])

  package init(loader: CardSetLoader) {
    self.loader = loader
  }

  /// The cards of set `code` by collector number (empty when the data lacks the set). Cost:
  /// reading the set the first time.
  package func cards(ofSet code: String) throws(DataError) -> [String: Card] {
    let code = code.lowercased()
    if let known = sets.withLock({ $0[code] }) { return known }
    var byNumber: [String: Card] = [:]
    for card in try loader.cards(ofSet: code) { byNumber[card.collectorNumber.text] = card }
    sets.withLock { $0[code] = byNumber }
    return byNumber
  }

  /// The card a key (`set:number[:foil]`) names, as the plan compiler finds it: the number, or
  /// for a number ending in a letter the set does not have (mtg.wtf's `221a`), the number
  /// without it; nil when the card data has neither.
  package func card(_ key: CardKeyText) throws(DataError) -> Card? {
    let cards = try cards(ofSet: key.set)
    if let card = cards[key.number] { return card }
    if let last = key.number.last, last.isLetter, key.number.count > 1 { return cards[String(key.number.dropLast())] }
    return nil
  }
}

/// A card key as the compiled data writes it, taken apart: `war:97:foil` is set `war`, number
/// `97`, foil.
package struct CardKeyText: Sendable, Hashable {
  package var set: String
  package var number: String
  package var foil: Bool

  /// The parts of `key`; a key without a colon is a number of no set.
  package init(_ key: String) {
    let parts = key.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    set = parts.count > 1 ? parts[0].lowercased() : ""
    number = parts.count > 1 ? parts[1] : key
    foil = parts.count > 2 && parts[2].lowercased() == "foil"
  }

  /// The leading integer of the number (`221` of `221a`), if it starts with digits.
  package var leadingInteger: Int? { Int(number.prefix { $0.isASCII && $0.isNumber }) }
}
