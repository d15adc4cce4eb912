import Foundation
import SealedSupport
import Testing
import SealedCards
import SealedRules
import SealedTestSupport
@testable import SealedRelease

/// The release diff's pieces on small products whose exact shares are worked out by hand here.
@Suite struct ReleaseDiffTests {
  typealias Product = CompiledBoosterData.Product
  typealias Sheet = CompiledBoosterData.Sheet
  typealias Booster = CompiledBoosterData.Booster

  /// war-draft's shape in small: a rare sheet (war:1 twice, war:13 once) drawn by both variants,
  /// commons drawn 2 or 3 at a time.
  static func product(code: String = "war-draft", set: String = "war", commonWeight: Double = 1, variantWeight: Double = 3) -> Product {
    Product(
      name: "Test", code: code, set_code: set,
      boosters: [
        Booster(sheets: ["rare": 1, "common": 2], weight: variantWeight),
        Booster(sheets: ["rare": 1, "common": 3], weight: 1),
      ],
      sheets: [
        "rare": Sheet(cards: ["war:1": 2, "war:13": 1]),
        "common": Sheet(cards: ["war:10": commonWeight, "war:101": 1, "war:103": 1, "war:105": 1]),
      ])
  }

  static let cards = ReleaseCards(loader: CardSetLoader(location: .init(kind: .given(path: Fixtures.shippedCards, givenBy: "--cards"))))

  @Test func measuresAreTheSharesWorkedOutByHand() throws {
    let values = try ProductMeasures(Self.product(), cards: Self.cards).values
    func value(_ measure: ProductMeasures.Measure, _ subject: String) -> Fraction? { values[.init(measure: measure, subject: subject)] }
    // Variants 3:1; sizes 3 and 4.
    #expect(value(.variant, "common 2, rare 1") == Fraction(3, 4))
    #expect(value(.boosterSize, "3") == Fraction(3, 4))
    #expect(value(.boosterSize, "4") == Fraction(1, 4))
    #expect(value(.sheetShare, "common") == Fraction(1))
    // Commons per booster 3/4 × 2 + 1/4 × 3 = 9/4, shared by 4 cards of weight 1: 9/16 each.
    #expect(value(.card, "war:101") == Fraction(9, 16))
    // The rare sheet, one draw per booster: war:1 2/3, war:13 1/3.
    #expect(value(.card, "war:1") == Fraction(2, 3))
    // Rarities from the shipped war data: war:1 is rare, war:13 mythic.
    #expect(value(.rarity, "rare: rare") == Fraction(2, 3))
    #expect(value(.rarity, "rare: mythic") == Fraction(1, 3))
  }

  @Test func aProductComparedWithItselfChangesNothingAndAWeightIsFound() throws {
    #expect(ReleaseDiff(old: [Self.product()], new: [Self.product()], cards: nil).changed == false)
    let diff = ReleaseDiff(old: [Self.product()], new: [Self.product(commonWeight: 10)], cards: nil)
    #expect(diff.count(.changed) == 1)
    // war:10 goes from 9/4 × 1/4 = 9/16 to 9/4 × 10/13 = 45/26; the others to 9/52.
    let first = try #require(diff.changes.first)
    #expect(first.key == .init(measure: .card, subject: "war:10"))
    #expect(first.old == Fraction(9, 16) && first.new == Fraction(45, 26))
    #expect(diff.changes.first { $0.key.subject == "war:101" }?.new == Fraction(9, 52))
    // Scaling every weight of a sheet changes no share.
    var scaled = Self.product()
    scaled.sheets["rare"] = Sheet(cards: ["war:1": 20, "war:13": 10])
    #expect(ReleaseDiff(old: [Self.product()], new: [scaled], cards: nil).changed == false)
  }

  @Test func renamedProductsAndSheetsArePaired() {
    let old = [Self.product(code: "war"), Self.product(code: "dom", set: "dom"), Self.product(code: "cmb1", set: "cmb1")]
    var renamedSheet = Self.product()
    renamedSheet.sheets["common_with_showcase"] = renamedSheet.sheets.removeValue(forKey: "common")
    renamedSheet.boosters = renamedSheet.boosters.map { Booster(sheets: ["rare": 1, "common_with_showcase": $0.sheets["common"]!], weight: $0.weight) }
    let new = [renamedSheet, Self.product(code: "dom-draft", set: "dom"), Self.product(code: "mkm-play", set: "mkm")]
    let diff = ReleaseDiff(old: old, new: new, cards: nil)
    #expect(diff.products.map(\.status) == [.renamed, .renamed, .removed, .added])
    #expect(diff.products[0].changes == 0)
    #expect(diff.products[0].note == "sheets renamed: common → common_with_showcase")
    // An older file given second finds its codes too, and MTGJSON's SET-default is the draft booster.
    #expect(ProductPairing(old: [Self.product()], new: [Self.product(code: "war")]).pairs.count == 1)
    #expect(ProductPairing(old: [Self.product(code: "war-default")], new: [Self.product()]).pairs.count == 1)
  }
}

extension ReleaseDiffTests {
  /// Issue 39: per changed product, one line of what changed in words, most consequential
  /// first, each value exact.
  @Test func theSummarySaysWhatChangedMostConsequentialFirst() throws {
    // Odds only: war:10's weight ×10, its expected copies 9/16 → 45/26 (worked out above).
    let odds = ReleaseDiff(old: [Self.product()], new: [Self.product(commonWeight: 10)], cards: nil)
    #expect(odds.products[0].summary?.consequence == .odds)
    #expect(odds.products[0].summary?.text
      == "largest odds changes: card war:10 per booster 9/16 → 45/26 (+208%), card war:101 per booster 9/16 → 9/52 (-69%)")
    // Two cards' weights typed a tenth of what they were (taw/magic-search-engine #461's shape):
    // they fall, the rest rise, and both ways are named (the two that rose most were named, and
    // sent a maintainer to the wrong cards: a review).
    var (before, typo) = (Self.product(), Self.product())
    before.sheets["common"]!.cards = ["war:10": 10, "war:101": 10, "war:103": 10, "war:105": 10]
    typo.sheets["common"]!.cards = ["war:10": 1, "war:101": 1, "war:103": 10, "war:105": 10]
    let fell = ReleaseDiff(old: [before], new: [typo], cards: nil)
    let text = try #require(fell.products[0].summary?.text)
    #expect(text.hasPrefix("largest odds changes: card war:"), "\(text)")
    #expect(text.contains("(-") && text.contains("(+"), "\(text)")
    // A size: the 3-common variant draws 3, so every booster holds 4 cards.
    var bigger = Self.product(code: "dom-draft", set: "dom")
    bigger.boosters[0].sheets["common"] = 3
    // A finish: the rare sheet's cards become foil; a new sheet; the common sheet replaced by one
    // that allows duplicates.
    var foil = Self.product(code: "mkm-play", set: "mkm")
    foil.sheets["rare"] = Sheet(cards: ["war:1:foil": 2, "war:13:foil": 1])
    foil.sheets["common_with_duplicates"] = Sheet(cards: foil.sheets.removeValue(forKey: "common")!.cards, allow_duplicates: true)
    foil.sheets["bonus"] = Sheet(cards: ["war:2": 1])
    foil.boosters = foil.boosters.map {
      Booster(sheets: ["rare": 1, "common_with_duplicates": $0.sheets["common"]!, "bonus": 1], weight: $0.weight)
    }
    let old = [Self.product(), Self.product(code: "dom-draft", set: "dom"), Self.product(code: "mkm-play", set: "mkm")]
    let diff = ReleaseDiff(old: old, new: [Self.product(commonWeight: 10), bigger, foil], cards: nil)
    let ordered = diff.summaryOrder.map { diff.products[$0] }
    #expect(ordered.map(\.newCode) == ["dom-draft", "mkm-play", "war-draft"])
    #expect(ordered[0].summary?.text.hasPrefix("booster size 3 in 3/4, 4 in 1/4 → 4; cards drawn per booster: common 2 or 3 → 3; largest odds changes: ") == true, "\(ordered[0].summary?.text ?? "")")
    #expect(ordered[1].summary?.consequence == .size)
    #expect(ordered[1].summary?.text.hasPrefix(
      "booster size 3 in 3/4, 4 in 1/4 → 4 in 3/4, 5 in 1/4; finish: rare non-foil → foil; new sheets: bonus; "
        + "sheets replaced: common → common_with_duplicates (now allow_duplicates); cards: 3 added (war), 2 removed (war)") == true,
      "\(ordered[1].summary?.text ?? "")")
    // The same release twice: no summary at all.
    #expect(ReleaseDiff(old: old, new: old, cards: nil).summaryOrder.isEmpty)
  }
}

/// Each lint rule on a product built to break it, and silent on one that does not.
@Suite struct ProductLintTests {
  typealias Sheet = CompiledBoosterData.Sheet
  typealias Booster = CompiledBoosterData.Booster

  static func lint(_ product: CompiledBoosterData.Product, kind: String = "draft") throws -> [String] {
    try ProductLint.warnings(product, kind: kind, cards: ReleaseDiffTests.cards).map(\.text)
  }

  /// war's cards of `rarity` in the shipped card data, lowest numbers first.
  static func numbers(_ rarity: Rarity, _ count: Int) throws -> [Int] {
    let cards = try ReleaseDiffTests.cards.cards(ofSet: "war")
    let numbers = cards.filter { $0.value.rarity == rarity && !$0.value.typeLine.contains("Basic") }.keys.compactMap { Int($0) }.sorted()
    return Array(numbers.prefix(count))
  }

  /// A clean 15-card draft booster of war: 10 commons of 20, 3 uncommons of 10, a rare of 10, a
  /// basic land of 5, each sheet holding the rarity it is named for.
  static func clean() throws -> CompiledBoosterData.Product {
    func sheet(_ numbers: [Int], weight: Double = 1) -> Sheet {
      Sheet(cards: Dictionary(uniqueKeysWithValues: numbers.map { ("war:\($0)", weight) }))
    }
    return CompiledBoosterData.Product(
      name: "Test", code: "war-draft", set_code: "war",
      boosters: [Booster(sheets: ["common": 10, "uncommon": 3, "rare": 1, "basic": 1], weight: 1)],
      sheets: [
        "common": sheet(try numbers(.common, 20)), "uncommon": sheet(try numbers(.uncommon, 10)),
        "rare": sheet(try numbers(.rare, 10)), "basic": sheet(Array(250...254)),
      ],
      source_set_codes: ["war"])
  }

  @Test func aCleanProductRaisesNothing() throws {
    #expect(try Self.lint(Self.clean()) == [])
    #expect(try Self.lint(Self.clean(), kind: "play").contains { $0.hasPrefix("booster-size") })
    #expect(try Self.lint(Self.clean(), kind: "play").allSatisfy { $0.hasPrefix("booster-size") })
  }

  @Test func eachRuleNamesTheProductAndWhere() throws {
    var product = try Self.clean()
    let rares = try Self.numbers(.rare, 10)
    let first = "war:\(rares[0])"
    let peers = rares.count - 1
    let rarity = "rare"
    product.sheets["rare"]!.cards[first] = 10
    product.boosters[0].sheets["common"] = 11
    let uncommon = "war:\(try Self.numbers(.uncommon, 1)[0])"
    product.sheets["uncommon"]!.cards["war:999"] = product.sheets["uncommon"]!.cards.removeValue(forKey: uncommon)
    product.sheets["orphan"] = Sheet(cards: [first: 1])
    product.boosters.append(Booster(sheets: ["common": 10, "uncommon": 3, "rares": 1, "basic": 1], weight: 0))
    product.sheets["basic"]!.total_weight = 6
    product.source_set_codes = ["war", "dom"]
    let warnings = try Self.lint(product)
    #expect(warnings.contains("weight-magnitude war-draft sheet rare card \(first): weight 10 is 10 times the 1 that \(peers) other \(rarity) cards of the sheet have"))
    #expect(warnings.contains("booster-size war-draft variant 1 of 2: draws 16 cards where a Draft Booster is published at 15"))
    #expect(warnings.contains { $0.hasPrefix("unknown-card war-draft sheet uncommon card war:999: the card data of war has no such card, and has the") })
    #expect(warnings.contains("unused-sheet war-draft sheet orphan: no variant draws from it"))
    #expect(warnings.contains("missing-sheet war-draft variant 2 of 2 sheet rares: draws 1 from sheet rares, which the product does not define"))
    #expect(warnings.contains("total-weight war-draft sheet basic: total_weight 6, but its cards' weights add up to 5"))
    #expect(warnings.contains("bad-weight war-draft variant 2 of 2: weight 0, expected a positive whole number"))
    #expect(warnings.contains("source-sets war-draft source_set_codes: lists dom, which no sheet names"))
  }

  /// A set_code that is not the set the code begins with is named (war-draft opening dom lost
  /// its kind, and with it the size and rare-slot rules, and passed the lint).
  @Test func aSetCodeTheCodeDoesNotBeginWithIsNamed() throws {
    var product = try Self.clean()
    product.set_code = "dom"
    #expect(try Self.lint(product).contains("set-code war-draft set_code: set_code dom, but the code war-draft names war, expected the set the code begins with"))
    product.set_code = "WAR"
    #expect(try Self.lint(product).allSatisfy { !$0.hasPrefix("set-code") })
  }

  /// A key whose set code slipped (`wra:12` beside war's cards) names a set no card data has:
  /// it was read as a gap of the card data and passed every command. A set without data spelled
  /// unlike the product's other sets, or named by many keys, is a gap, not a slip.
  @Test func aMistypedSetCodeIsNamed() throws {
    var product = try Self.clean()
    let rare = try Self.numbers(.rare, 1)[0]
    product.sheets["rare"]!.cards["wra:\(rare)"] = product.sheets["rare"]!.cards.removeValue(forKey: "war:\(rare)")
    product.sheets["rare"]!.cards["xyz:1"] = 1
    product.source_set_codes = ["war", "wra", "xyz"]
    let warnings = try Self.lint(product)
    #expect(
      warnings == ["unknown-card war-draft sheet rare card wra:\(rare): no card data has a set wra, and the product's other keys name war, whose card data has war:\(rare): a mistyped set code?"],
      "\(warnings)")
    for number in 900...902 { product.sheets["rare"]!.cards["wra:\(number)"] = 1 }
    #expect(try Self.lint(product).isEmpty)
  }

  /// Weights of 2^53 and more, which no JSON reader of doubles keeps exactly, are bad weights,
  /// and sheets whose weights add up to that much are named (1e30 and 2^63 - 1 passed the lint
  /// and a total 9007199254740993 was misread).
  @Test func weightsFrom2To53AreBad() throws {
    var product = try Self.clean()
    let rares = try Self.numbers(.rare, 2)
    product.sheets["rare"]!.cards["war:\(rares[0])"] = 1e30
    product.sheets["rare"]!.total_weight = nil
    product.boosters[0].weight = 9_007_199_254_740_992
    let warnings = try Self.lint(product)
    let limit = "expected a positive whole number below 2^53 (9007199254740992), which every JSON reader keeps exactly"
    #expect(warnings.contains("bad-weight war-draft sheet rare card war:\(rares[0]): weight 1e+30, \(limit)"), "\(warnings)")
    #expect(warnings.contains("bad-weight war-draft variant 1 of 1: weight 9007199254740992, \(limit)"), "\(warnings)")
    #expect(warnings.contains { $0.hasPrefix("total-weight war-draft sheet rare: its cards' weights add up to 1e+30, expected a total below 2^53") })
    product.sheets["rare"]!.cards["war:\(rares[0])"] = 9_007_199_254_740_991
    product.boosters[0].weight = 9_007_199_254_740_991
    let below = try Self.lint(product)
    #expect(!below.contains { $0.hasPrefix("bad-weight") }, "\(below)")
    #expect(below.contains { $0.hasPrefix("total-weight war-draft sheet rare: its cards' weights add up to") })
    // The diff, which cannot compare such a product exactly, says what it expected.
    product.boosters[0].weight = 1e30
    #expect(throws: DataError("product war-draft: variant 1's weight is 1e+30; expected a whole number of at least 0 and below 2^53 (9007199254740992)")) {
      try ProductMeasures(product, cards: nil)
    }
  }

  /// Keys of a set whose card data lists every printing (the shipped war, a set fetched from
  /// Scryfall) that the data lacks are named however many there are (taw/magic-sealed-data #38:
  /// whole sheets of dead keys); card data that may be partial (a given path, the field's
  /// extracts) is trusted with at most two.
  @Test func everyDeadKeyOfASetWithEveryPrintingIsNamed() throws {
    var product = try Self.clean()
    for number in 900...902 { product.sheets["common"]!.cards["war:\(number)"] = 1 }
    let home = try Fixtures.temporaryDirectory()
    let layered = ReleaseCards(loader: CardSetLoader(location: CardDataLocation(
      kind: .layered(store: CardStore(path: home.appendingPathComponent("cards").path), shipped: Fixtures.shippedCards))))
    #expect(layered.listsEveryPrinting(ofSet: "war") && !layered.listsEveryPrinting(ofSet: "eld") && !layered.listsEveryPrinting(ofSet: "mid"))
    let named = try ProductLint.warnings(product, kind: "draft", cards: layered).map(\.text)
    #expect(named.count == 3, "\(named)")
    #expect(named.first == "unknown-card war-draft sheet common card war:900: the card data of war has no such card, and lists every printing of war (3 of the 48 cards of war the product names are not in it) (past war's highest collector number in the data, 275)")
    #expect(try Self.lint(product) == [])
  }

  /// An MTGJSON uuid that no card of an AllPrintings file has (taw/magic-sealed-data #38) is
  /// named; another set's uuid in a file of one set is not an error.
  @Test func aUuidNoCardHasIsNamed() throws {
    var product = try Self.clean()
    product.sheets["rare"]!.cards["uuid:0000-dead"] = 1
    product.sheets["rare"]!.cards["uuid-other-set:0000-beef"] = 1
    product.source_set_codes = nil
    let warnings = try Self.lint(product)
    #expect(warnings == ["unknown-card war-draft sheet rare card uuid 0000-dead: no card of the file has this uuid"])
  }

  @Test func theSizeRuleKnowsTheSetsPublishedAtAnotherSize() throws {
    var product = try Self.clean()
    product.code = "cmr-draft"
    product.set_code = "cmr"
    #expect(try Self.lint(product).contains("booster-size cmr-draft variant 1 of 1: draws 15 cards where cmr's Draft Booster is published at 20"))
    #expect(try Self.lint(try Self.clean(), kind: "collector").isEmpty)
  }

  /// A product that opens another set, or has another name, has changed though its odds have
  /// not (war-draft's set_code moved to dom was "the same").
  @Test func aProductsSetAndNameAreCompared() {
    let old = ReleaseDiffTests.product()
    var moved = ReleaseDiffTests.product(set: "dom")
    let diff = ReleaseDiff(old: [old], new: [moved], cards: nil)
    #expect(diff.changed && diff.count(.changed) == 1 && diff.changes.isEmpty)
    #expect(diff.products[0].note == "set_code \"war\" → \"dom\"")
    #expect(diff.products[0].summary?.consequence == .slots)
    moved = ReleaseDiffTests.product(set: "WAR")
    #expect(!ReleaseDiff(old: [old], new: [moved], cards: nil).changed)
    var renamed = ReleaseDiffTests.product()
    renamed.name = "Test Collector"
    let named = ReleaseDiff(old: [old], new: [renamed], cards: nil).products[0]
    #expect(named.note == "name \"Test\" → \"Test Collector\"" && named.summary?.consequence == .names)
    // A product whose code changed is expected to change its name: not a phrase of its own.
    renamed.code = "war-collector"
    #expect(ReleaseDiff(old: [old], new: [renamed], cards: nil).products.allSatisfy { !$0.note.contains("name") })
  }

  /// What a consumer reads besides the odds, each once "the same" (exit 0): a sheet renamed, a
  /// total_weight its cards do not add up to, the source sets, the case of the code. The
  /// source sets are compared only when both releases list them (the 2023 file did not).
  @Test func whatAConsumerReadsIsCompared() {
    let old = ReleaseDiffTests.product()
    func diffed(_ edit: (inout CompiledBoosterData.Product) -> Void) -> ReleaseDiff.ProductEntry {
      var new = old
      edit(&new)
      return ReleaseDiff(old: [old], new: [new], cards: nil).products[0]
    }
    let sheet = diffed { product in
      product.sheets["commons"] = product.sheets.removeValue(forKey: "common")
      product.boosters = product.boosters.map { Booster(sheets: ["rare": 1, "commons": $0.sheets["common"]!], weight: $0.weight) }
    }
    #expect(sheet.status == .changed && sheet.summary?.text == "sheets renamed: common → commons")
    // The sheet renamed while the variants still draw the old name is no renaming: the old name
    // is drawn and not defined, its cards now in the new one (it read "new sheets: common;
    // sheets gone: commons; sheets renamed: common → commons", swapped: a review's planted error).
    let stale = diffed { $0.sheets["commons"] = $0.sheets.removeValue(forKey: "common") }
    let staleText = stale.summary?.text ?? ""
    #expect(stale.status == .changed && !staleText.contains("renamed"), "\(staleText)")
    #expect(staleText.contains("variants draw from sheet common, which the product does not define"), "\(staleText)")
    #expect(staleText.hasSuffix("cards: 4 moved between sheets (4 common → commons)"), "\(staleText)")
    #expect(diffed { $0.sheets["common"]!.total_weight = 4 }.status == .unchanged)
    let total = diffed { $0.sheets["common"]!.total_weight = 5 }
    #expect(total.status == .changed && total.summary?.text == "total_weight of sheet common none → 5, where its cards add up to 4")
    var withTotal = old
    withTotal.sheets["common"]!.total_weight = 4
    var wrong = withTotal
    wrong.sheets["common"]!.total_weight = 5
    let wrongTotal = ReleaseDiff(old: [withTotal], new: [wrong], cards: nil).products[0]
    #expect(wrongTotal.status == .changed && wrongTotal.summary?.text == "total_weight of sheet common 4 → 5, where its cards add up to 4")
    var listing = old
    listing.source_set_codes = ["war"]
    let sets = ReleaseDiff(old: [listing], new: [{ var p = listing; p.source_set_codes = ["war", "dom"]; return p }()], cards: nil).products[0]
    #expect(sets.status == .changed && sets.summary?.text == "source_set_codes war → dom, war")
    #expect(diffed { $0.source_set_codes = ["war"] }.status == .unchanged)
    let code = diffed { $0.code = "War-Draft" }
    #expect(code.status == .changed && code.summary?.text == "code \"war-draft\" → \"War-Draft\"")
  }

  /// A sheet emptied of its cards is named so, first, and keeps its flags (the diff said it was
  /// no longer colour-balanced).
  @Test func anEmptiedSheetIsNamed() {
    var old = ReleaseDiffTests.product()
    old.sheets["common"]!.balance_colors = true
    var empty = old
    empty.sheets["common"]!.cards = [:]
    let text = ReleaseDiff(old: [old], new: [empty], cards: nil).products[0].summary?.text ?? ""
    #expect(text.hasPrefix("sheet common holds no card, and variants draw from it; "), "\(text)")
    #expect(!text.contains("balance_colors"), "\(text)")
  }

  /// A sheet deleted while variants still draw from it (a reference to nothing) is named so,
  /// first; it read as "cards: 2 removed". A variant made to draw a sheet the
  /// product never defined is named the same way.
  @Test func aDeletedSheetThatVariantsDrawIsNamed() {
    let old = ReleaseDiffTests.product()
    var deleted = old
    deleted.sheets["rare"] = nil
    let text = ReleaseDiff(old: [old], new: [deleted], cards: nil).products[0].summary?.text ?? ""
    #expect(text.hasPrefix("variants draw from sheet rare, which the product does not define; "), "\(text)")
    var renamed = old
    renamed.boosters[1].sheets = ["convention-2021": 1, "common": 3]
    let other = ReleaseDiff(old: [old], new: [renamed], cards: nil).products[0].summary?.text ?? ""
    #expect(other.hasPrefix("variants draw from sheet convention-2021, which the product does not define; "), "\(other)")
    // Not a new sheet as well (it said `new sheets: convention-2021` beside it: a review).
    #expect(!other.contains("new sheets"), "\(other)")
    // Broken in both releases alike: not a change to name.
    #expect(ReleaseDiff(old: [deleted], new: [deleted], cards: nil).products[0].summary == nil)
  }

  /// A variant drawing more cards of one sheet and fewer of another, the booster's size kept
  /// (a Play Booster of 5 uncommons and 5 commons where 3 and 7 are meant), says so; it read
  /// as odds alone.
  @Test func aChangedNumberOfCardsFromASheetIsNamed() {
    let old = ReleaseDiffTests.product()
    var more = old
    more.boosters[1].sheets = ["rare": 2, "common": 2]
    let text = ReleaseDiff(old: [old], new: [more], cards: nil).products[0].summary?.text ?? ""
    #expect(text.hasPrefix("cards drawn per booster: common 2 or 3 → 2, rare 1 → 1 or 2; "), "\(text)")
    var same = old
    same.boosters[0].weight = 5
    let reweighted = ReleaseDiff(old: [old], new: [same], cards: nil).products[0].summary?.text ?? ""
    #expect(!reweighted.contains("cards drawn per booster"), "\(reweighted)")
  }

  /// A card or two moved into another sheet are named with where they went (one moved card
  /// said only "1 moved between sheets"); more are counted by groups.
  @Test func aFewMovedCardsAreNamed() {
    let old = ReleaseDiffTests.product()
    var one = old
    one.sheets["rare"]!.cards["war:10"] = one.sheets["common"]!.cards.removeValue(forKey: "war:10")
    let moved = ReleaseDiff(old: [old], new: [one], cards: nil).products[0].summary?.text ?? ""
    #expect(moved.hasPrefix("cards: 1 moved between sheets (war:10 common → rare); "), "\(moved)")
    var all = old
    for key in ["war:10", "war:101", "war:103", "war:105"] { all.sheets["rare"]!.cards[key] = all.sheets["common"]!.cards.removeValue(forKey: key) }
    all.sheets["common"]!.cards["war:1"] = 1
    let many = ReleaseDiff(old: [old], new: [all], cards: nil).products[0].summary?.text ?? ""
    #expect(many.contains("cards: 5 moved between sheets (4 common → rare, ...)"), "\(many)")
  }
}
