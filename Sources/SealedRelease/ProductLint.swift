import SealedSupport
import SealedCards
import SealedRules

/// The conventions of the source format (`LintRule`), held against one product of the compiled
/// data: what `sealed check-products` reports as its `lint` verdict and `sealed rules lint`
/// lists. Reads only the product and the card data of the sets it names; simulates nothing.
/// Cost: O(cards of its sheets), plus reading each set's card data once per `ReleaseCards`.
package enum ProductLint {
  /// The warnings of `product`, whose kind (`play`, `draft`, ...; `ProductKind`) is `kind`,
  /// in rule order. Card data that cannot be read is a `DataError`.
  package static func warnings(
    _ product: CompiledBoosterData.Product, kind: String, cards: ReleaseCards
  ) throws(DataError) -> [LintWarning] {
    var found: [LintWarning] = []
    let code = product.code.lowercased()
    func warn(_ rule: LintRule, _ place: String, _ message: String) {
      found.append(LintWarning(rule: rule, product: code, place: place, message: message))
    }
    func warnNaming(_ rule: LintRule, _ place: String, _ message: String, _ cards: [String]) {
      found.append(LintWarning(rule: rule, product: code, place: place, message: message, cards: cards))
    }
    try weightMagnitudes(product, cards: cards, warn: warn)
    boosterSizes(product, kind: kind, warn: warn)
    try unknownCards(product, cards: cards, warn: warn)
    duplicateCards(product, warn: warn)
    sheetsAndDraws(product, warn: warn)
    finishes(product, warn: warn)
    guests(product, warn: warn)
    try rarities(product, cards: cards, warn: warnNaming)
    try rareSlots(product, kind: kind, cards: cards, warn: warn)
    try uncommonSlots(product, kind: kind, cards: cards, warn: warn)
    balancedDraws(product, warn: warn)
    return found.sorted { LintRule.allCases.firstIndex(of: $0.rule)! < LintRule.allCases.firstIndex(of: $1.rule)! }
  }

  /// A variant named for people: `variant 2 of 3`.
  static func variantPlace(_ index: Int, of product: CompiledBoosterData.Product) -> String {
    "variant \(index + 1) of \(product.boosters.count)"
  }

  // MARK: - weight-magnitude

  static func weightMagnitudes(
    _ product: CompiledBoosterData.Product, cards: ReleaseCards, warn: (LintRule, String, String) -> Void
  ) throws(DataError) {
    for (name, sheet) in product.sheets.sorted(by: { $0.key < $1.key }) where sheet.fixed != true {
      var groups: [String: [(key: String, weight: Double)]] = [:]
      for (key, weight) in sheet.cards {
        let parts = CardKeyText(key)
        let rarity = try cards.card(parts)?.rarity.rawValue
        let group = (parts.foil ? "foil " : "") + (rarity ?? "\(parts.set) card without data")
        groups[group, default: []].append((key, weight))
      }
      for (group, members) in groups.sorted(by: { $0.key < $1.key }) {
        var holders: [Double: Int] = [:]
        for member in members { holders[member.weight, default: 0] += 1 }
        for member in members.sorted(by: { $0.key < $1.key }) where holders[member.weight] == 1 && member.weight > 0 {
          for factor in [10.0, 100, 1000, 0.1, 0.01, 0.001] {
            let other = (member.weight * factor).rounded()
            guard abs(other - member.weight * factor) < 1e-9 * other, let count = holders[other], count >= 2 else { continue }
            let times = factor > 1 ? "1/\(Int(factor.rounded())) of" : "\(Int((1 / factor).rounded())) times"
            warn(
              .weightMagnitude, "sheet \(name) card \(member.key)",
              "weight \(number(member.weight)) is \(times) the \(number(other)) that \(count) other \(group) cards of the sheet have")
            break
          }
        }
      }
    }
  }

  // MARK: - booster-size

  /// The size each kind of booster is published at, with the sets whose boosters of that kind
  /// are published at another (docs/validating-data.md gives the sources). Kinds not listed
  /// (collector, set, arena, theme, ...) vary by set and are not checked.
  static let publishedSizes: [String: (size: Int, name: String, except: [String: Int])] = [
    "play": (14, "a Play Booster", [:]),
    "jumpstart": (20, "a Jumpstart booster", [:]),
    "draft": (15, "a Draft Booster", ["cmr": 20, "clb": 20, "cmm": 20, "2x2": 16, "ugl": 10]),
  ]

  static func boosterSizes(_ product: CompiledBoosterData.Product, kind: String, warn: (LintRule, String, String) -> Void) {
    guard let published = publishedSizes[kind] else { return }
    let set = product.set_code.lowercased()
    let size = published.except[set] ?? published.size
    for (index, booster) in product.boosters.enumerated() {
      let cards = booster.sheets.values.filter { $0 > 0 }.reduce(0, +)
      guard cards != size else { continue }
      let whose = published.except[set] == nil ? published.name : "\(set)'s \(published.name.split(separator: " ").dropFirst().joined(separator: " "))"
      warn(.boosterSize, variantPlace(index, of: product), "draws \(cards) cards where \(whose) is published at \(size)")
    }
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 9.2e18 ? String(Int64(value)) : String(value)
  }
}
