import SealedSupport
import SealedRules
import SealedVerdicts
import SealedCards

/// Counts the rules fix whatever the draws: a sheet every draw takes whole, a slot whose rarities
/// come in fixed shares. A chi-square of them is 0 in every run, a test that cannot fail; as one
/// it would still count in Holm's m and in `--plan` (bbd-draft's 21 two-card partner sheets made
/// 20 of its 31 tests). They are invariants instead: any count off its fixed value fails them.
extension RuleChecks {
  /// Whether every draw from sheet `index` takes all its cards, once each: then each card's copies
  /// are the number of draws from it.
  func isDrawnWhole(sheet index: Int) -> Bool {
    let sheet = plan.sheets[index]
    let sites = plan.sites.filter { $0.draw.sheet == index }
    return !sites.isEmpty && sites.allSatisfy { $0.draw.distinct && $0.draw.count == sheet.cards.count }
  }

  /// The invariant of a sheet drawn whole (`isDrawnWhole`): every card's copies are its expected
  /// count, exactly the sheet's draws. Violations: the copies off it.
  func wholeSheetInvariant(_ index: Int, observed: [Int], expected: [Double]) -> CheckResult {
    let off = zip(observed, expected).reduce(0) { $0 + abs($1.0 - Int($1.1.rounded())) }
    var check = CheckResult.invariant(
      "sheet \(plan.sheets[index].name): every card in every draw of the sheet", source: .rules,
      checked: observed.reduce(0, +), violations: off, alpha: builder.alpha,
      detail: "\(plan.sheets[index].cards.count) cards, each draw takes all of them: copies off the draws' count")
    if isExclusive(sheet: index) { check.hypothesis = Self.uniformKey(plan.sheets[index].cards) }
    return check
  }

  /// Each rarity's cards in slot `index` over the slot's, as whole numbers (`counts[r]` of
  /// `total`), when every booster that fills the slot gives them exactly (each draw a sheet of
  /// one rarity, or a sheet drawn whole) and all in the same proportion; nil otherwise.
  func fixedRarityShares(slot index: Int) -> (counts: [Rarity: Int], total: Int)? {
    var shares: (counts: [Rarity: Int], total: Int)? = nil
    for kind in plan.kinds.indices where plan.expectedBoostersPerKind[kind] > 0 {
      for (combination, program) in plan.programs[kind].enumerated() where plan.combinationProbabilities[kind][combination] > 0 {
        var counts: [Rarity: Int] = [:]
        for draw in program where draw.slot == index {
          guard let given = fixedRarities(of: draw) else { return nil }
          counts.merge(given, uniquingKeysWith: +)
        }
        let total = counts.values.reduce(0, +)
        guard total > 0 else { continue }
        if let shares {
          // The same proportion, compared in whole numbers.
          guard shares.counts.keys == counts.keys, counts.allSatisfy({ $0.value * shares.total == shares.counts[$0.key]! * total }) else {
            return nil
          }
        } else {
          shares = (counts, total)
        }
      }
    }
    return shares
  }

  /// A draw's cards by rarity when the draw fixes them; nil when they vary.
  private func fixedRarities(of draw: PlanDraw) -> [Rarity: Int]? {
    let sheet = plan.sheets[draw.sheet]
    let drawn = sheet.cards.indices.filter { sheet.weights[$0] > 0 }.map { plan.cards[sheet.cards[$0]].rarity }
    if Set(drawn).count == 1 { return [drawn[0]: draw.count] }
    guard draw.distinct && draw.count == drawn.count && drawn.count == sheet.cards.count else { return nil }
    return drawn.reduce(into: [:]) { $0[$1, default: 0] += 1 }
  }

  /// The invariant of a slot whose rarities come in fixed shares (`fixedRarityShares`): each
  /// rarity's cards are its share of the slot's. Violations: the cards beyond a rarity's share,
  /// counted in whole numbers (a share times a total in floating point can fall a hair short).
  func fixedSharesInvariant(
    slot index: Int, shares: (counts: [Rarity: Int], total: Int), observed: [Rarity: Int], total: Int
  ) -> CheckResult {
    let rarities = Rarity.allCases.filter { shares.counts[$0] != nil || observed[$0, default: 0] > 0 }
    // Σ max(0, observed × den − share's count × total), in cards times `den`.
    let excess = rarities.reduce(0) { $0 + max(0, observed[$1, default: 0] * shares.total - shares.counts[$1, default: 0] * total) }
    let violations = (excess + shares.total - 1) / shares.total
    let words = rarities.compactMap { rarity in
      shares.counts[rarity].map { "\(rarity.rawValue) \(CSVNumber.format(Double($0) / Double(shares.total)))" }
    }
    return .invariant(
      "slot \(plan.slots[index].name): rarities in fixed shares (\(words.joined(separator: ", ")))", source: .rules,
      checked: total, violations: violations, alpha: builder.alpha,
      detail: "every booster filling the slot gives these shares: cards beyond a rarity's share")
  }
}
