import SealedSupport
import SealedCards
import SealedRules

extension ProductLint {
  /// At least this many other cards of a set must be in the card data before a missing one is
  /// taken for an error of the booster data rather than a gap of the card data.
  static let knownNeighbours = 10

  /// unknown-card: per set the product names, its keys the card data lacks, when the data has
  /// every other key of that set the product names (at least `knownNeighbours`) and at most two
  /// are missing; a number with a suffix (`65★`) whose plain number the data has is a printing
  /// the data may lack, not an error. A key of the pseudo-set `uuid` (an MTGJSON uuid the file
  /// does not hold) is always one.
  static func unknownCards(
    _ product: CompiledBoosterData.Product, cards: ReleaseCards, warn: (LintRule, String, String) -> Void
  ) throws(DataError) {
    var bySet: [String: Set<String>] = [:]
    var sheetOf: [String: String] = [:]
    for (name, sheet) in product.sheets.sorted(by: { $0.key < $1.key }) {
      for key in sheet.cards.keys {
        let parts = CardKeyText(key)
        bySet[parts.set, default: []].insert(parts.number)
        if sheetOf["\(parts.set):\(parts.number)"] == nil { sheetOf["\(parts.set):\(parts.number)"] = name }
      }
    }
    for (set, numbers) in bySet.sorted(by: { $0.key < $1.key }) {
      if set == "uuid" {
        for number in numbers.sorted() {
          warn(.unknownCard, "sheet \(sheetOf["uuid:\(number)"]!) card uuid \(number)", "no card of the file has this uuid")
        }
        continue
      }
      let data = try cards.cards(ofSet: set)
      guard !data.isEmpty else { continue }
      var missing: [String] = []
      for number in numbers {
        guard try cards.card(CardKeyText("\(set):\(number)")) == nil else { continue }
        let plain = String(number.prefix { $0.isASCII && $0.isNumber })
        if !plain.isEmpty, plain != number, data[plain] != nil { continue }
        missing.append(number)
      }
      guard !missing.isEmpty, missing.count <= 2, numbers.count - missing.count >= knownNeighbours else { continue }
      let highest = data.keys.compactMap { CardKeyText("\(set):\($0)").leadingInteger }.max() ?? 0
      for number in missing.sorted() {
        let key = "\(set):\(number)"
        let past = (CardKeyText(key).leadingInteger ?? 0) > highest ? " (past \(set)'s highest collector number in the data, \(highest))" : ""
        warn(
          .unknownCard, "sheet \(sheetOf[key]!) card \(key)",
          "the card data of \(set) has no such card, and has the \(numbers.count - missing.count) other cards of \(set) the product names\(past)")
      }
    }
  }
}
