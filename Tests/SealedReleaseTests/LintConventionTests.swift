import Testing
import SealedCards
import SealedRules
import SealedTestSupport
@testable import SealedRelease

/// The lint's rules from the source format's own conventions (issue 39): each on a product
/// planted with the error the shipped files hold, and silent on the clean product and on the
/// cases the convention allows.
@Suite struct LintConventionTests {
  typealias Sheet = CompiledBoosterData.Sheet
  typealias Booster = CompiledBoosterData.Booster

  static func lint(_ product: CompiledBoosterData.Product, kind: String = "draft") throws -> [String] {
    try ProductLintTests.lint(product, kind: kind)
  }

  /// `product` with one more sheet, drawn once by its only variant in place of a common.
  static func adding(_ name: String, _ sheet: Sheet, to product: CompiledBoosterData.Product) -> CompiledBoosterData.Product {
    var product = product
    product.sheets[name] = sheet
    product.boosters[0].sheets["common"]! -= 1
    product.boosters[0].sheets[name] = 1
    product.source_set_codes = nil
    return product
  }

  static func keys(_ numbers: [Int], foil: Bool = false, set: String = "war") -> [String: Double] {
    Dictionary(uniqueKeysWithValues: numbers.map { ("\(set):\($0)\(foil ? ":foil" : "")", 1) })
  }

  @Test func sheetNamesStateTheirFinishAndRarities() {
    #expect(SheetName("foil_rare_mythic").finish == .foil)
    #expect(SheetName("foilRareMythic").words == ["foil", "rare", "mythic"])
    #expect(SheetName("infantry_1_foils").finish == .foil)
    #expect(SheetName("etched_uncommon").finish == .foil)
    #expect(SheetName("double_rainbow_serialized").finish == .foil)
    #expect(SheetName("non_foil_land").finish == .nonfoil)
    #expect(SheetName("nonFoilLand").finish == .nonfoil)
    #expect(SheetName("nonfoil_rare_mythic").finish == .nonfoil)
    #expect(SheetName("foil_replacement").finish == nil)
    #expect(SheetName("rainbow").finish == nil)
    #expect(SheetName("common_uncommon_showcase").rarities == [.common, .uncommon])
    #expect(SheetName("surge_booster_fun_rm").rarities == [.rare, .mythic])
    #expect(SheetName("non_foil_draconic_c_u").rarities == [.common, .uncommon])
    #expect(SheetName("nonland_common").rarities == [.common])
    #expect(SheetName("booster_fun").rarities.isEmpty)
    #expect(SheetName("white_a").rarities.isEmpty)
  }

  /// fin-collector's foil_rare_mythic in the shipped data: named foil, every card non-foil.
  @Test func aFoilNamedSheetOfNonFoilCardsIsNamed() throws {
    let clean = try ProductLintTests.clean()
    let rares = try ProductLintTests.numbers(.rare, 3)
    let planted = Self.adding("foil_rare_mythic", Sheet(cards: Self.keys(rares)), to: clean)
    #expect(try Self.lint(planted) == [
      "sheet-finish war-draft sheet foil_rare_mythic: its name says foil, but none of its 3 cards is foil (\(rares.map { "war:\($0)" }.sorted().joined(separator: ", ")))",
    ])
    #expect(try Self.lint(Self.adding("foil_rare_mythic", Sheet(cards: Self.keys(rares, foil: true)), to: clean)).isEmpty)
    // An Arena booster's stand-in for the paper foil slot, as mtg.wtf names it, states no finish.
    #expect(try Self.lint(Self.adding("foil_replacement", Sheet(cards: Self.keys(rares)), to: clean)).isEmpty)
    let nonFoil = Self.adding("non_foil_rare", Sheet(cards: Self.keys(rares, foil: true)), to: clean)
    #expect(try Self.lint(nonFoil).contains { $0.hasPrefix("sheet-finish war-draft sheet non_foil_rare: its name says non-foil, but 3 of its 3 cards are foil (") })
  }

  /// slc's slots in the shipped data: one card in both finishes on one sheet.
  @Test func aSheetOfBothFinishesIsNamed() throws {
    let rare = try ProductLintTests.numbers(.rare, 1)[0]
    let mixed = Sheet(cards: ["war:\(rare)": 7, "war:\(rare):foil": 3])
    let warnings = try Self.lint(Self.adding("slot1", mixed, to: try ProductLintTests.clean()))
    #expect(warnings == [
      "mixed-finish war-draft sheet slot1: holds 1 foil and 1 non-foil card (war:\(rare):foil, war:\(rare)) where a sheet is all foil or all non-foil",
    ])
    // Named foil as well: both conventions are broken, and both rules say so.
    let named = try Self.lint(Self.adding("foil_slot", mixed, to: try ProductLintTests.clean()))
    #expect(named.map { $0.prefix { $0 != " " } } == ["sheet-finish", "mixed-finish"])
  }

  /// eoe-play's special_guest in the shipped data: the Special Guests printed for tdm.
  @Test func anotherSetsGuestsAreNamed() throws {
    var eoe = try ProductLintTests.clean()
    (eoe.code, eoe.set_code) = ("eoe-play", "eoe")
    let guests = Sheet(cards: Self.keys(Array(104...113), set: "spg"))
    #expect(try Self.lint(Self.adding("special_guest", guests, to: eoe)).contains(
      "guest-set eoe-play sheet special_guest: draws 10 cards of spg 104-113 printed for tdm's boosters, not eoe's"))
    var tdm = eoe
    (tdm.code, tdm.set_code) = ("tdm-play", "tdm")
    #expect(try Self.lint(Self.adding("special_guest", guests, to: tdm)).allSatisfy { !$0.hasPrefix("guest-set") })
    // Numbers the print sheet gives no set are not judged; a bonus sheet of otj's is named.
    #expect(try Self.lint(Self.adding("special_guest", Sheet(cards: Self.keys(Array(94...103), set: "spg")), to: eoe))
      .allSatisfy { !$0.hasPrefix("guest-set") })
    let bigScore = Self.adding("the_list", Sheet(cards: Self.keys([1, 2], set: "big")), to: eoe)
    #expect(try Self.lint(bigScore).contains("guest-set eoe-play sheet the_list: draws 2 cards of big 1-2 printed for otj's boosters, not eoe's"))
    #expect(GuestSets.owners(of: CardKeyText("spg:30a")) == ["otj"])
    #expect(GuestSets.owners(of: CardKeyText("plst:10E-173")) == nil)
  }

  /// s99's rare sheet in the shipped data holds a common the newest definition leaves out.
  @Test func aRarityNamedSheetHoldingOtherRaritiesIsNamed() throws {
    let common = try ProductLintTests.numbers(.common, 21)[20]
    var product = try ProductLintTests.clean()
    product.sheets["uncommon"]!.cards["war:\(common)"] = 1
    #expect(try Self.lint(product) == [
      "sheet-rarity war-draft sheet uncommon: its name names uncommon, but 1 common of its 11 cards with card data (war:\(common))",
    ])
    // A card without data is not judged (a30, 30th Anniversary Edition, has none in the shipped data).
    product = try ProductLintTests.clean()
    product.sheets["uncommon"]!.cards["a30:1"] = 1
    product.source_set_codes = nil
    #expect(try Self.lint(product).isEmpty)
  }

  @Test func aPlayOrDraftVariantWithoutARareIsNamed() throws {
    var product = try ProductLintTests.clean()
    product.boosters.append(Booster(sheets: ["common": 11, "uncommon": 3, "basic": 1], weight: 1))
    let rareless = "rare-slot war-draft variant 2 of 2: draws no sheet of rares and mythics (basic 1, common 11, uncommon 3) where a Draft Booster holds a rare or mythic in every booster"
    #expect(try Self.lint(product) == [rareless])
    #expect(try Self.lint(product, kind: "play").contains(rareless.replacingOccurrences(of: "a Draft Booster", with: "a Play Booster")))
    #expect(try Self.lint(product, kind: "collector").isEmpty)
    // A sheet without card data counts by its name: a30_rare is a rare slot, booster_fun cannot be judged.
    product.sheets["a30_rare"] = Sheet(cards: ["a30:1": 1])
    product.boosters[1].sheets = ["common": 10, "uncommon": 3, "basic": 1, "a30_rare": 1]
    product.source_set_codes = nil
    #expect(try Self.lint(product).isEmpty)
    product.sheets["booster_fun"] = product.sheets.removeValue(forKey: "a30_rare")
    product.boosters[1].sheets = ["common": 10, "uncommon": 3, "basic": 1, "booster_fun": 1]
    #expect(try Self.lint(product).isEmpty)
  }

  /// A common planted in the rare sheet is `sheet-rarity`'s alone: the sheet, most of whose
  /// weight is still rare or mythic, is still the rare slot (every variant drawing it warned
  /// rare-slot too, untrue, and a baseline counted one mistake three times: a review).
  @Test func aCommonInTheRareSheetIsNoMissingRareSlot() throws {
    let common = try ProductLintTests.numbers(.common, 21)[20]
    var product = try ProductLintTests.clean()
    let rareSheet = try #require(product.sheets.keys.first { $0.contains("rare") })
    product.sheets[rareSheet]!.cards["war:\(common)"] = 1
    let warnings = try Self.lint(product)
    #expect(warnings.count == 1 && warnings[0].hasPrefix("sheet-rarity war-draft sheet \(rareSheet): "), "\(warnings)")
    // A sheet most of whose weight is common is no rare slot, whatever its name.
    product.sheets[rareSheet]!.cards["war:\(common)"] = product.sheets[rareSheet]!.cards.values.reduce(0, +) * 2
    #expect(try Self.lint(product).contains { $0.hasPrefix("rare-slot war-draft variant 1 of 1: ") })
  }

  /// One card under keys that differ only in case passed lint, where check-products refused
  /// the product: now named once, with every key it was listed as.
  @Test func aCardListedTwiceInTwoCasesIsNamed() throws {
    var product = try ProductLintTests.clean()
    let key = try #require(product.sheets["common"]!.cards.keys.sorted().first)
    product.sheets["common"]!.cards[key.uppercased()] = 1
    product.sheets["common"]!.cards[key.prefix(1).uppercased() + key.dropFirst()] = 1
    product.sheets["common"]!.total_weight = product.sheets["common"]!.cards.values.reduce(0, +)
    let warnings = try Self.lint(product)
    #expect(warnings == [
      "duplicate-card war-draft sheet common card \(key): listed 3 times, as \(key.uppercased()), \(key.prefix(1).uppercased() + key.dropFirst()), \(key) (keys that differ only in case name one card): expected it once",
    ], "\(warnings)")
  }

  /// A key that is no `set:number[:foil]` passed lint while importing the product refused it
  /// (a review: `war250`, `war:5:fiol`); a capital set code is a key the import reads.
  @Test func aKeyOfNoCardFormIsNamed() throws {
    var product = try ProductLintTests.clean()
    let keys = product.sheets["common"]!.cards.keys.sorted()
    for (old, new) in [(keys[0], "war250"), (keys[1], keys[1] + ":fiol"), (keys[2], keys[2] + ":FOIL"), (keys[3], ":" + keys[3])] {
      product.sheets["common"]!.cards[new] = product.sheets["common"]!.cards.removeValue(forKey: old)
    }
    product.sheets["common"]!.cards[keys[4].uppercased()] = product.sheets["common"]!.cards.removeValue(forKey: keys[4])
    let warnings = try Self.lint(product)
    let named = warnings.filter { $0.contains(": not a card key: expected set:number or set:number:foil") }
    #expect(named.count == 4, "\(warnings)")
    for key in ["war250", keys[1] + ":fiol", keys[2] + ":FOIL", ":" + keys[3]] {
      #expect(named.contains { $0.hasPrefix("unknown-card war-draft sheet common card \(key): ") }, "\(key): \(warnings)")
    }
    #expect(!warnings.contains { $0.contains(keys[4].uppercased()) }, "\(warnings)")
  }

  /// Card-Forge/forge #6612: an FDN Play Booster with 5 uncommons, two commons' slots given to
  /// the uncommon sheet, which holds enough cards (a review planted it: lint and a baseline run
  /// passed it). A wildcard that may give an uncommon is another slot; Draft Boosters are not
  /// judged.
  @Test func aPlayBoosterWithFiveUncommonsIsNamed() throws {
    var product = try ProductLintTests.clean()
    func named(_ kind: String) throws -> [String] { try Self.lint(product, kind: kind).filter { $0.hasPrefix("uncommon-slots ") } }
    #expect(try named("play").isEmpty)
    product.boosters[0].sheets["common"]! -= 2
    product.boosters[0].sheets["uncommon"]! += 2
    #expect(try named("play") == [
      "uncommon-slots war-draft variant 1 of 1: draws 5 uncommons (5 from uncommon) where a Play Booster holds 3",
    ])
    #expect(try named("draft").isEmpty)
    product.boosters[0].sheets["uncommon"]! -= 2
    product.sheets["wildcard"] = product.sheets["uncommon"]
    product.boosters[0].sheets["wildcard"] = 1
    #expect(try named("play").isEmpty)
  }

  @Test func aBalancedSheetDrawnFiveTimesOrFewerIsNamed() throws {
    var product = try ProductLintTests.clean()
    product.sheets["common"]!.balance_colors = true
    #expect(try Self.lint(product).isEmpty)
    product.boosters[0].sheets["common"] = 5
    product.boosters[0].sheets["uncommon"] = 8
    product.sheets["uncommon"]!.allow_duplicates = true
    #expect(try Self.lint(product) == [
      "balanced-draw war-draft variant 1 of 1 sheet common: draws 5 cards from colour-balanced sheet common, too few to balance (mtg.wtf warns at 5 or fewer)",
    ])
  }

  /// A variant drawing -1 cards from a sheet is named (it passed lint, and rules diff read the
  /// sheet as gone); a count of 0, which draws nothing, is not.
  @Test func aNegativeDrawIsNamed() throws {
    var product = try ProductLintTests.clean()
    product.boosters[0].sheets["basic"] = -1
    let warnings = try Self.lint(product)
    #expect(warnings.contains(
      "impossible-draw war-draft variant 1 of 1 sheet basic: draws -1 cards from sheet basic, expected a count of at least 0"), "\(warnings)")
    product.boosters[0].sheets["basic"] = 0
    #expect(!(try Self.lint(product)).contains { $0.hasPrefix("impossible-draw") })
  }

  /// The same product lints to the same words whatever its dictionaries' order (a dictionary's
  /// order, which differs from process to process, once moved a guest-set span between two
  /// sets and a total weight's last digit): a sheet of two guest sets and non-whole weights,
  /// held in dictionaries of different capacities (so of different orders), lints alike.
  @Test func theWordsDoNotDependOnADictionarysOrder() throws {
    func linted(capacity: Int) throws -> [String] {
      var product = try ProductLintTests.clean()
      var keys: [String: Double] = [:]
      keys.reserveCapacity(capacity)
      for number in 29...38 { keys["spg:\(number)"] = 1.0 / 7 }
      for number in 1...30 { keys["big:\(number)"] = 2.0 / 7 }
      product.sheets["the_list"] = CompiledBoosterData.Sheet(cards: keys, total_weight: 3)
      product.boosters[0].sheets["common"]! -= 1
      product.boosters[0].sheets["the_list"] = 1
      product.source_set_codes = nil
      return try Self.lint(product)
    }
    let first = try linted(capacity: 0)
    let guest = try #require(first.first { $0.hasPrefix("guest-set ") }, "\(first)")
    #expect(guest.contains("30 cards of big 1-30 printed for otj's boosters") && guest.contains("10 cards of spg 29-38 printed for otj's boosters"), "\(guest)")
    #expect(first.contains { $0.hasPrefix("total-weight ") })
    for capacity in [64, 1000, 5000] { #expect(try linted(capacity: capacity) == first, "capacity \(capacity)") }
  }

  @Test func everyRuleStatesItsConventionAndWhatItCaught() {
    for rule in LintRule.allCases {
      #expect(rule.convention.count > 40, "\(rule.rawValue)")
      #expect(rule.caught.count > 40, "\(rule.rawValue)")
    }
  }
}
