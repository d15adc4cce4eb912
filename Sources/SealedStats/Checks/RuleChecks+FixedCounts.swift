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

  /// The shares of each rarity in slot `index` when every booster that fills the slot gives
  /// them exactly (each draw a sheet of one rarity, or a sheet drawn whole) and all in the same
  /// proportion; nil otherwise.
  func fixedRarityShares(slot index: Int) -> [Rarity: Double]? {
    var shares: [Rarity: Double]? = nil
    for kind in plan.kinds.indices where plan.expectedBoostersPerKind[kind] > 0 {
      for (combination, program) in plan.programs[kind].enumerated() where plan.combinationProbabilities[kind][combination] > 0 {
        var counts: [Rarity: Double] = [:]
        for draw in program where draw.slot == index {
          guard let given = fixedRarities(of: draw) else { return nil }
          counts.merge(given, uniquingKeysWith: +)
        }
        let total = counts.values.reduce(0, +)
        guard total > 0 else { continue }
        let these = counts.mapValues { $0 / total }
        if let shares, shares.keys != these.keys || shares.contains(where: { abs($0.value - these[$0.key]!) > 1e-12 }) {
          return nil
        }
        shares = these
      }
    }
    return shares
  }

  /// A draw's cards by rarity when the draw fixes them; nil when they vary.
  private func fixedRarities(of draw: PlanDraw) -> [Rarity: Double]? {
    let sheet = plan.sheets[draw.sheet]
    let drawn = sheet.cards.indices.filter { sheet.weights[$0] > 0 }.map { plan.cards[sheet.cards[$0]].rarity }
    if Set(drawn).count == 1 { return [drawn[0]: Double(draw.count)] }
    guard draw.distinct && draw.count == drawn.count && drawn.count == sheet.cards.count else { return nil }
    return drawn.reduce(into: [:]) { $0[$1, default: 0] += 1 }
  }

  /// The invariant of a slot whose rarities come in fixed shares: each rarity's cards are its
  /// share of the slot's. Violations: the cards beyond a rarity's share.
  func fixedSharesInvariant(slot index: Int, shares: [Rarity: Double], observed: [Rarity: Int], total: Int) -> CheckResult {
    let rarities = Rarity.allCases.filter { shares[$0] != nil || observed[$0, default: 0] > 0 }
    let excess = rarities.reduce(0.0) { $0 + max(0, Double(observed[$1, default: 0]) - (shares[$1] ?? 0) * Double(total)) }
    let words = rarities.filter { shares[$0] != nil }.map { "\($0.rawValue) \(CSVNumber.format(shares[$0]!))" }
    return .invariant(
      "slot \(plan.slots[index].name): rarities in fixed shares (\(words.joined(separator: ", ")))", source: .rules,
      checked: total, violations: Int(excess.rounded(.up)), alpha: builder.alpha,
      detail: "every booster filling the slot gives these shares: cards beyond a rarity's share")
  }
}
