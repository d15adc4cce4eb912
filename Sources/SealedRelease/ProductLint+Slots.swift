import SealedSupport
import SealedCards
import SealedRules

extension ProductLint {
  /// Kinds of booster that hold a rare or mythic in every booster, named for people.
  static let rareSlotKinds = ["play": "a Play Booster", "draft": "a Draft Booster"]

  /// Rarities a rare slot may give: rare and mythic, and the `special` and `bonus` rarities of
  /// cards that take a rare's place (Time Spiral Remastered's timeshifted cards).
  static let rareOrBetter: Set<Rarity> = [.rare, .mythic, .special, .bonus]

  /// What a sheet is for the rare-slot rule.
  enum RareSheet { case rare, other, unknown }

  /// rare-slot: a variant of a Play or Draft Booster that draws no sheet of rares and mythics.
  /// A sheet is one when most of the weight of its cards with card data is rare or mythic, or,
  /// when none of its cards has data, when its name names only rare and mythic (`a30_rare`); a
  /// variant one of whose sheets cannot be judged so is not judged. (A common planted in a rare
  /// sheet is `sheet-rarity`'s; it made every variant drawing the sheet warn here too, untrue.)
  static func rareSlots(
    _ product: CompiledBoosterData.Product, kind: String, cards: ReleaseCards, warn: (LintRule, String, String) -> Void
  ) throws(DataError) {
    guard let booster = rareSlotKinds[kind] else { return }
    var judged: [String: RareSheet] = [:]
    for (index, variant) in product.boosters.enumerated() {
      let drawn = variant.sheets.filter { $0.value > 0 }
      var sheets: [RareSheet] = []
      for name in drawn.keys.sorted() {
        if judged[name] == nil { judged[name] = try rareSheet(name, of: product, cards: cards) }
        sheets.append(judged[name]!)
      }
      guard !sheets.contains(.rare), !sheets.contains(.unknown) else { continue }
      warn(
        .rareSlot, variantPlace(index, of: product),
        "draws no sheet of rares and mythics (\(ProductMeasures.variantName(drawn))) where \(booster) holds a rare or mythic in every booster")
    }
  }

  static func rareSheet(_ name: String, of product: CompiledBoosterData.Product, cards: ReleaseCards) throws(DataError) -> RareSheet {
    guard let sheet = product.sheets[name] else { return .other }
    var (known, rare) = (0.0, 0.0)
    for (key, weight) in sheet.cards {
      guard let rarity = try cards.card(CardKeyText(key))?.rarity else { continue }
      known += weight
      if rareOrBetter.contains(rarity) { rare += weight }
    }
    if known > 0 { return rare * 2 > known ? .rare : .other }
    let named = SheetName(name).rarities
    if named.isEmpty { return .unknown }
    return named.isSubset(of: [.rare, .mythic]) ? .rare : .other
  }

  /// The most cards a variant may draw from a colour-balanced sheet and still be warned about:
  /// mtg.wtf's booster indexer warns of a balanced sheet drawn 5 or fewer times ("too small to be
  /// balanced"; one of each colour leaves nothing to balance).
  static let smallBalancedDraw = 5

  /// balanced-draw: a variant drawing 1 to `smallBalancedDraw` cards from a `balance_colors` sheet.
  static func balancedDraws(_ product: CompiledBoosterData.Product, warn: (LintRule, String, String) -> Void) {
    for (index, variant) in product.boosters.enumerated() {
      for (name, count) in variant.sheets.sorted(by: { $0.key < $1.key }) where (1...smallBalancedDraw).contains(count) {
        guard product.sheets[name]?.balance_colors == true else { continue }
        warn(
          .balancedDraw, variantPlace(index, of: product) + " sheet \(name)",
          "draws \(count) card\(count == 1 ? "" : "s") from colour-balanced sheet \(name), too few to balance (mtg.wtf warns at \(smallBalancedDraw) or fewer)")
      }
    }
  }
}
