/// The conventions `ProductLint` holds a product of the compiled data to, each named with the
/// real error of the field it would have caught (docs/validating-data.md lists them, and every
/// warning the 538 shipped products raise).
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

  /// The real error of the field the rule would have caught, or the one it guards against.
  package var caught: String {
    switch self {
    case .weightMagnitude:
      "taw/magic-search-engine #461: an ECL Collector Booster weight typed 130 for 1300 (borderless 6.6% against the published 17.5%)"
    case .boosterSize: "Card-Forge/forge #10490: a Play Booster of 15 cards where the maker says 14"
    case .unknownCard: "taw/magic-sealed-data #38: sheets of ZNR, KHM, STX, MH2, AFR and MB2 named card uuids that no longer existed"
    case .unusedSheet: "the other side of mtgjson/mtgjson #1659: a booster lost its draw and its sheet stayed behind, drawn by nothing"
    case .missingSheet: "mtgjson/mtgjson #1659: MB1's pack pointed at convention-2021, which no longer existed"
    case .totalWeight:
      "a sheet edited without its total: Forge, XMage and Draftmancer divide by MTGJSON's totalWeight (taw/magic-search-engine #461's sheet summed to 8830)"
    case .badWeight: "a deleted entry left at weight 0 or a weight that is not a whole number (mtg.wtf writes none)"
    case .impossibleDraw: "a slot count edited past its sheet (Card-Forge/forge #6612: an FDN pack with 5 uncommons)"
    case .sourceSets: "mtgjson/mtgjson #1252: products that silently lost or gained the sets they draw from"
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

  /// `weight-magnitude mkm-play sheet rare card mkm:12: ...`, one line with no `; ` in it (the
  /// summary joins warnings with `; `).
  package var text: String {
    "\(rule.rawValue) \(product)\(place.isEmpty ? "" : " " + place): \(message)".replacingOccurrences(of: "; ", with: ", ")
  }
}
