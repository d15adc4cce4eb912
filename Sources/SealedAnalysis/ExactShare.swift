import SealedSupport
import SealedRules

/// The share a spec's odds claim has in the rules themselves, computed exactly as a fraction
/// from the variants' and sheets' whole-number weights (mtg.wtf's products have nothing else):
/// what the data says, before anything is simulated. The claim's data verdict is then this
/// share against the published figure's range, decided exactly, and the simulation tests the
/// engine against this share.
///
/// Each claim is measured the way `OddsCheck` counts it in a simulation:
/// - `sheet`: boosters drawing from the sheet, over all boosters: the variants' shares that draw it.
/// - `slot`: the slot's cards (or its places `card: 1-6`) that are of the group, over the
///   slot's cards: per variant, a draw of k cards from a sheet of weight W, the group's cards
///   weighing G, gives k·G/W of them on average when it draws one card, draws with repetition,
///   or draws distinct cards from a sheet of equal weights (the hypergeometric mean), and k or 0
///   when every card of the sheet is of the group or none; the share is the expected matching
///   cards over the expected cards counted.
/// - `cards`: boosters holding at least one card of the group: 1 − Σ over variants of its share
///   × Π over its draws of the chance that the draw gives none (1 − G/W for one card, (1 − G/W)^k
///   with repetition, C(n − g, k) / C(n, k) for k distinct cards of n equally weighted, g of the
///   group), draws of different sheets being independent.
///
/// A pool with a mythic booster has boosters of two kinds, one of the first and the others of
/// the second: each kind's share is computed alike, and the claim's share over all boosters is
/// theirs weighed by those counts (a slot's cards: the kinds' expected cards weighed, then
/// divided), as the simulation counts every booster of the pool.
///
/// Anything else (a draw of several distinct cards from a sheet of unequal weights with some
/// cards of the group, a colour-balanced draw for a `cards` claim, variants' weights that are not
/// whole numbers or probabilities that are not decimals adding up to 1, cards without data where
/// the claim asks for a rarity, a value beyond 128 bits) is not exact: the claim is then judged
/// by simulation alone, as before. Cost: O(kinds × variants × draws × cards of the sheets drawn).
package enum ExactShare {
  /// The exact share, or why there is none.
  package enum Outcome: Sendable, Equatable {
    case exact(Fraction)
    case inexact(String)

    /// The share, when exact.
    package var share: Fraction? {
      if case .exact(let share) = self { return share }
      return nil
    }
  }

  /// The exact share of `claim` under `plan`.
  package static func of(_ claim: OddsClaim, plan: BoosterPlan) -> Outcome {
    guard let kinds = Kinds(plan) else { return .inexact(Kinds.reason(plan)) }
    do {
      switch claim {
      case .sheet(let sheet, _):
        return try kinds.mixed { measure throws(Fraction.Overflow) in try measure.sheetDrawn(sheet) }
      case .slot(let slot, let places, let gives, _):
        return try kinds.slotShare(slot, places: places, gives)
      case .group(let group, let atLeast, _):
        return try kinds.mixed { measure throws(Fraction.Overflow) in
          try atLeast == 1 ? measure.groupHeld(group) : measure.groupHeld(group, atLeast: atLeast)
        }
      }
    } catch {
      return .inexact("the exact share does not fit in 128 bits")
    }
  }

  /// The exact share of boosters holding at least one of `cards` (an event's ordinals), measured
  /// as a `cards` claim is: of boosters of `kind`, or of every booster when nil; inexact where
  /// that is.
  package static func holding(_ cards: Set<Int>, plan: BoosterPlan, kind: Int? = nil) -> Outcome {
    let shares = holdings(cards, plan: plan)
    return kind.map { shares.byKind[$0] } ?? shares.any
  }

  /// `holding` over every booster and of each kind's boosters, each kind's share computed once.
  package static func holdings(_ cards: Set<Int>, plan: BoosterPlan) -> (any: Outcome, byKind: [Outcome]) {
    let tooLarge = Outcome.inexact("the exact share does not fit in 128 bits")
    guard let kinds = Kinds(plan) else {
      let none = Outcome.inexact(Kinds.reason(plan))
      return (none, plan.kinds.map { _ in none })
    }
    let byKind = kinds.measures.map { measure in (try? measure.held((cards, []))) ?? tooLarge }
    return ((try? kinds.mix(byKind)) ?? tooLarge, byKind)
  }

  /// Each kind of booster's arithmetic and how many boosters of it a pool holds: all of one
  /// kind, or one mythic booster and the others.
  private struct Kinds {
    let measures: [Measure]
    let boosters: [Int]

    init?(_ plan: BoosterPlan) {
      guard let shares = plan.exactCombinationShares, shares.count == plan.kinds.count else { return nil }
      switch plan.kinds.count {
      case 1: boosters = [plan.boostersPerPool]
      case 2 where plan.mythicBoosterPositionProbabilities != nil: boosters = [1, plan.boostersPerPool - 1]
      default: return nil
      }
      measures = plan.kinds.indices.map { Measure(plan: plan, kind: $0, shares: shares[$0]) }
    }

    /// Why a plan has no exact shares.
    static func reason(_ plan: BoosterPlan) -> String {
      guard plan.exactCombinationShares != nil else {
        return "the variants' weights are not whole numbers, nor their probabilities decimals adding up to 1"
      }
      return "the pool's boosters are of more than two kinds"
    }

    /// The kinds' shares (`share` of each kind's arithmetic) weighed by their boosters: the share
    /// over every booster of a pool.
    func mixed(_ share: (Measure) throws(Fraction.Overflow) -> Outcome) throws(Fraction.Overflow) -> Outcome {
      try mix(measures.map(share))
    }

    /// Each kind's share (`outcomes`, by kind) weighed by the kind's boosters; inexact when a
    /// kind a pool holds is.
    func mix(_ outcomes: [Outcome]) throws(Fraction.Overflow) -> Outcome {
      var total = Fraction.zero
      for (outcome, count) in zip(outcomes, boosters) where count > 0 {
        switch outcome {
        case .inexact(let reason): return .inexact(reason)
        case .exact(let part): total = try total + Fraction(count) * part
        }
      }
      return .exact(try total / Fraction(boosters.reduce(0, +)))
    }

    /// A slot's share of the group: the kinds' expected cards of the group over their expected
    /// cards counted, each weighed by the kind's boosters.
    func slotShare(_ name: String, places: ClosedRange<Int>?, _ gives: CardGroup) throws(Fraction.Overflow) -> Outcome {
      var matching = Fraction.zero
      var counted = Fraction.zero
      for (measure, count) in zip(measures, boosters) where count > 0 {
        switch try measure.slotCards(name, places: places, gives) {
        case .inexact(let reason): return .inexact(reason)
        case .cards(let kindMatching, let kindCounted):
          matching = try matching + Fraction(count) * kindMatching
          counted = try counted + Fraction(count) * kindCounted
        }
      }
      guard !counted.isZero else { return .inexact("no booster has cards of slot \(name)") }
      return .exact(try matching / counted)
    }
  }

  /// A slot's expected cards of a group and expected cards counted, per booster of one kind.
  private enum SlotCards {
    case cards(matching: Fraction, counted: Fraction)
    case inexact(String)
  }

  /// The arithmetic of one kind of booster's claims.
  private struct Measure {
    let plan: BoosterPlan
    let kind: Int
    /// Each combination's exact share of the kind's boosters.
    let shares: [Fraction]

    /// The programs (combinations) of the kind, with their shares.
    var programs: [(draws: [PlanDraw], share: Fraction)] {
      plan.programs[kind].indices.map { (plan.programs[kind][$0], shares[$0]) }
    }

    func sheetDrawn(_ name: String) throws(Fraction.Overflow) -> Outcome {
      let sheet = plan.sheetIndex(named: name)
      var total = Fraction.zero
      for program in programs where program.draws.contains(where: { $0.sheet == sheet && $0.count > 0 }) {
        total = try total + program.share
      }
      return .exact(total)
    }

    func slotCards(_ name: String, places: ClosedRange<Int>?, _ gives: CardGroup) throws(Fraction.Overflow) -> SlotCards {
      guard let slot = plan.slots.firstIndex(where: { $0.name == name }) else { return .inexact("no slot \(name)") }
      let selected = plan.ordinals(in: gives)
      var matching = Fraction.zero  // expected cards of the group per booster
      var counted = Fraction.zero  // expected cards counted per booster
      for program in programs {
        let draws = program.draws.filter { $0.slot == slot }
        guard let start = draws.map(\.firstPosition).min() else { continue }
        for draw in draws {
          let first = draw.firstPosition - start + 1
          let own = first...(first + draw.count - 1)
          guard places.map({ $0.overlaps(own) }) ?? true else { continue }
          let overlap = places.map { $0.clamped(to: own) } ?? own
          let sheet = Weights(plan.sheets[draw.sheet], group: selected)
          guard sheet.unknown == 0 else { return .inexact(lacking(gives)) }
          guard let (group, total) = sheet.exact else { return .inexact(notWhole(plan.sheets[draw.sheet].name)) }
          let cards = Fraction(overlap.count)
          let expected: Fraction
          if group.isZero || group == total {
            expected = group.isZero ? .zero : cards
          } else if overlap.count != draw.count {
            return .inexact("some of \(draw.count) cards drawn together from sheet \(plan.sheets[draw.sheet].name), which holds cards of \(gives) and others")
          } else if draw.count == 1 || !draw.distinct || sheet.isUniform {
            expected = try cards * group / total
          } else {
            return .inexact(unequalDistinct(draw, sheet: plan.sheets[draw.sheet].name))
          }
          matching = try matching + program.share * expected
          counted = try counted + program.share * cards
        }
      }
      return .cards(matching: matching, counted: counted)
    }

    func groupHeld(_ group: CardGroup) throws(Fraction.Overflow) -> Outcome {
      let selected = plan.ordinals(in: group)
      guard selected.unknown.isEmpty else { return .inexact(lacking(group)) }
      return try held(selected)
    }

    /// The share of boosters holding at least one card of `selected` (ordinals). Each sheet's
    /// weights are summed once, however many programs draw from it.
    func held(_ selected: (matching: Set<Int>, unknown: Set<Int>)) throws(Fraction.Overflow) -> Outcome {
      var none = Fraction.zero  // the share of boosters holding no card of the group
      var weighed: [Int: Weights] = [:]
      for program in programs {
        var noneHere = Fraction.one
        for draw in program.draws where draw.count > 0 {
          let sheet = weighed[draw.sheet] ?? Weights(plan.sheets[draw.sheet], group: selected)
          weighed[draw.sheet] = sheet
          // A sheet none or all of whose cards are of the group decides the draw, whatever its weights.
          if sheet.matching == 0 { continue }
          if sheet.matching == sheet.drawable { noneHere = .zero; break }
          guard let (weight, total) = sheet.exact else { return .inexact(notWhole(plan.sheets[draw.sheet].name)) }
          let missOne = try Fraction.one - weight / total
          if draw.count == 1 || !draw.distinct {
            for _ in 0..<draw.count { noneHere = try noneHere * missOne }
          } else if sheet.isUniform && plan.sheets[draw.sheet].balance == nil {
            // k distinct cards of n equally weighted, g of them of the group: C(n-g, k) / C(n, k).
            let (n, g) = (sheet.drawable, sheet.matching)
            for i in 0..<draw.count {
              guard n - g - i > 0 else {
                noneHere = .zero
                break
              }
              noneHere = try noneHere * Fraction(Int128(n - g - i), Int128(n - i))
            }
          } else {
            return .inexact(
              plan.sheets[draw.sheet].balance != nil
                ? "sheet \(plan.sheets[draw.sheet].name) is colour-balanced, which changes which cards come together"
                : unequalDistinct(draw, sheet: plan.sheets[draw.sheet].name))
          }
        }
        none = try none + program.share * noneHere
      }
      return .exact(try Fraction.one - none)
    }

    /// The share of boosters holding at least `minimum` (2 or more) cards of the group: each
    /// program's count of them is the sum over its draws of a binomial count (a draw with
    /// replacement) or a hypergeometric one (distinct cards of equal weight), whose
    /// probabilities below `minimum` are convolved draw by draw. Cost: O(draws × minimum²).
    func groupHeld(_ group: CardGroup, atLeast minimum: Int) throws(Fraction.Overflow) -> Outcome {
      let selected = plan.ordinals(in: group)
      guard selected.unknown.isEmpty else { return .inexact(lacking(group)) }
      var fewer = Fraction.zero  // the share of boosters holding fewer than `minimum`
      for program in programs {
        var below = [Fraction.one] + Array(repeating: Fraction.zero, count: minimum - 1)
        for draw in program.draws where draw.count > 0 {
          let sheet = Weights(plan.sheets[draw.sheet], group: selected)
          guard let (weight, total) = sheet.exact else { return .inexact(notWhole(plan.sheets[draw.sheet].name)) }
          if weight.isZero { continue }
          let counts: [Fraction]
          if draw.count == 1 || !draw.distinct {
            counts = try Self.binomial(draw.count, weight / total, below: minimum)
          } else if sheet.isUniform && plan.sheets[draw.sheet].balance == nil {
            counts = try Self.hypergeometric(draw.count, of: sheet.drawable, matching: sheet.matching, below: minimum)
          } else {
            return .inexact(
              plan.sheets[draw.sheet].balance != nil
                ? "sheet \(plan.sheets[draw.sheet].name) is colour-balanced, which changes which cards come together"
                : unequalDistinct(draw, sheet: plan.sheets[draw.sheet].name))
          }
          below = try Self.convolved(below, counts)
        }
        var sum = Fraction.zero
        for share in below { sum = try sum + share }
        fewer = try fewer + program.share * sum
      }
      return .exact(try Fraction.one - fewer)
    }

    /// P(j of `count` draws with replacement are of the group), j below `limit`.
    static func binomial(_ count: Int, _ p: Fraction, below limit: Int) throws(Fraction.Overflow) -> [Fraction] {
      let q = try Fraction.one - p
      var result: [Fraction] = []
      for j in 0..<limit {
        guard j <= count else { result.append(.zero); continue }
        var term = Fraction(try choose(count, j), 1)
        for _ in 0..<j { term = try term * p }
        for _ in 0..<(count - j) { term = try term * q }
        result.append(term)
      }
      return result
    }

    /// P(j of `count` distinct cards of `n` equally weighted, `g` of the group, are of it), j
    /// below `limit`: C(g, j) C(n − g, count − j) / C(n, count).
    static func hypergeometric(_ count: Int, of n: Int, matching g: Int, below limit: Int) throws(Fraction.Overflow) -> [Fraction] {
      let all = try choose(n, count)
      var result: [Fraction] = []
      for j in 0..<limit {
        guard j <= g, count - j >= 0, count - j <= n - g else { result.append(.zero); continue }
        let ways = try Fraction(try choose(g, j), 1) * Fraction(try choose(n - g, count - j), 1)
        result.append(try ways / Fraction(all, 1))
      }
      return result
    }

    /// C(n, k) in 128 bits.
    static func choose(_ n: Int, _ k: Int) throws(Fraction.Overflow) -> Int128 {
      guard k >= 0 && k <= n else { return 0 }
      var result: Int128 = 1
      for i in 0..<min(k, n - k) {
        let (product, overflow) = result.multipliedReportingOverflow(by: Int128(n - i))
        if overflow { throw Fraction.Overflow() }
        result = product / Int128(i + 1)
      }
      return result
    }

    /// The distribution of a sum of two independent counts, below the length of `a`.
    static func convolved(_ a: [Fraction], _ b: [Fraction]) throws(Fraction.Overflow) -> [Fraction] {
      var result = Array(repeating: Fraction.zero, count: a.count)
      for i in a.indices where !a[i].isZero {
        for j in b.indices where i + j < a.count && !b[j].isZero {
          result[i + j] = try result[i + j] + a[i] * b[j]
        }
      }
      return result
    }

    func lacking(_ group: CardGroup) -> String { "cards that may be of \(group) lack card data" }

    func notWhole(_ sheet: String) -> String { "sheet \(sheet)'s weights are not whole numbers" }

    func unequalDistinct(_ draw: PlanDraw, sheet: String) -> String {
      "\(draw.count) distinct cards are drawn from sheet \(sheet), whose weights differ, and only some are of the group"
    }
  }

  /// A sheet's drawable cards split by a group: how many, and their weights when whole.
  private struct Weights {
    var drawable = 0
    var matching = 0
    var unknown = 0
    var isUniform = true
    /// The group's weight and the sheet's, when every weight is a whole number.
    var exact: (group: Fraction, total: Fraction)?

    init(_ sheet: PlanSheet, group: (matching: Set<Int>, unknown: Set<Int>)) {
      var groupWeight = Fraction.zero
      var total = Fraction.zero
      var whole = true
      let first = sheet.weights.first { $0 > 0 }
      for (position, ordinal) in sheet.cards.enumerated() where sheet.weights[position] > 0 {
        let weight = sheet.weights[position]
        drawable += 1
        isUniform = isUniform && weight == first
        let inGroup = group.matching.contains(ordinal)
        if inGroup { matching += 1 }
        if group.unknown.contains(ordinal) { unknown += 1 }
        guard whole, let exactWeight = Fraction.whole(weight), let sum = try? total + exactWeight else {
          whole = false
          continue
        }
        total = sum
        if inGroup {
          if let added = try? groupWeight + exactWeight { groupWeight = added } else { whole = false }
        }
      }
      exact = whole ? (groupWeight, total) : nil
    }
  }
}
