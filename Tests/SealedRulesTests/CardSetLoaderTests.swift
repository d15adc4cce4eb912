import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedTestSupport
import Testing

/// `CardSetLoader` with the layered card data (an empty user folder, then the shipped sets).
@Suite struct CardSetLoaderTests {
  static func loader() throws -> CardSetLoader {
    let home = try Fixtures.temporaryDirectory("sealed-loader")
    return CardSetLoader(location: CardDataLocation(
      kind: .layered(store: CardStore(path: home.appendingPathComponent("cards").path), shipped: Fixtures.shippedCards)))
  }

  /// Rules whose filters need war's booster range and that list a card of a set the data lacks
  /// (spg) by key: the missing set's cards are known by their keys alone, as without a filter
  /// (a one-line "set spg has no card data" refused the file, naming no line).
  @Test func aFilteredSetBesideAKeyOfAMissingSetCompiles() throws {
    let yaml = """
      name: mixed
      pool: { boosters: 1, mythic_booster: none }
      sheets:
        guests: { cards: { "war:1": 1, "spg:19": 1 } }
        common: { rarity: common }
      slots:
        - { name: guest, count: 1, sheet: guests }
        - { name: common, count: 1, sheet: common }
      """
    let rules = try RuleSetLoader.parse(yaml, source: "mixed.yaml")
    let set = try Self.loader().cardSet("war", for: rules)
    #expect(set.otherSets["spg"]?.cards.isEmpty == true)
    let plan = try PlanCompiler.compile(rules, for: set)
    let gaps = try #require(CardDataGaps(plan: plan))
    #expect(gaps.sets == ["spg"] && gaps.missing == 1, "\(gaps.summary)")
    #expect(gaps.remedy == "sealed cards fetch spg" && gaps.deadKeys.isEmpty)
  }

  /// One card listed twice in a sheet under keys that differ in case is refused, naming both
  /// (the plan added the two weights up, where a reader keeping keys apart reads two cards).
  @Test func oneCardListedTwiceIsRefused() throws {
    let yaml = """
      name: twice
      pool: { boosters: 1, mythic_booster: none }
      sheets:
        guests: { cards: { "war:1": 1, "WAR:1": 1, "war:1:foil": 1, "war:2": 1 } }
      slots:
        - { name: guest, count: 1, sheet: guests }
      """
    let rules = try RuleSetLoader.parse(yaml, source: "twice.yaml")
    let set = try Self.loader().cardSet("war", for: rules)
    #expect(throws: DataError("sheet \"guests\" lists one card twice, as war:1 and WAR:1; expected each card once, its weight written once", at: "twice.yaml:4:43")) {
      try PlanCompiler.compile(rules, for: set)
    }
    // A card and its foil are two cards.
    let once = try RuleSetLoader.parse(yaml.replacingOccurrences(of: "\"WAR:1\": 1, ", with: ""), source: "once.yaml")
    #expect(try PlanCompiler.compile(once, for: Self.loader().cardSet("war", for: once)).sheets.count == 1)
  }

  /// A key past the last number of a set whose card data lists every printing (the shipped war)
  /// names no card: the note says so, not "sealed cards fetch war", which would change nothing.
  @Test func aKeyOfACompleteSetWithoutDataIsNamedNotFetched() throws {
    let yaml = """
      name: typo
      pool: { boosters: 1, mythic_booster: none }
      sheets:
        guests: { cards: { "war:1": 1, "war:999": 1, "spg:19": 1 } }
      slots:
        - { name: guest, count: 1, sheet: guests }
      """
    let rules = try RuleSetLoader.parse(yaml, source: "typo.yaml")
    let plan = try PlanCompiler.compile(rules, for: Self.loader().cardSet("war", for: rules))
    let gaps = try #require(CardDataGaps(plan: plan))
    #expect(gaps.deadKeys == ["war:999"] && gaps.fetchableSets == ["spg"])
    #expect(gaps.remedy == "sealed cards fetch spg; war:999 names no card: the card data of war lists every printing" + " (a wrong key? data fetched before the set was complete is fetched again with sealed cards fetch war)")
  }

  /// Keys of MTGJSON uuids a set file does not hold (`uuid-other-set:`, `uuid:`) are no set
  /// to fetch: the remedy says where their data is instead (a refusal once advised `sealed
  /// cards fetch uuid-other-set`, which failed: "not a set code").
  @Test func uuidsAFileDoesNotHoldAreNotFetched() {
    let other = CardDataGaps.remedy(fetching: ["uuid-other-set"], product: "znr-default", deadKeys: [])
    #expect(!other.contains("sealed cards fetch"), "\(other)")
    #expect(other.hasPrefix("cards named by MTGJSON uuids the set file does not hold are cards of other sets"), "\(other)")
    let mixed = CardDataGaps.remedy(fetching: ["spg", "uuid"], deadKeys: [])
    #expect(mixed == "sealed cards fetch spg; cards named by MTGJSON uuids the file does not hold name no card")
  }
}
