extension LintRule {
  /// The convention the rule holds, and where the source states it.
  package var convention: String {
    switch self {
    case .weightMagnitude:
      "cards of one rarity and finish on one sheet share a few weights (mtg.wtf's `rate` and `chance`); a lone weight a power of ten from its group's is a digit slipped"
    case .boosterSize: "a booster holds the cards its kind is published at (WotC's \"Collecting ...\" articles; table in docs/validating-data.md)"
    case .unknownCard: "every key names a card (mtg.wtf's keys are `set:number` of its card database; MTGJSON's are card uuids of the file)"
    case .duplicateCard:
      "a sheet lists each card once, under one key (mtg.wtf's export writes a sheet's cards as a hash keyed by lowercase `set:number`; MTGJSON's sheet keys are a card's uuid)"
    case .unusedSheet: "mtg.wtf's compiler exports only the sheets a pack uses (booster_indexer.rb: `sheets_in_use`)"
    case .missingSheet: "a pack draws only sheets its product defines (booster_indexer.rb raises \"Missing sheet\")"
    case .totalWeight: "`total_weight` is the sum of the sheet's weights (export_sealed_data writes `cards.values.sum`; MTGJSON's `totalWeight`)"
    case .badWeight: "weights are positive whole numbers (export_sealed_data integerizes each sheet's probabilities and writes no empty sheet)"
    case .impossibleDraw: "a pack draws no negative count of cards, a sheet yields the distinct cards a pack draws from it, a fixed sheet all its copies"
    case .sourceSets: "`source_set_codes` are the sets the sheets draw (MTGJSON's `sourceSetCodes`)"
    case .setCode: "a product's code is its set's code, alone or followed by `-` and its kind (`war-draft`, `mkm-play`: every product of the 2023 and 2025 files)"
    case .sheetFinish:
      "a sheet's name states its finish as the source declares it: `foil: true` makes every card of an mtg.wtf sheet foil (`:foil` keys; MTGJSON's sheet `foil`), and mtg.wtf names such sheets foil_*, *_foils or by a foil finish (etched, galaxy, surge, ...), non-foil ones non_foil_* or nonfoil_*"
    case .mixedFinish:
      "a sheet is all foil or all non-foil (mtg.wtf's data/boosters/README.md: \"You cannot mix foil/non-foil cards in the same sheet\"; MTGJSON's sheet has one `foil` flag, and mtg.wtf's MTGJSON export refuses a mixed sheet)"
    case .guestSet:
      "Special Guests and bonus sheets are printed for one set's boosters: mtg.wtf keys them by that set (`set: spg` with `code: \"BLB\"`; its print sheet data/print_sheets_new/spg.txt marks each card's set)"
    case .sheetRarity:
      "a sheet named for a rarity holds that rarity: mtg.wtf's common.yaml defines `common`, `uncommon`, `rare` and `rare_mythic` by `r:c`, `r:u`, `r:r` and `r:r`+`r:m`, and its files name their own sheets so"
    case .rareSlot:
      "every Play Booster and Draft Booster holds a rare or mythic (WotC's \"Collecting ...\" articles: \"1 rare or mythic rare\" in every booster)"
    case .uncommonSlots:
      "every Play Booster holds 3 uncommons, in slots 8-10 (WotC's \"Collecting ...\" articles for Play Boosters, from mkm on)"
    case .balancedDraw:
      "a colour-balanced sheet is drawn 6 cards or more (mtg.wtf's booster_indexer.rb warns \"too small to be balanced\" at 5 or fewer)"
    }
  }

  /// The real error of the field the rule names or would have caught.
  package var caught: String {
    switch self {
    case .weightMagnitude:
      "a digit slipped in one card's weight; not taw/magic-search-engine #461 (a sub-sheet's chance typed 130 for 1300), which scales a group of cards: rules diff or a spec claim of the published share catches that"
    case .boosterSize: "Card-Forge/forge #10490: a Play Booster of 15 cards where the maker says 14; the 2023 file's 19-card Jumpstart boosters"
    case .unknownCard: "taw/magic-sealed-data #38: sheets of ZNR, KHM, STX, MH2, AFR and MB2 named card uuids that no longer existed"
    case .duplicateCard:
      "a key retyped in another case by hand (none in either file): a reader that keeps keys apart (mtg.wtf's, Python's) draws two cards, one that folds case adds their weights, and Sealed refuses the product"
    case .unusedSheet: "the other side of mtgjson/mtgjson #1659: a booster lost its draw and its sheet stayed behind, drawn by nothing"
    case .missingSheet: "mtgjson/mtgjson #1659: MB1's pack pointed at convention-2021, which no longer existed"
    case .totalWeight:
      "a sheet edited without its total: Forge, XMage and Draftmancer divide by MTGJSON's totalWeight (taw/magic-search-engine #461's sheet summed to 8830)"
    case .badWeight: "a deleted entry left at weight 0 or a weight that is not a whole number (mtg.wtf writes none)"
    case .impossibleDraw: "a slot count edited past its sheet or below zero (a hand edit; Card-Forge/forge #6612's 5 uncommons fit their sheet: uncommon-slots names them)"
    case .sourceSets: "mtgjson/mtgjson #1252: products that silently lost or gained the sets they draw from"
    case .setCode: "a set_code edited to another set (the product then opens that set's cards, and its kind, read from its code, is lost: the size and rare-slot rules no longer apply)"
    case .sheetFinish:
      "the shipped fin-collector's foil_rare_mythic, vow-collector's foil_rare_mythic_showcase, clb-collector-sample's foil_showcase_common_uncommon and woe-collector-sample's alt_frame_foil, all non-foil (the definitions lacked `foil: true`)"
    case .mixedFinish: "the shipped slc's 30 slots, each a card in both finishes (mtg.wtf's MTGJSON export skips slc for it)"
    case .guestSet: "the shipped eoe-play's special_guest, TDM's Special Guests (spg 104-113; eoe-play.yaml: `code: \"TDM\"` under \"TODO\")"
    case .sheetRarity:
      "the shipped s99's rare sheet holding s99:112, one of eight starter-only cards that mtg.wtf's newer s99.yaml leaves out of the booster"
    case .rareSlot: "a variant that lost its rare slot in an edit (the 2023 and 2025 files have none)"
    case .uncommonSlots: "Card-Forge/forge #6612: an FDN Play Booster with 5 uncommons (two commons' slots given to the uncommon sheet, which holds enough cards)"
    case .balancedDraw: "a balanced slot edited down to a few cards (the 2023 and 2025 files have none)"
    }
  }
}
