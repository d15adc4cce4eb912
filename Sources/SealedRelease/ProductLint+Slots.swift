import SealedSupport
import SealedCards
import SealedRules

extension ProductLint {
  /// Kinds of booster that hold a rare or mythic in every booster, named for people.
  static let rareSlotKinds = ["play": "a Play Booster", "draft": "a Draft Booster"]

  /// Rarities a rare slot may give: rare and mythic, and the `special` and `bonus` rarities of
  /// cards that take a rare's place (Time Spiral Remastered's timeshifted cards).
  static let rareOrBetter: Set<Rarity> = [.rare, .mythic, .special, .bonus]

  /// What a sheet is for the rare-slot and uncommon-slots rules: of the rarities asked about,
  /// of others, or not to be judged.
  enum SheetRarities { case held, other, unknown }

  /// rare-slot: a variant of a Play or Draft Booster that draws no sheet of rares and mythics.
  /// A sheet is one when most of the weight of its cards with card data is rare or mythic, or,
  /// when none of its cards has data, when its name names only rare and mythic (`a30_rare`); a
  /// variant one of whose sheets cannot be judged so is not judged. (A common planted in a rare
  /// sheet is `sheet-rarity`'s; it made every variant drawing the sheet warn here too, untrue.)
  static func rareSlots(
    _ product: CompiledBoosterData.Product, kind: String, cards: ReleaseCards, warn: (LintRule, String, String) -> Void
  ) throws(DataError) {
    guard let booster = rareSlotKinds[kind] else { return }
    var judged: [String: SheetRarities] = [:]
    for (index, variant) in product.boosters.enumerated() {
      let drawn = variant.sheets.filter { $0.value > 0 }
      var sheets: [SheetRarities] = []
      for name in drawn.keys.sorted() {
        if judged[name] == nil { judged[name] = try sheet(name, of: product, holding: rareOrBetter, named: [.rare, .mythic], cards: cards) }
        sheets.append(judged[name]!)
      }
      guard !sheets.contains(.held), !sheets.contains(.unknown) else { continue }
      warn(
        .rareSlot, variantPlace(index, of: product),
        "draws no sheet of rares and mythics (\(ProductMeasures.variantName(drawn))) where \(booster) holds a rare or mythic in every booster")
    }
  }

  /// Whether sheet `name` is one of `rarities`: most of the weight of its cards with card data
  /// is of them, or, when none has data, its name names only rarities of `named`.
  static func sheet(
    _ name: String, of product: CompiledBoosterData.Product, holding rarities: Set<Rarity>, named: Set<Rarity>, cards: ReleaseCards
  ) throws(DataError) -> SheetRarities {
    guard let sheet = product.sheets[name] else { return .other }
    var (known, held) = (0.0, 0.0)
    for (key, weight) in sheet.cards {
      guard let rarity = try cards.card(CardKeyText(key))?.rarity else { continue }
      known += weight
      if rarities.contains(rarity) { held += weight }
    }
    if known > 0 { return held * 2 > known ? .held : .other }
    let names = SheetName(name).rarities
    if names.isEmpty { return .unknown }
    return names.isSubset(of: named) ? .held : .other
  }

  /// The uncommons each kind of booster is published with, where every booster of the kind
  /// holds the same (WotC's "Collecting ..." articles: a Play Booster's slots 8-10). Draft
  /// Boosters are not judged: their foil, double-faced and bonus slots vary by set.
  static let publishedUncommons = ["play": (count: 3, name: "a Play Booster")]

  /// uncommon-slots: a variant of a Play Booster drawing other than 3 cards from its slots of
  /// uncommons: sheets whose name names only uncommon (`uncommon`, `new_uncommon`,
  /// `uncommon_with_showcase`) and whose cards with card data are mostly uncommon. The wildcard,
  /// The List and a reprint sheet, which may give an uncommon in some variants, are other slots;
  /// a variant with no sheet so named is not judged. Forge #6612's FDN pack of 5 uncommons fits
  /// its sheet, so only this rule names it.
  static func uncommonSlots(
    _ product: CompiledBoosterData.Product, kind: String, cards: ReleaseCards, warn: (LintRule, String, String) -> Void
  ) throws(DataError) {
    guard let published = publishedUncommons[kind] else { return }
    var judged: [String: Bool] = [:]
    for (index, variant) in product.boosters.enumerated() {
      var uncommons: [(name: String, count: Int)] = []
      for (name, count) in variant.sheets.sorted(by: { $0.key < $1.key }) where count > 0 {
        if judged[name] == nil {
          var uncommon = SheetName(name).rarities == [.uncommon]
          if uncommon { uncommon = try sheet(name, of: product, holding: [.uncommon], named: [.uncommon], cards: cards) == .held }
          judged[name] = uncommon
        }
        if judged[name]! { uncommons.append((name, count)) }
      }
      let drawn = uncommons.reduce(0) { $0 + $1.count }
      guard !uncommons.isEmpty, drawn != published.count else { continue }
      let sheets = uncommons.map { "\($0.count) from \($0.name)" }.joined(separator: ", ")
      warn(
        .uncommonSlots, variantPlace(index, of: product),
        "draws \(drawn) uncommon\(drawn == 1 ? "" : "s") (\(sheets)) where \(published.name) holds \(published.count)")
    }
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
