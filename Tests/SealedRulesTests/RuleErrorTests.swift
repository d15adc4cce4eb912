import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedTestSupport
import Testing

/// Every kind of bad rule file is a one-line `DataError` at `file:line:column`.
@Suite struct RuleErrorTests {
  static let base = """
    name: test
    pool:
      boosters: 6
      mythic_booster: one
    sheets:
      common: { rarity: common, type_excludes: Basic Land }
      uncommon: { rarity: uncommon }
      rare: { rarity: rare }
      mythic: { rarity: mythic }
    slots:
      - { name: common, count: 10, sheet: common }
      - { name: uncommon, count: 3, sheet: uncommon }
      - { name: rare, sheet: { mythic_booster: mythic, otherwise: rare } }

    """

  func compileError(_ yaml: String, set: String = "war") -> DataError? {
    do {
      _ = try ShippedData.plan(set, yaml: yaml, source: "rules.yaml")
      return nil
    } catch let error as DataError {
      return error
    } catch {
      Issue.record("unexpected error \(error)")
      return nil
    }
  }

  @Test func theBaseFileCompiles() {
    #expect(compileError(Self.base) == nil)
  }

  /// A balanced sheet holding one foil card among its non-foil ones says so, naming the card
  /// (it said "a foil sheet cannot be balanced" of a sheet of 100 non-foil cards and 1 foil).
  @Test func aBalancedSheetWithAFoilAmongItsCardsNamesIt() throws {
    let yaml = """
      name: mixed
      pool: { boosters: 1, mythic_booster: none }
      sheets:
        common: { balanced: true, cards: { "war:10:foil": 1, "war:101": 1, "war:103": 1, "war:105": 1, "war:106": 1, "war:107": 1, "war:108": 1 } }
      slots:
        - { name: common, count: 6, sheet: common }
      """
    let error = try #require(compileError(yaml))
    #expect(error.message == "sheet \"common\": 1 of its 7 cards is foil (like war:10:foil), and a sheet holding foils cannot be balanced; expected its cards in one finish", "\(error)")
  }

  /// A variant's replacement that leaves a balanced slot's own draw at 5 cards: the error points
  /// at the slot (whose count is 10) and now names the variant that took the other 5.
  @Test func aBalancedDrawLeftTooSmallByAVariantNamesIt() throws {
    let yaml = """
      name: r5
      pool: { boosters: 6, mythic_booster: none }
      sheets:
        common: { rarity: common, balanced: true }
        foil: { rarity: common, foil: true }
      slots:
        - { name: common, count: 10, sheet: common }
      variants:
        - { name: plain, probability: 0.5 }
        - { name: foiled, probability: 0.5, replace: [{ slot: common, count: 5, sheet: foil }] }
      """
    let error = try #require(compileError(yaml))
    #expect(error.description == "rules.yaml:7:5: slot \"common\" draws 5 card(s) from the balanced sheet \"common\"; colour balancing needs more than 5 distinct cards (the slot's 10 less the cards variant \"foiled\" replaces)", "\(error)")
  }

  /// A `sets:` layer under a code the rules do not apply to (a typo) would never be used: it
  /// was silently ignored, and war's boosters stayed 6 a pool.
  @Test func aSetLayerOutsideAppliesToIsRefused() throws {
    let layered = "applies_to: [war]\n" + Self.base + "sets:\n  wra:\n    pool: { boosters: 1, mythic_booster: one }\n"
    let error = try #require(compileError(layered))
    #expect(error.description == "rules.yaml:17:5: sets.wra: not a set the rules apply to (applies_to: war), so the layer would never be used; expected one of those sets", "\(error)")
    #expect(compileError(layered.replacingOccurrences(of: "  wra:", with: "  WAR:")) == nil)
  }

  @Test func yamlSyntaxError() throws {
    let error = try #require(compileError(Self.base + "events:\n  broken: { sheet: rare\n"))
    #expect(error.description.hasPrefix("rules.yaml:16:"))
    #expect(error.description.contains("YAML syntax error"))
    #expect(!error.description.contains("\n"))
  }

  /// A file nested past libyaml's limit says so in Sealed's words; libyaml's named its C
  /// function ("set with yaml_set_max_nest_level()) while parsing").
  @Test func yamlNestedTooDeeplySaysSo() throws {
    let error = try #require(compileError("a: " + String(repeating: "[", count: 2_000) + "\n"))
    #expect(error.description.hasPrefix("rules.yaml:1:"), "\(error)")
    #expect(error.description.hasSuffix(": YAML nested more deeply than a reader takes; expected a rule or spec file of a few levels"), "\(error)")
  }

  /// A file of plain text (one long YAML scalar) is quoted in a short excerpt, not whole: a
  /// 1 MB text once gave a 1 MB error line.
  @Test func aFileOfPlainTextIsQuotedShort() throws {
    let text = String(repeating: "just some words here ", count: 50_000)
    let error = try #require(compileError(text))
    #expect(
      error.description
        == "rules.yaml:1:1: expected a mapping (key: value lines), found the value \"\(text.prefix(60))…\" (\(text.count - 1) characters)")
  }

  @Test func unknownKey() throws {
    let yaml = Self.base.replacingOccurrences(of: "{ name: uncommon, count: 3,", with: "{ name: uncommon, cuont: 3,")
    let error = try #require(compileError(yaml))
    #expect(error.description.hasPrefix("rules.yaml:12:"))
    #expect(error.description.contains("unknown key \"cuont\"; expected one of name, count, sheet, distinct"))
  }

  @Test func filterMatchingNoCard() throws {
    let yaml = Self.base.replacingOccurrences(of: "rare: { rarity: rare }", with: "rare: { rarity: rare, name_contains: Zzyzx }")
    let error = try #require(compileError(yaml))
    #expect(error.description.hasPrefix("rules.yaml:8:"))
    #expect(error.description.contains("sheet \"rare\" (rarity: rare; name_contains: zzyzx) matches no card of war"))
  }

  @Test func slotAskingForMoreDistinctCardsThanItsSheetHas() throws {
    let yaml = Self.base.replacingOccurrences(of: "count: 10", with: "count: 102")
    let error = try #require(compileError(yaml))
    #expect(error.description.hasPrefix("rules.yaml:11:"))
    #expect(error.description.contains("draws 102 distinct cards from sheet \"common\", which has only 101 card(s) in war"))
  }

  @Test func probabilityOutsideZeroToOne() throws {
    let yaml = Self.base + """
      variants:
        - { name: a, probability: 1.2, replace: [{ slot: rare, sheet: mythic }] }
        - { name: b, probability: -0.2 }

      """
    let error = try #require(compileError(yaml))
    #expect(error.description.hasPrefix("rules.yaml:15:"))
    #expect(error.description.contains("expected a probability between 0 and 1, found 1.2"))
  }

  @Test func probabilitiesThatDoNotAddUpToOne() throws {
    let yaml = Self.base + """
      variants:
        - { name: a, probability: 0.5, replace: [{ slot: rare, sheet: mythic }] }
        - { name: b, probability: 0.4 }

      """
    let error = try #require(compileError(yaml))
    #expect(error.description.hasPrefix("rules.yaml:15:"))
    #expect(error.description.contains("add up to 0.9 for mythic_booster boosters; they must add up to 1"))
    // With one kind of booster (named "booster"), not "for booster boosters".
    let oneKind = yaml.replacingOccurrences(of: "mythic_booster: one", with: "mythic_booster: none")
      .replacingOccurrences(of: "sheet: { mythic_booster: mythic, otherwise: rare }", with: "sheet: rare")
    let plain = try #require(compileError(oneKind))
    #expect(plain.description.contains("add up to 0.9 for the boosters; they must add up to 1"), "\(plain)")
  }

  @Test func negativeWeight() throws {
    let yaml = Self.base + """
      variants:
        - { name: a, weight: 3, replace: [{ slot: rare, sheet: mythic }] }
        - { name: b, weight: -1 }

      """
    let error = try #require(compileError(yaml))
    #expect(error.description.hasPrefix("rules.yaml:16:"))
    #expect(error.description.contains("expected a weight of at least 0, found -1"))
  }

  @Test func weightsThatAreAllZero() throws {
    let yaml = Self.base + """
      variants:
        - { name: a, weight: 0, replace: [{ slot: rare, sheet: mythic }] }
        - { name: b, weight: 0 }

      """
    let error = try #require(compileError(yaml))
    #expect(error.description.hasPrefix("rules.yaml:15:"))
    #expect(error.description.contains("weights of variant group \"variant\" are all zero"))
  }

  @Test func weightsTooLargeToAddUp() throws {
    let variants = Self.base + """
      variants:
        - { name: a, weight: 1e308, replace: [{ slot: rare, sheet: mythic }] }
        - { name: b, weight: 1e308 }

      """
    let error = try #require(compileError(variants))
    #expect(error.description.hasPrefix("rules.yaml:15:"))
    #expect(error.description.contains("weights of variant group \"variant\" add up to more than the largest number"))
    let positions = Self.base.replacingOccurrences(
      of: "mythic_booster: one", with: "mythic_booster: one\n  position_weights: [1e308, 1e308, 1, 1, 1, 1]")
    let positionError = try #require(compileError(positions))
    #expect(positionError.description.hasPrefix("rules.yaml:5:"))
    #expect(positionError.description.contains("the weights add up to more than the largest number"))
  }

  @Test func sheetWeightsThatAreAllZero() throws {
    let yaml = Self.base.replacingOccurrences(
      of: "rare: { rarity: rare }", with: "rare: { rarity: rare, weights: [{ rarity: rare, weight: 0 }] }")
    let error = try #require(compileError(yaml))
    #expect(error.description.hasPrefix("rules.yaml:8:"))
    #expect(error.description.contains("or all its weights are zero"))
  }

  @Test func eventNamingAnUnknownSheet() throws {
    let error = try #require(compileError(Self.base + "events:\n  walkers: { sheet: planeswalkers }\n"))
    #expect(error.description.hasPrefix("rules.yaml:15:"))
    #expect(error.description.contains("unknown sheet \"planeswalkers\"; sheets for war: common, uncommon, rare, mythic"))
  }

  @Test func replacementOfAnUnknownSlot() throws {
    let yaml = Self.base + """
      variants:
        - { name: a, probability: 1, replace: [{ slot: land, sheet: rare }] }

      """
    let error = try #require(compileError(yaml))
    #expect(error.description.hasPrefix("rules.yaml:15:"))
    #expect(error.description.contains("unknown slot \"land\"; slots: common, uncommon, rare"))
  }

  @Test func unknownBoosterKind() throws {
    let yaml = Self.base.replacingOccurrences(of: "mythic_booster: mythic, otherwise", with: "mythic_pack: mythic, otherwise")
    let error = try #require(compileError(yaml))
    #expect(error.description.hasPrefix("rules.yaml:13:"))
    #expect(error.description.contains("unknown booster kind \"mythic_pack\"; expected mythic_booster, non_mythic_booster, otherwise"))
  }

  @Test func missingPool() throws {
    let yaml = Self.base.replacingOccurrences(of: "pool:\n  boosters: 6\n  mythic_booster: one\n", with: "")
    let error = try #require(compileError(yaml))
    #expect(error.description.contains("missing key \"pool\""))
  }

  @Test func ruleSetThatDoesNotCoverTheSet() throws {
    #expect(throws: DataError.self) { try ShippedData.plan("m19", rules: "retail-lethe") }
    do {
      _ = try ShippedData.plan("m19", rules: "retail-lethe")
    } catch {
      #expect("\(error)".contains("rule set \"retail-lethe\" does not cover set m19; it covers war, dom"))
    }
  }

  @Test func unknownRuleSetName() {
    #expect(throws: DataError.self) { try RuleSetLoader.load("realistic") }
    do {
      _ = try RuleSetLoader.load("realistic")
    } catch {
      #expect("\(error)" == "unknown rule set \"realistic\"; built-in rule sets: sealed, retail, retail-lethe, mtgwtf, the code of a product of the booster data in use (shipped; sealed rules import --list lists them), or the path of a YAML rule file")
    }
  }

  @Test func partialSetWithoutABoosterRange() {
    #expect(throws: DataError.self) { try ShippedData.plan("m20") }
  }
}

@Suite struct RuleLimitTests {
  @Test func countsAndCombinationsAreBounded() throws {
    let huge = """
      name: huge
      pool: { boosters: 6, mythic_booster: none }
      sheets: { common: { rarity: common } }
      slots:
        - { name: common, count: 100000000000, sheet: common }
      """
    #expect(throws: DataError.self) { try ShippedData.plan("war", yaml: huge) }
    var variants = ""
    for group in 0..<13 {
      variants += "  - { name: a\(group), group: g\(group), weight: 1 }\n  - { name: b\(group), group: g\(group), weight: 1 }\n"
    }
    let many = """
      name: many
      pool: { boosters: 6, mythic_booster: none }
      sheets: { common: { rarity: common } }
      slots:
        - { name: common, count: 10, sheet: common }
      variants:
      \(variants)
      """
    do {
      _ = try ShippedData.plan("war", yaml: many)
      Issue.record("expected an error")
    } catch {
      #expect("\(error)".contains("more than 4096 kinds of booster"))
    }
    let skewed = """
      name: skewed
      pool: { boosters: 1, mythic_booster: none }
      sheets: { odd: { rarity: rare, weights: [{ collector_numbers: 1-10, weight: 1e-15 }] } }
      slots:
        - { name: r, count: 1, sheet: odd }
      """
    do {
      _ = try ShippedData.plan("war", yaml: skewed)
      Issue.record("expected an error")
    } catch {
      #expect("\(error)".contains("weights may differ by at most a factor of 2^40"))
    }
  }
}

/// A colour-balanced sheet holding cards without data: fetching is the remedy only where the
/// card data may lack them; a key of a set whose data lists every printing (the shipped war)
/// names no card, and the refusal says to correct it.
@Suite struct BalancedCardsLackingDataTests {
  /// `extra` keys added to war's commons in a colour-balanced sheet, compiled with the layered
  /// card data (an empty user folder, then the shipped sets); the refusal's text.
  static func refusal(adding extra: [String]) throws -> String {
    let commons = try ShippedData.database().cards(ofSet: "war")
      .filter { $0.rarity == .common && !$0.typeLine.contains("Basic") }.map { "war:\($0.collectorNumber.text)" }
    let cards = (commons + extra).map { "\"\($0)\": 1" }.joined(separator: ", ")
    let yaml = """
      name: dead
      pool: { boosters: 1, mythic_booster: none }
      sheets:
        common: { balanced: true, cards: { \(cards) } }
      slots:
        - { name: common, count: 10, sheet: common }
      """
    let rules = try RuleSetLoader.parse(yaml, source: "dead.yaml")
    let home = try Fixtures.temporaryDirectory("sealed-balanced-dead")
    let loader = CardSetLoader(location: CardDataLocation(
      kind: .layered(store: CardStore(path: home.appendingPathComponent("cards").path), shipped: Fixtures.shippedCards)))
    do {
      _ = try PlanCompiler.compile(rules, for: loader.cardSet("war", for: rules))
      return ""
    } catch {
      return "\(error)"
    }
  }

  @Test func deadKeysOfACompleteSetAreToBeCorrected() throws {
    let one = try Self.refusal(adding: ["war:999"])
    #expect(one.hasSuffix("(their colours, like war:999); war:999 names no card: the card data of war lists every printing" + " (a wrong key? data fetched before the set was complete is fetched again with sealed cards fetch war)"), "\(one)")
    #expect(!one.contains("); sealed cards fetch"), "\(one)")
    let four = try Self.refusal(adding: ["war:996", "war:997", "war:998", "war:999"])
    #expect(four.contains("; war:996, war:997, war:998 and 1 more name no card: the card data of war lists every printing"), "\(four)")
  }

  @Test func keysOfASetWhoseDataMayLackThemAreFetched() throws {
    // eld's shipped data was captured in preview: it may lack printings.
    let mixed = try Self.refusal(adding: ["war:999", "eld:999"])
    // Both halves: the set to fetch, and the key that names no card.
    #expect(mixed.contains("; sealed cards fetch eld; war:999 names no card: the card data of war lists every printing"), "\(mixed)")
  }
}
