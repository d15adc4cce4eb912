import SealedSupport
import SealedRules
import SealedStats

/// A spec's odds claims on opened packs. A pack file says which cards each booster holds, not
/// which sheet or slot gave them, so only `cards:` claims (boosters holding a card, or at least
/// `at_least` cards, of a group)
/// are tested: the count of such boosters is binomial, tested exactly (GSL) at the share of the
/// figure's range nearest the observed one, as `sealed check` tests it.
extension AuditRun {
  static func oddsClaim(
    _ claim: SpecClaim, _ odds: OddsClaim, reading: FigureReading, lane: Int?, alpha: Double, input: AuditInput,
    builder: CheckBuilder
  ) throws(StatisticsError) -> Planned {
    let plan = input.catalog.plan
    guard case .group(let group, let atLeast, let stated) = odds else {
      let what = if case .sheet = odds { "sheet" } else { "slot" }
      return untested(claim, alpha: alpha, "a pack file does not say which \(what) a card came from; the claim is tested on simulations (sealed check)")
    }
    let selected = plan.ordinals(in: group)
    if !selected.unknown.isEmpty {
      return untested(claim, alpha: alpha, PublishedFigure.lacking(selected.unknown, asked: group, plan: plan))
    }
    guard let lane else {
      return untested(claim, alpha: alpha, "the file does not tell the cards of \(group) apart from others (\(input.catalog.identity.rawValue) only)")
    }
    // Every booster counts, whatever its kind (the ambiguous ones too).
    let kinds = Array(plan.kinds.indices) + [plan.kinds.count]
    let (successes, trials) = AuditStatistic.proportionCounts(input.observed, lane: lane, kinds: kinds, atLeast: atLeast)
    let (expected, note) = PublishedFigure.testedShare(successes: successes, trials: trials, stated: stated, reading: reading)
    var row = try builder.proportion(
      claim.name, source: .spec, successes: successes, trials: trials, expected: expected, alpha: alpha,
      detail: "\(OddsClaim.holding(atLeast)) \(group) (\(selected.matching.count) cards)" + note)
    row.method = row.kind == .invariant ? .exactPerBooster : nil
    var planned = Planned(
      row: row, statistic: row.kind == .binomial ? .proportion(lane: lane, kinds: kinds, p: expected, atLeast: atLeast) : nil,
      exactBinomial: isExactBinomial(input, lane: lane, kinds: kinds))
    planned.accepted = PublishedFigure.accepted(stated: stated, reading: reading)
    // An exact figure about boosters holding a card of the group tests what the rules' share of
    // the same lane tests when the two agree (fin's Through the Ages in 1 of 3): one row.
    if atLeast == 1 && planned.accepted == nil { planned.key = proportionKey(input, lane, kinds, expected) }
    return planned
  }
}
