import SealedSupport
import SealedCards
import SealedRules

extension ProductLint {
  /// sheet-finish and mixed-finish: a sheet's cards against the finish its name states
  /// (`SheetName.finish`), and a sheet holding both finishes. A card is foil when its key ends
  /// in `:foil` (an MTGJSON sheet's `foil` flag gives its keys that suffix).
  static func finishes(_ product: CompiledBoosterData.Product, warn: (LintRule, String, String) -> Void) {
    for (name, sheet) in product.sheets.sorted(by: { $0.key < $1.key }) where !sheet.cards.isEmpty {
      let keys = sheet.cards.keys.sorted()
      var foil: [String] = []
      var plain: [String] = []
      for key in keys {
        if CardKeyText(key).foil { foil.append(key) } else { plain.append(key) }
      }
      let place = "sheet \(name)"
      switch SheetName(name).finish {
      case .foil? where !plain.isEmpty:
        let which = foil.isEmpty ? "none of its \(keys.count) cards is foil" : "\(plain.count) of its \(keys.count) cards \(plain.count == 1 ? "is" : "are") not foil"
        warn(.sheetFinish, place, "its name says foil, but \(which) (\(examples(plain)))")
      case .nonfoil? where !foil.isEmpty:
        warn(.sheetFinish, place, "its name says non-foil, but \(foil.count) of its \(keys.count) cards \(foil.count == 1 ? "is" : "are") foil (\(examples(foil)))")
      default: break
      }
      if !foil.isEmpty && !plain.isEmpty {
        warn(
          .mixedFinish, place,
          "holds \(foil.count) foil and \(plain.count) non-foil card\(plain.count == 1 ? "" : "s") (\(examples(foil, count: 1)), \(examples(plain, count: 1))) where a sheet is all foil or all non-foil")
      }
    }
  }

  /// sheet-rarity: a sheet whose name names rarities (`SheetName.rarities`) holding cards of
  /// others, by the card data's rarities; cards without data are not judged. Each warning
  /// carries every such card (its message names three).
  static func rarities(
    _ product: CompiledBoosterData.Product, cards: ReleaseCards, warn: (LintRule, String, String, [String]) -> Void
  ) throws(DataError) {
    for (name, sheet) in product.sheets.sorted(by: { $0.key < $1.key }) {
      let named = SheetName(name).rarities
      guard !named.isEmpty else { continue }
      var judged = 0
      var others: [Rarity: [String]] = [:]
      for key in sheet.cards.keys.sorted() {
        guard let rarity = try cards.card(CardKeyText(key))?.rarity else { continue }
        judged += 1
        if !named.contains(rarity) { others[rarity, default: []].append(key) }
      }
      guard !others.isEmpty else { continue }
      let counts = others.sorted { $0.key < $1.key }.map { "\($0.value.count) \($0.key.rawValue)" }
      let keys = others.sorted { $0.key < $1.key }.flatMap(\.value)
      warn(
        .sheetRarity, "sheet \(name)",
        "its name names \(SheetName.list(named)), but \(counts.joined(separator: " and ")) of its \(judged) cards with card data (\(examples(keys)))",
        keys)
    }
  }

  /// guest-set: a sheet drawing cards printed for another set's boosters (`GuestSets`).
  static func guests(_ product: CompiledBoosterData.Product, warn: (LintRule, String, String) -> Void) {
    let own = product.set_code.lowercased()
    for (name, sheet) in product.sheets.sorted(by: { $0.key < $1.key }) {
      // By owners and set, keys in order: the words are the same from run to run (a dictionary's
      // order once gave "spg 1-38" or "big 1-38" for the same sheet).
      var foreign: [String: [CardKeyText]] = [:]
      for key in sheet.cards.keys.sorted() {
        let parts = CardKeyText(key)
        guard let owners = GuestSets.owners(of: parts), !owners.contains(own) else { continue }
        foreign["\(owners.sorted().joined(separator: " or "))\u{0}\(parts.set)", default: []].append(parts)
      }
      guard !foreign.isEmpty else { continue }
      let parts = foreign.sorted { $0.key < $1.key }.map { group, keys in
        let owners = group.prefix { $0 != "\u{0}" }
        return "\(keys.count) card\(keys.count == 1 ? "" : "s") of \(Self.span(keys)) printed for \(owners)'s boosters"
      }
      warn(.guestSet, "sheet \(name)", "draws \(parts.joined(separator: " and ")), not \(own)'s")
    }
  }

  /// `spg 104-113` (the set, and the lowest and highest collector numbers), or the set alone
  /// when the numbers do not start with digits.
  static func span(_ keys: [CardKeyText]) -> String {
    let set = keys.first?.set ?? ""
    let numbers = keys.compactMap(\.leadingInteger)
    guard let low = numbers.min(), let high = numbers.max() else { return set }
    return low == high ? "\(set) \(low)" : "\(set) \(low)-\(high)"
  }

  /// Up to `count` keys, then `...` when there are more: `fin:1, fin:10, fin:104a, ...`.
  static func examples(_ keys: [String], count: Int = 3) -> String {
    keys.prefix(count).joined(separator: ", ") + (keys.count > count ? ", ..." : "")
  }
}
