import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedVerdicts

/// A spec's odds claim tested against the counts: every count is exact (which variant each
/// booster took, the cards each draw gave, the cards of a lane per booster), so each claim is
/// one binomial test of boosters (or of a one-card slot's cards), or an exact invariant when it
/// claims 0 or 1. A claim whose answer hangs on cards without data is not tested, with the
/// reason. Cost: O(sites × cards on the sheets drawn).
struct OddsCheck {
  let plan: BoosterPlan
  let tally: SimulationTally
  let builder: CheckBuilder
  let name: String
  let alpha: Double
  /// The lane counting a group claim's cards.
  let lane: Int?
  /// How the published figure reads: the shares it accepts.
  let reading: FigureReading

  /// The claim's checks: where the data decides its share exactly (`ExactShare`) and the
  /// figure reads as an exact range, two: the data against the maker (the exact share against
  /// the range: kind `exact`, no p-value) and the engine against the data (the simulation
  /// against the exact share, named "<claim> (engine)"); else one, the simulation against the
  /// figure's range (data against the maker, as simulated).
  func checks(_ odds: OddsClaim) throws(StatisticsError) -> [CheckResult] {
    guard let range = reading.exactRange, case .exact(let share) = ExactShare.of(odds, plan: plan) else {
      var simulated = try simulated(odds)
      simulated.tests = .dataAgainstMaker
      return [simulated]
    }
    var data = CheckResult(
      name: name, kind: .exact, source: .spec, n: 0, observed: share.doubleValue, expected: odds.expected, alpha: alpha,
      verdict: Self.holds(share, range: range, stated: odds.expected, reading: reading) ? .pass : .fail,
      detail: "the data's share is exactly \(share) (\(PublishedFigure.share(share.doubleValue))); stated \(PublishedFigure.share(odds.expected))"
        + (reading.isExact ? "" : " " + PublishedFigure.words(reading))
        + ": \(Self.accepted(range, reading)), "
        + (Self.holds(share, range: range, stated: odds.expected, reading: reading) ? "inside" : "outside"))
    data.tests = .dataAgainstMaker
    data.exactShare = share.description
    let engineCheck = OddsCheck(
      plan: plan, tally: tally, builder: builder, name: name + SpecChecks.engineSuffix, alpha: alpha, lane: lane, reading: .exact)
    var engine = try engineCheck.simulated(odds.stating(share.doubleValue))
    engine.tests = .engineAgainstData
    engine.exactShare = share.description
    engine.detail += "; against the data's exact share \(share)"
    return [data, engine]
  }

  /// Whether the exact share lies in the figure's range; a figure that states a share itself
  /// (no rounding read into it) also holds the share whose nearest double it is, so that a
  /// figure written to a double's digits (0.76033057851239669 for 3680/4840) reads as meant.
  /// A truncated figure's range is open at the top: a share a whole unit above the figure would
  /// have been written as the next figure (22.5% truncated is 22.5%, not 22.4%).
  static func holds(_ share: Fraction, range: ClosedRange<Fraction>, stated: Double, reading: FigureReading) -> Bool {
    if Self.opensAtTop(range, reading), share == range.upperBound { return false }
    return range.contains(share) || (reading.isExact && share.doubleValue == stated)
  }

  /// Whether the range leaves out its upper bound: a truncated figure's, unless clamped to one
  /// share (100% truncated is 100%).
  static func opensAtTop(_ range: ClosedRange<Fraction>, _ reading: FigureReading) -> Bool {
    reading.kind == .truncated && range.lowerBound < range.upperBound
  }

  /// The shares the range accepts, in words.
  static func accepted(_ range: ClosedRange<Fraction>, _ reading: FigureReading) -> String {
    guard range.lowerBound < range.upperBound else { return "exactly that" }
    let (low, high) = (PublishedFigure.share(range.lowerBound.doubleValue), PublishedFigure.share(range.upperBound.doubleValue))
    return opensAtTop(range, reading) ? "any share from \(low) up to, not including, \(high)" : "any share from \(low) to \(high)"
  }

  /// The claim tested on the simulation's counts alone, against the range of shares its
  /// figure accepts.
  func simulated(_ odds: OddsClaim) throws(StatisticsError) -> CheckResult {
    var result: CheckResult
    switch odds {
    case .sheet(let sheet, let expected): result = try sheetDrawn(sheet, expected)
    case .group(let group, let atLeast, let expected): result = try groupHeld(group, atLeast: atLeast, expected)
    case .slot(let slot, let places, let gives, let expected): result = try slotGives(slot, places: places, gives, expected)
    }
    // A claim of 0 or 1 is an invariant, tested or not.
    if result.isNotTested && (odds.expected == 0 || odds.expected == 1) { result.kind = .invariant }
    return result
  }

  private var allKinds: [Int] { Array(plan.kinds.indices) }

  /// The binomial test (an invariant at 0 or 1). A rounded share is a range of shares: the
  /// test is against the share of the range nearest the observed one (the largest p-value any
  /// share of the range gives; 1 when the observed share lies inside it), which `expected`
  /// then holds, the stated figure in the detail.
  private func proportion(_ successes: Int, _ trials: Int, _ stated: Double, trialsPerPool: Double, detail: String) throws(StatisticsError) -> CheckResult {
    let (expected, note) = PublishedFigure.testedShare(successes: successes, trials: trials, stated: stated, reading: reading)
    var check = try builder.proportion(
      name, source: .spec, successes: successes, trials: trials, expected: expected, alpha: alpha, detail: detail + note)
    if check.kind == .binomial {
      check.design = .proportion(expected: stated, trialsPerPool: trialsPerPool, accepted: PublishedFigure.accepted(stated: stated, reading: reading))
    }
    return check
  }

  private func untested(_ reason: String) -> CheckResult {
    .untested(name, kind: .binomial, source: .spec, alpha: alpha, reason: reason)
  }

  /// Boosters of (kind, combination): how many the run made.
  private func boosters(_ site: PlanSite) -> Int {
    tally.combinations[site.kind * plan.combinations.count + site.combination]
  }

  // MARK: A sheet drawn in p of boosters

  private func sheetDrawn(_ name: String, _ expected: Double) throws(StatisticsError) -> CheckResult {
    let sheet = plan.sheetIndex(named: name)
    var successes = 0
    for kind in plan.kinds.indices {
      for (combination, program) in plan.programs[kind].enumerated() where program.contains(where: { $0.sheet == sheet && $0.count > 0 }) {
        successes += tally.combinations[kind * plan.combinations.count + combination]
      }
    }
    return try proportion(
      successes, tally.boosters, expected, trialsPerPool: Double(plan.boostersPerPool),
      detail: "boosters drawing from sheet \(name) (by the variant each took)")
  }

  // MARK: A group of cards in p of boosters

  private func groupHeld(_ group: CardGroup, atLeast: Int, _ expected: Double) throws(StatisticsError) -> CheckResult {
    let selected = plan.ordinals(in: group)
    if !selected.unknown.isEmpty { return untested(lacking(selected.unknown, asked: group)) }
    let successes = allKinds.reduce(0) { $0 + tally.laneBoosters(kind: $1, lane: lane!, atLeast: atLeast) }
    var check = try proportion(
      successes, tally.boosters, expected, trialsPerPool: Double(plan.boostersPerPool),
      detail: "\(OddsClaim.holding(atLeast)) \(group) (\(selected.matching.count) cards)")
    // A rule's proportion of the same lane counts boosters holding any: the same hypothesis
    // only at one card.
    if atLeast == 1 { check.hypothesis = RuleChecks.proportionKey(lane: lane!, kinds: allKinds, expected: expected) }
    return check
  }

  // MARK: A slot's cards

  /// The cards of the slot (or of its places `places`) that are of `gives`, counted card by
  /// card: a draw's cards exactly from its site's counts; some of a draw's cards only when its
  /// sheet's cards all are of `gives` or none is (the run counts a draw's cards, not their
  /// places). A binomial test when each booster gives at most one card counted, else only a
  /// claim of 0 or 1 (an invariant) is tested.
  private func slotGives(_ name: String, places: ClosedRange<Int>?, _ gives: CardGroup, _ expected: Double) throws(StatisticsError) -> CheckResult {
    guard let slot = plan.slots.firstIndex(where: { $0.name == name }) else { return untested("no slot \(name)") }
    let selected = plan.ordinals(in: gives)
    var successes = 0
    var trials = 0
    var largest = 0  // the most cards counted in one booster
    var perPool = 0.0  // cards counted per pool, expected from the plan alone (what --plan sizes by)
    let boostersPerKind = plan.expectedBoostersPerKind
    for kind in plan.kinds.indices {
      for (combination, program) in plan.programs[kind].enumerated() {
        let draws = program.filter { $0.slot == slot }
        guard let start = draws.map(\.firstPosition).min() else { continue }
        let share = boostersPerKind[kind] * plan.combinationProbabilities[kind][combination]
        var counted = 0
        for draw in draws {
          let first = draw.firstPosition - start + 1
          let own = first...(first + draw.count - 1)
          guard places.map({ $0.overlaps(own) }) ?? true else { continue }
          let overlap = places.map { $0.clamped(to: own) } ?? own
          let sheet = plan.sheets[draw.sheet]
          let drawable = sheet.cards.indices.filter { sheet.weights[$0] > 0 }.map { sheet.cards[$0] }
          let unknown = drawable.filter { selected.unknown.contains($0) }
          if !unknown.isEmpty { return untested(lacking(Set(unknown), asked: gives)) }
          let matching = drawable.filter { selected.matching.contains($0) }
          let boosters = boosters(plan.sites[draw.site])
          if overlap.count == draw.count {
            successes += matching.reduce(0) { $0 + tally.siteCards[draw.site * tally.cardCount + $1] }
          } else {
            guard matching.isEmpty || matching.count == drawable.count else {
              return untested(
                "cards \(overlap.lowerBound)-\(overlap.upperBound) of slot \(name) are some of \(draw.count) cards drawn together from sheet \(sheet.name), which holds cards of \(gives) and others; the run counts a draw's cards, not their places")
            }
            successes += matching.isEmpty ? 0 : boosters * overlap.count
          }
          trials += boosters * overlap.count
          counted += overlap.count
        }
        largest = max(largest, counted)
        perPool += share * Double(counted)
      }
    }
    if largest > 1 && expected > 0 && expected < 1 {
      return untested(
        "a booster gives up to \(largest) of the cards counted (slot \(name)\(places.map { " cards \($0.lowerBound)-\($0.upperBound)" } ?? "")), so they are no binomial count; name one card of the slot with card: N")
    }
    let which = places.map { $0.count == 1 ? "boosters whose card \($0.lowerBound) of slot \(name) is" : "cards \($0.lowerBound)-\($0.upperBound) of slot \(name)" } ?? "cards of slot \(name)"
    return try proportion(successes, trials, expected, trialsPerPool: perPool, detail: "\(which) of \(gives)")
  }

  /// Why a claim about a group was not tested: cards that may belong to it lack card data.
  private func lacking(_ ordinals: Set<Int>, asked group: CardGroup) -> String {
    PublishedFigure.lacking(ordinals, asked: group, plan: plan)
  }
}

/// A published figure held to a count: the share it is tested at, and the words a check's
/// detail gives it. Shared by `sealed check` (`OddsCheck`) and `sealed audit`.
package enum PublishedFigure {
  /// The share a figure is tested at, given the counts: the figure itself when it is exact (or
  /// 0 or 1, an invariant), else the share of the range it accepts nearest the observed one,
  /// with the words the detail adds ("; stated 1.5%, approximate (...): any share from 1.4%
  /// to 1.6%, tested at the nearest"). Shared by `sealed check` and `sealed audit`.
  package static func testedShare(successes: Int, trials: Int, stated: Double, reading: FigureReading) -> (Double, String) {
    guard trials > 0, let range = accepted(stated: stated, reading: reading) else { return (stated, "") }
    let (low, high) = (range.lowerBound, range.upperBound)
    let expected = min(max(Double(successes) / Double(trials), low), high)
    return (expected, "; stated \(share(stated)) \(words(reading)): any share from \(share(low)) to \(share(high)), tested at the nearest")
  }

  /// The shares a figure read as a range accepts, kept inside (0, 1) so that a test has
  /// something to test; nil for an exact figure, or one of 0 or 1.
  package static func accepted(stated: Double, reading: FigureReading) -> ClosedRange<Double>? {
    guard !reading.isExact && stated > 0 && stated < 1 else { return nil }
    let range = reading.range(of: stated)
    return max(range.lowerBound, Double.leastNonzeroMagnitude)...min(range.upperBound, 1 - Double.ulpOfOne)
  }

  /// How a figure reads, in a check's detail: "within 0.005" for a margin either side, else
  /// the reading's words.
  package static func words(_ reading: FigureReading) -> String {
    reading.kind == .within || reading.kind == .rounded && reading.below == reading.above
      ? "within \(share(reading.below))" : reading.words
  }

  /// A share for a detail, at most 10 significant digits (no 0.015550000000000001).
  package static func share(_ value: Double) -> String {
    CSVNumber.format(Double(String(format: "%.10g", value))!)
  }

  /// Why a claim about a group was not tested: cards of the plan (`ordinals`) that may belong
  /// to it lack card data, and how to get it.
  package static func lacking(_ ordinals: Set<Int>, asked group: CardGroup, plan: BoosterPlan) -> String {
    let sets = Set(ordinals.map { plan.cards[$0].setCode.lowercased() }).sorted()
    return "\(ordinals.count) card\(ordinals.count == 1 ? "" : "s") that may be of \(group) lack card data (sets \(sets.joined(separator: ", "))), so their rarity is unknown; sealed cards fetch \(sets.joined(separator: " ")) gets it"
  }
}
