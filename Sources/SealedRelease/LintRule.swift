/// The conventions `ProductLint` holds a product of the compiled data to. Each states the
/// convention it holds and where the source states it (`convention`), and the real error of the
/// field it names or would have caught (`caught`); docs/validating-data.md lists every warning
/// the shipped file and mtg.wtf's file of 2023 raise, each with its verdict.
package enum LintRule: String, Sendable, CaseIterable {
  /// A card whose weight no other card of its group (same sheet, finish and rarity; cards
  /// without data: same set) has, while at least two others have exactly 10, 100 or 1000 times
  /// it, or a tenth, hundredth or thousandth of it: a digit slipped.
  case weightMagnitude = "weight-magnitude"
  /// A variant whose size is not the size its kind of booster is published at.
  case boosterSize = "booster-size"
  /// A card key the card data does not have, where the data has every other card of that set
  /// the product names (at least 10), or a uuid an MTGJSON file does not hold.
  case unknownCard = "unknown-card"
  /// A sheet naming one card under two keys that differ only in case (`war:1`, `WAR:1`).
  case duplicateCard = "duplicate-card"
  /// A sheet no variant draws.
  case unusedSheet = "unused-sheet"
  /// A variant that draws from a sheet the product does not define.
  case missingSheet = "missing-sheet"
  /// A sheet whose `total_weight` is not the sum of its cards' weights.
  case totalWeight = "total-weight"
  /// A variant or card weight that is not a positive whole number, or a sheet with no cards.
  case badWeight = "bad-weight"
  /// A variant that draws more distinct cards from a sheet than it holds, or a count from a
  /// fixed sheet other than its copies.
  case impossibleDraw = "impossible-draw"
  /// `source_set_codes` that are not the sets the sheets name.
  case sourceSets = "source-sets"
  /// A `set_code` that is not the set the product's code begins with (`war-draft` opening dom):
  /// the kind of booster, read from the code after its set, is lost with it.
  case setCode = "set-code"
  /// A sheet whose name states a finish (`foil_rare_mythic`, `etched_uncommon`, `non_foil_land`)
  /// holding cards of the other finish.
  case sheetFinish = "sheet-finish"
  /// A sheet holding foil and non-foil cards.
  case mixedFinish = "mixed-finish"
  /// A sheet drawing cards printed for another set's boosters (a Special Guests range, a bonus
  /// sheet: `GuestSets`).
  case guestSet = "guest-set"
  /// A sheet named for rarities (`uncommon`, `rare_mythic`, `cu`) holding cards of other
  /// rarities, by the card data; cards without data are not judged.
  case sheetRarity = "sheet-rarity"
  /// A variant of a Play or Draft Booster that draws no sheet of rares and mythics.
  case rareSlot = "rare-slot"
  /// A variant of a Play Booster that draws other than 3 uncommons.
  case uncommonSlots = "uncommon-slots"
  /// A variant drawing 5 cards or fewer from a colour-balanced sheet.
  case balancedDraw = "balanced-draw"
}

extension LintRule {
  /// Whether the rule's warnings depend on the card data at hand (rarities, which cards it
  /// has), so that fetching card data changes their words.
  package var readsCardData: Bool {
    switch self {
    case .weightMagnitude, .unknownCard, .sheetRarity, .rareSlot, .uncommonSlots: true
    default: false
    }
  }
}

/// One warning: the rule, the product, where in it (`sheet rare card mkm:12`, `variant 2`) and
/// what is wrong.
package struct LintWarning: Sendable, Equatable {
  package var rule: LintRule
  package var product: String
  package var place: String
  package var message: String
  /// Every card the warning is about, where its message names only some (`sheet-rarity`: the
  /// sheet's cards of other rarities): a baseline compares them, so that a new wrong card in a
  /// sheet already warned about is not taken for the known warning.
  package var cards: [String]

  package init(rule: LintRule, product: String, place: String, message: String, cards: [String] = []) {
    (self.rule, self.product, self.place, self.message, self.cards) = (rule, product, place, message, cards)
  }

  /// `weight-magnitude mkm-play sheet rare card mkm:12: ...`, one line with no `; ` in it (the
  /// summary joins warnings with `; `).
  package var text: String {
    "\(rule.rawValue) \(product)\(place.isEmpty ? "" : " " + place): \(message)".replacingOccurrences(of: "; ", with: ", ")
  }
}
