import SealedSupport
import SealedCards
import SealedRules

extension ProductLint {
  /// At least this many other cards of a set must be in the card data before a missing one is
  /// taken for an error of the booster data rather than a gap of the card data.
  static let knownNeighbours = 10

  /// unknown-card: per set the product names, its keys the card data lacks: every one when the
  /// set's data lists every printing (`ReleaseCards.listsEveryPrinting`: a number it lacks is no
  /// card of the set, however many the product names); else, since the data may be partial, only
  /// when it has every other key of that set the product names (at least `knownNeighbours`) and
  /// at most two are missing. A number with a suffix (`65★`) whose plain number the data has is a
  /// printing the data may lack, not an error. A key of the pseudo-set `uuid` (an MTGJSON uuid
  /// the file does not hold) is always one, and so is a key not of the form `set:number[:foil]`.
  static func unknownCards(
    _ product: CompiledBoosterData.Product, cards: ReleaseCards, warn: (LintRule, String, String) -> Void
  ) throws(DataError) {
    var bySet: [String: Set<String>] = [:]
    var sheetOf: [String: String] = [:]
    for (name, sheet) in product.sheets.sorted(by: { $0.key < $1.key }) {
      for key in sheet.cards.keys.sorted() {
        let parts = CardKeyText(key)
        guard parts.wellFormed else {
          warn(.unknownCard, "sheet \(name) card \(key)", "not a card key: expected set:number or set:number:foil, like war:97 or war:97:foil (importing the product refuses it)")
          continue
        }
        bySet[parts.set, default: []].insert(parts.number)
        if sheetOf["\(parts.set):\(parts.number)"] == nil { sheetOf["\(parts.set):\(parts.number)"] = name }
      }
    }
    for (set, numbers) in bySet.sorted(by: { $0.key < $1.key }) {
      if set == CardDataGaps.unknownUUIDSet {
        for number in numbers.sorted() {
          warn(.unknownCard, "sheet \(sheetOf["\(set):\(number)"]!) card uuid \(number)", "no card of the file has this uuid")
        }
        continue
      }
      let data = try cards.cards(ofSet: set)
      guard !data.isEmpty else {
        if let (other, found) = try mistypedSet(set, numbers: numbers, among: Set(bySet.keys), cards: cards) {
          for number in numbers.sorted() {
            warn(
              .unknownCard, "sheet \(sheetOf["\(set):\(number)"]!) card \(set):\(number)",
              "no card data has a set \(set), and the product's other keys name \(other), whose card data has \(other):\(found): a mistyped set code?")
          }
        }
        continue
      }
      var missing: [String] = []
      for number in numbers {
        guard try cards.card(CardKeyText("\(set):\(number)")) == nil else { continue }
        let plain = String(number.prefix { $0.isASCII && $0.isNumber })
        if !plain.isEmpty, plain != number, data[plain] != nil { continue }
        missing.append(number)
      }
      let complete = cards.listsEveryPrinting(ofSet: set)
      guard !missing.isEmpty else { continue }
      guard complete || (missing.count <= 2 && numbers.count - missing.count >= knownNeighbours) else { continue }
      let highest = data.keys.compactMap { CardKeyText("\(set):\($0)").leadingInteger }.max() ?? 0
      let known = numbers.count - missing.count
      let why = complete
        ? "the card data of \(set) has no such card, and lists every printing of \(set) (\(missing.count) of the \(numbers.count) cards of \(set) the product names are not in it)"
        : "the card data of \(set) has no such card, and has the \(known) other cards of \(set) the product names"
      for number in missing.sorted() {
        let key = "\(set):\(number)"
        let past = (CardKeyText(key).leadingInteger ?? 0) > highest ? " (past \(set)'s highest collector number in the data, \(highest))" : ""
        warn(.unknownCard, "sheet \(sheetOf[key]!) card \(key)", why + past)
      }
    }
  }

  /// For a set without card data whose few keys (at most `typoKeys`) the product names beside
  /// those of a set spelled alike (`wra` beside `war`: at most two letters apart) whose data has
  /// one of those numbers: that set and the number; else nil. A set code slipped in one key was
  /// read as a set whose data is missing, and warned about by no rule.
  static func mistypedSet(
    _ set: String, numbers: Set<String>, among named: Set<String>, cards: ReleaseCards
  ) throws(DataError) -> (set: String, number: String)? {
    guard numbers.count <= typoKeys, set.count >= 3 else { return nil }
    for other in named.sorted() where other != set && abs(other.count - set.count) <= 1 && NameMatching.editDistance(set, other) <= 2 {
      let data = try cards.cards(ofSet: other)
      if let number = numbers.sorted().first(where: { data[$0] != nil }) { return (other, number) }
    }
    return nil
  }

  /// The most keys of a set without card data that `mistypedSet` takes for a slip.
  static let typoKeys = 2

  // MARK: - duplicate-card

  /// duplicate-card: keys of one sheet that differ only in case, once a card. Cost: O(keys).
  static func duplicateCards(_ product: CompiledBoosterData.Product, warn: (LintRule, String, String) -> Void) {
    for (name, sheet) in product.sheets.sorted(by: { $0.key < $1.key }) {
      let byCard = Dictionary(grouping: sheet.cards.keys, by: { $0.lowercased() })
      for (card, keys) in byCard.sorted(by: { $0.key < $1.key }) where keys.count > 1 {
        warn(
          .duplicateCard, "sheet \(name) card \(card)",
          "listed \(keys.count) times, as \(keys.sorted().joined(separator: ", ")) (keys that differ only in case name one card): expected it once")
      }
    }
  }
}
