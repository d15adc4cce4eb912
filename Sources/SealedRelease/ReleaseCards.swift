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
  /// Cards given by set code (an MTGJSON file's own), looked up instead of the loader's sets.
  private let given: [String: [Card]]

  /// `given`: cards by set code that stand for the loader's sets of those codes (an MTGJSON
  /// file's own cards, which list every printing of their sets); each set is indexed when first
  /// looked up.
  package init(loader: CardSetLoader, given: [String: [Card]] = [:]) {
    self.loader = loader
    self.given = Dictionary(given.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// The cards of set `code` by collector number (empty when the data lacks the set). Cost:
  /// reading the set the first time.
  package func cards(ofSet code: String) throws(DataError) -> [String: Card] {
    let code = CardKeyText.lowercased(code[...])
    if let known = sets.withLock({ $0[code] }) { return known }
    let cards: [Card]
    if let list = given[code] { cards = list } else { cards = try loader.cards(ofSet: code) }
    var byNumber: [String: Card] = [:]
    byNumber.reserveCapacity(cards.count)
    for card in cards { byNumber[card.collectorNumber.text] = card }
    sets.withLock { $0[code] = byNumber }
    return byNumber
  }

  /// Whether the card data of set `code` lists every printing of its cards
  /// (`CardSetLoader.listsEveryPrinting`).
  package func listsEveryPrinting(ofSet code: String) -> Bool {
    given[code.lowercased()] != nil || loader.listsEveryPrinting(ofSet: code)
  }

  /// The card a key (`set:number[:foil]`) names, as the plan compiler finds it: the number, or
  /// for a number ending in a letter the set does not have (mtg.wtf's `221a`), the number
  /// without it; nil when the card data has neither.
  package func card(_ key: CardKeyText) throws(DataError) -> Card? {
    let cards = try cards(ofSet: key.set)
    return cards[key.number] ?? CollectorNumber.withoutLetter(key.number).flatMap { cards[$0] }
  }
}

/// A card key as the compiled data writes it, taken apart: `war:97:foil` is set `war`, number
/// `97`, foil.
package struct CardKeyText: Sendable, Hashable {
  package var set: String
  package var number: String
  package var foil: Bool
  /// Whether the key has the form Sealed's rules read, `set:number` or `set:number:foil`
  /// (`war250` and `war:5:fiol` do not: importing the product refuses them).
  package var wellFormed: Bool

  /// The parts of `key`; a key without a colon is a number of no set. Cost: one pass over the
  /// key's bytes (lint takes apart every key of every sheet).
  package init(_ key: String) {
    let colon = UInt8(ascii: ":")
    let utf8 = key.utf8
    guard let first = utf8.firstIndex(of: colon) else {
      (set, number, foil, wellFormed) = ("", key, false, false)
      return
    }
    set = Self.lowercased(key[..<first])
    let numberStart = utf8.index(after: first)
    guard let second = utf8[numberStart...].firstIndex(of: colon) else {
      (number, foil) = (String(key[numberStart...]), false)
      wellFormed = !set.isEmpty && !number.isEmpty
      return
    }
    number = String(key[numberStart..<second])
    let finishStart = utf8.index(after: second)
    let finishEnd = utf8[finishStart...].firstIndex(of: colon) ?? utf8.endIndex
    foil = Self.lowercased(key[finishStart..<finishEnd]) == "foil"
    wellFormed = !set.isEmpty && !number.isEmpty && key[finishStart...] == "foil"
  }

  /// `text` lowercased; ASCII text without capitals, as keys almost always are, is taken as it is.
  static func lowercased(_ text: Substring) -> String {
    let plain = text.utf8.allSatisfy { $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    return plain ? String(text) : text.lowercased()
  }

  /// The leading integer of the number (`221` of `221a`), if it starts with digits.
  package var leadingInteger: Int? { Int(number.prefix { $0.isASCII && $0.isNumber }) }
}
