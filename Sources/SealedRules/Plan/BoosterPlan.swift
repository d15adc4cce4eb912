import SealedCards
import SealedSupport
import Synchronization

/// A rule set compiled against one set's cards: everything the generator and the analytic
/// expectations need, as flat index arrays. Built once by `PlanCompiler`; immutable and shared
/// by every worker thread.
public final class BoosterPlan: Sendable {
  /// The rule set's name, source and text.
  package let rulesName: String
  package let rulesSource: String
  private let rulesText: String
  private let rulesFingerprint = Mutex<String?>(nil)
  /// The rule set's fingerprint: the SHA-256 of its text (less the name of the release a
  /// product's rules came from: `RuleSetDefinition.fingerprintText`), in hex. Cost: O(text) the
  /// first time it is asked (a run asks for its record and its report), not for every plan
  /// compiled (the listing's 538 plans spent 2% of their time on it); a lookup after that.
  package var rulesSHA256: String {
    rulesFingerprint.withLock { kept in
      if let kept { return kept }
      let fingerprint = SHA256.hex(of: Array(RuleSetDefinition.fingerprintText(of: rulesText).utf8))
      kept = fingerprint
      return fingerprint
    }
  }
  /// The booster data release the rules were made from (`RuleSetDefinition.boosterData`), if any.
  package let boosterData: String?
  package let setCode: String
  package let setName: String
  /// The sets (this one and the others the rules name) whose card data lists every printing
  /// (`CardSet.listsEveryPrinting`): a key of theirs without data names no card.
  package let setsListingEveryPrinting: Set<String>
  /// The booster range's upper end: boosters draw from collector numbers 1...boosterMax.
  package let boosterMax: Int
  /// The cards inside the booster range; a card's index here is its *ordinal*. Ordinals from
  /// `firstFoilOrdinal` on are the foil finishes of cards that some foil sheet holds.
  package let cards: [Card]
  /// The first foil ordinal: the number of non-foil cards (the booster range, then cards that
  /// sheets list by number outside it).
  package let firstFoilOrdinal: Int
  /// The ordinals of the booster range's non-foil cards, which filters and spec claims look at.
  package let boosterRangeOrdinals: Range<Int>
  /// Booster kinds: `mythic_booster` and `non_mythic_booster` when exactly one booster per pool
  /// is the mythic booster, else just `booster`.
  package let kinds: [String]
  public let boostersPerPool: Int
  /// Probability that booster `b` of a pool is the mythic booster; nil when boosters are
  /// independent (every booster is of kind 0).
  package let mythicBoosterPositionProbabilities: [Double]?
  /// The slots, in booster order.
  package let slots: [PlanSlot]
  /// The sheets that slots and replacements draw from.
  package let sheets: [PlanSheet]
  /// Variant groups and the combinations of their options (one option per group).
  package let variantGroups: [PlanVariantGroup]
  package let combinations: [[Int]]
  /// `combinationProbabilities[kind][combination]`.
  package let combinationProbabilities: [[Double]]
  /// The same as exact fractions, when the rules weigh their variants in whole numbers (every
  /// product of mtg.wtf's data does); nil otherwise. What a claim's exact share is made of.
  package let exactCombinationShares: [[Fraction]]?
  /// `programs[kind][combination]`: the draws that make one booster.
  package let programs: [[[PlanDraw]]]
  /// Every draw of every program, each tallied separately; `PlanDraw.site` indexes this.
  package let sites: [PlanSite]
  /// Declared events; each is also a counting *lane* (lane 0 counts mythics).
  package let events: [PlanEvent]
  /// The largest number of cards a booster can hold.
  package let maxBoosterSize: Int
  /// The spec claims that apply to this set (when compiled with a spec), and for each the lane
  /// that counts its cards per booster, if it counts any.
  package let specClaims: [SpecClaim]
  package let specClaimLanes: [Int?]
  /// For each spec claim, why the rules cannot satisfy it by construction (for example a claim
  /// about the mythic booster when the rules have independent boosters), or nil. Such a claim is
  /// a failed check, not an input error.
  package let specClaimProblems: [String?]

  init(
    rules: RuleSetDefinition, set: CardSet, cards: [Card], firstFoilOrdinal: Int, boosterRangeCount: Int, kinds: [String], boostersPerPool: Int,
    mythicBoosterPositionProbabilities: [Double]?, slots: [PlanSlot], sheets: [PlanSheet],
    variantGroups: [PlanVariantGroup], combinations: [[Int]], combinationProbabilities: [[Double]],
    exactCombinationShares: [[Fraction]]? = nil, programs: [[[PlanDraw]]], sites: [PlanSite], events: [PlanEvent], specClaims: [SpecClaim] = [],
    specClaimLanes: [Int?] = [], specClaimProblems: [String?] = []
  ) {
    rulesName = rules.name
    rulesSource = rules.source
    rulesText = rules.text
    boosterData = rules.boosterData
    setCode = set.code
    setName = set.name
    setsListingEveryPrinting = Set(([set] + set.otherSets.values).filter(\.listsEveryPrinting).map(\.code))
    boosterMax = set.boosterMax ?? 0
    self.cards = cards
    self.firstFoilOrdinal = firstFoilOrdinal
    self.boosterRangeOrdinals = 0..<boosterRangeCount
    self.kinds = kinds
    self.boostersPerPool = boostersPerPool
    self.mythicBoosterPositionProbabilities = mythicBoosterPositionProbabilities
    self.slots = slots
    self.sheets = sheets
    self.variantGroups = variantGroups
    self.combinations = combinations
    self.combinationProbabilities = combinationProbabilities
    self.exactCombinationShares = exactCombinationShares
    self.programs = programs
    self.sites = sites
    self.events = events
    self.specClaims = specClaims
    self.specClaimLanes = specClaimLanes
    self.specClaimProblems = specClaimProblems.count == specClaims.count
      ? specClaimProblems : Array(repeating: nil, count: specClaims.count)
    maxBoosterSize = programs.joined().map { $0.reduce(0) { $0 + $1.count } }.max() ?? 0
  }

  /// Whether the ordinal is a foil finish.
  package func isFoil(_ ordinal: Int) -> Bool { ordinal >= firstFoilOrdinal }

  /// Whether any sheet holds foil cards.
  package var hasFoils: Bool { cards.count > firstFoilOrdinal }

  /// The name of the run's report folder: `SET-RULES` (`war-retail`), or the rules' name alone
  /// when it already starts with the set's code, as rules named after a product do
  /// (`mkm-play`, `mkm-collector`).
  package var reportName: String {
    rulesName.hasPrefix(setCode + "-") ? rulesName : "\(setCode)-\(rulesName)"
  }

  /// Lanes counted per booster: lane 0 is mythics, lane `i + 1` is `events[i]`.
  package var laneCount: Int { events.count + 1 }

  /// The kind index of the mythic booster, when there is one.
  package var mythicKind: Int? { mythicBoosterPositionProbabilities == nil ? nil : 0 }

  /// Probability that booster `index` of a pool is of kind `kind`.
  package func probability(ofKind kind: Int, atBooster index: Int) -> Double {
    guard let positions = mythicBoosterPositionProbabilities else { return kind == 0 ? 1 : 0 }
    return kind == 0 ? positions[index] : 1 - positions[index]
  }

  /// The probability that a booster of the pool holds n cards, n from 0 to `maxBoosterSize`
  /// (boosters differ in size only when variants set slot counts).
  package var boosterSizeProbabilities: [Double] {
    let perKind = expectedBoostersPerKind
    let boosters = perKind.reduce(0, +)
    var result = [Double](repeating: 0, count: maxBoosterSize + 1)
    for kind in kinds.indices where perKind[kind] > 0 {
      for (combination, program) in programs[kind].enumerated() {
        result[program.reduce(0) { $0 + $1.count }] += perKind[kind] / boosters * combinationProbabilities[kind][combination]
      }
    }
    return result
  }

  /// Expected number of boosters of each kind in a pool.
  package var expectedBoostersPerKind: [Double] {
    kinds.indices.map { kind in (0..<boostersPerPool).reduce(0) { $0 + probability(ofKind: kind, atBooster: $1) } }
  }
}

/// A named slot and the booster positions it fills.
package struct PlanSlot: Sendable, Equatable {
  package let name: String
  /// The slot fills `count` consecutive booster positions from `firstPosition`.
  package let count: Int
  package let firstPosition: Int
}

/// A sheet compiled against the set: card ordinals with their relative weights.
package struct PlanSheet: Sendable {
  package let name: String
  package let cards: [Int]
  /// Relative weight of each card in `cards` (all 1 for a uniform sheet).
  package let weights: [Double]
  /// For a colour-balanced sheet: its cards are ordered by colour group (W, U, B, R, G, then
  /// every other card), and group g is `cards[groupStarts[g]..<groupStarts[g + 1]]`.
  package var balance: ColorBalance?
  /// Whether every card weighs the same. O(cards).
  package var isUniform: Bool { weights.allSatisfy { $0 == weights[0] } }
  /// The cards' weights added up. O(cards).
  package var totalWeight: Double { weights.reduce(0, +) }
}

/// A variant group: exactly one of its options applies to each booster.
package struct PlanVariantGroup: Sendable {
  package let name: String
  package let options: [String]
}

/// One draw of a program: `count` cards from a sheet into consecutive positions.
package struct PlanDraw: Sendable, Equatable {
  /// Index into `BoosterPlan.sheets`.
  package let sheet: Int
  package let count: Int
  /// Whether the draw's cards must all differ (the slot's `distinct`).
  package let distinct: Bool
  /// Index into `BoosterPlan.slots`.
  package let slot: Int
  package let firstPosition: Int
  /// Index into `BoosterPlan.sites`.
  package let site: Int
}

/// A draw in context: which kind and combination of variants it belongs to.
package struct PlanSite: Sendable {
  /// Indices into `BoosterPlan.kinds` and `BoosterPlan.combinations`.
  package let kind: Int
  package let combination: Int
  package let draw: PlanDraw
}

/// A declared event: a booster holding at least one of `cards`.
package struct PlanEvent: Sendable {
  package let name: String
  /// Card ordinals that count for the event.
  package let cards: Set<Int>
  /// Kind indices to report, and whether to report all boosters together (`any`).
  package let givenKinds: [Int]
  package let givenAny: Bool
  /// Whether reports list the event (spec-only lanes are counted but not listed).
  package let isReported: Bool
  /// Whether its cards were chosen by what card data says (a filter on rarity, type, name or
  /// collector number), so that cards known by their keys alone could belong to it unseen.
  package var byCardData: Bool = false

  /// An event named `name` counted over `cards`, reported for `givenKinds` (and all boosters when
  /// `givenAny`), listed in reports when `isReported`.
  package init(name: String, cards: Set<Int>, givenKinds: [Int], givenAny: Bool, isReported: Bool, byCardData: Bool = false) {
    self.name = name
    self.cards = cards
    self.givenKinds = givenKinds
    self.givenAny = givenAny
    self.isReported = isReported
    self.byCardData = byCardData
  }
}
