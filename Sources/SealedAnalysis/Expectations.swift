import SealedSupport
import SealedCards
import SealedRules
import SealedEngine

/// What a plan's rules predict, computed from the plan alone (no simulation): every card's
/// expected copies per pool, every slot's rarity mix, every event's probability, the
/// distribution of mythics per pool and per booster position.
///
/// Cost: small. Distinct draws from weighted sheets use `SuccessiveSampling`, whose cost grows
/// with the number of different weights; the built-in rule sets take milliseconds.
public struct Expectations: Sendable {
  package let plan: BoosterPlan
  /// `siteInclusion[site][i]`: expected copies of the site's sheet card i per use of the site.
  package let siteInclusion: [[Double]]
  /// `laneDistributions[kind][lane][n]`: probability that a booster of the kind holds exactly n
  /// cards of the lane (lane 0 mythics, lane i event i - 1).
  package let laneDistributions: [[[Double]]]
  /// Expected copies of each card (by ordinal) per booster of each kind.
  package let cardsPerBoosterByKind: [[Double]]
  /// Expected copies of each card (by ordinal) per pool.
  package let cardsPerPool: [Double]
  /// Probability of each number of mythics in a pool.
  package let poolMythics: [Double]
  /// Probability that booster b of a pool holds at least one mythic.
  package let mythicPositions: [Double]
  /// Probability that two independent pools differ by d mythics.
  package let pairMythicDifferences: [Double]
  /// Each event's probability in any booster from its exact share, where the data decides it
  /// exactly (`ExactShare.holding`: whole weights): 9/40 is 0.225, not the 0.2249999999999999 a
  /// sum of the lane distribution's terms gives, and a certain event 1.0; nil elsewhere. Cost:
  /// each event's cards weighed once per sheet and kind, a product per program.
  package let exactEventProbabilities: [Double?]
  /// The same in a booster of each kind: `exactEventProbabilitiesByKind[event][kind]`.
  package let exactEventProbabilitiesByKind: [[Double?]]

  /// The expectations of `plan`, computed in phases: each site's inclusion probabilities and
  /// lane distributions, each kind's (over its variant combinations), then the pool's cards,
  /// mythics per pool, mythic positions and pair differences. Throws when a distinct draw from
  /// a weighted sheet has too many different weights to compute exactly.
  public init(plan: BoosterPlan) throws(DataError) {
    self.plan = plan
    // A site's expectations depend on its draw's sheet, count and distinctness alone, and most
    // plans draw the same way at many sites (each variant combination has its own): each is
    // computed once.
    var computed: [DrawShape: (inclusion: [Double], lanes: [[Double]])] = [:]
    let sites = try plan.sites.map { site throws(DataError) in
      let shape = DrawShape(site.draw)
      if let known = computed[shape] { return known }
      let expectations = try Self.site(site.draw, plan: plan)
      computed[shape] = expectations
      return expectations
    }
    siteInclusion = sites.map(\.inclusion)
    let kinds = Self.kinds(plan: plan, siteInclusion: siteInclusion, siteLanes: sites.map(\.lanes))
    laneDistributions = kinds.lanes
    cardsPerBoosterByKind = kinds.cards
    let boostersPerKind = plan.expectedBoostersPerKind
    cardsPerPool = plan.cards.indices.map { ordinal in
      plan.kinds.indices.reduce(0) { $0 + boostersPerKind[$1] * kinds.cards[$1][ordinal] }
    }
    poolMythics = Self.poolMythics(plan: plan, laneDistributions: kinds.lanes)
    mythicPositions = (0..<plan.boostersPerPool).map { index in
      plan.kinds.indices.reduce(0) { total, kind in
        total + plan.probability(ofKind: kind, atBooster: index) * (1 - kinds.lanes[kind][0][0])
      }
    }
    pairMythicDifferences = Self.pairDifferences(poolMythics)
    let exactShares = plan.events.map { ExactShare.holdings($0.cards, plan: plan) }
    exactEventProbabilities = exactShares.map { $0.any.share?.doubleValue }
    exactEventProbabilitiesByKind = exactShares.map { $0.byKind.map { $0.share?.doubleValue } }
  }

  /// What a site's expectations depend on: the sheet drawn from, how many cards, and whether
  /// they are distinct.
  struct DrawShape: Hashable {
    let sheet: Int
    let count: Int
    let distinct: Bool

    init(_ draw: PlanDraw) {
      (sheet, count, distinct) = (draw.sheet, draw.count, draw.distinct)
    }
  }

  /// One site's draw: expected copies of each of its sheet's cards per use (`inclusion`), and
  /// per lane the distribution of the number of the lane's cards it draws (`lanes[lane][n]`).
  private static func site(_ draw: PlanDraw, plan: BoosterPlan) throws(DataError) -> (inclusion: [Double], lanes: [[Double]]) {
    let sheet = plan.sheets[draw.sheet]
    let inclusion: [Double]?
    // A balanced draw's group counts serve its inclusion and every lane.
    let groupCounts = sheet.balance.map { BalancedDraws.groupCounts($0, count: draw.count) }
    if let balance = sheet.balance {
      inclusion = BalancedDraws.inclusion(balance, count: draw.count, outcomes: groupCounts)
    } else {
      inclusion = SuccessiveSampling.inclusion(weights: sheet.weights, draws: draw.count, distinct: draw.distinct)
    }
    guard let inclusion else { throw Self.tooComplex(sheet: sheet, draw: draw) }
    var lanes: [[Double]] = []
    for lane in 0..<plan.laneCount {
      let members: Set<Int>
      if lane == 0 {
        members = Set(sheet.cards.indices.filter { plan.cards[sheet.cards[$0]].rarity == .mythic })
      } else {
        let event = plan.events[lane - 1].cards
        members = Set(sheet.cards.indices.filter { event.contains(sheet.cards[$0]) })
      }
      let distribution =
        if let balance = sheet.balance {
          BalancedDraws.memberCountDistribution(balance, count: draw.count, members: members, outcomes: groupCounts)
        } else {
          SuccessiveSampling.memberCountDistribution(
            weights: sheet.weights, members: members, draws: draw.count, distinct: draw.distinct)
        }
      guard let distribution else { throw Self.tooComplex(sheet: sheet, draw: draw) }
      lanes.append(distribution)
    }
    return (inclusion, lanes)
  }

  /// Per kind of booster: each lane's distribution (padded to the largest booster) and each
  /// card's expected copies, mixing the kind's programs by their combinations' probabilities.
  private static func kinds(
    plan: BoosterPlan, siteInclusion: [[Double]], siteLanes: [[[Double]]]
  ) -> (lanes: [[[Double]]], cards: [[Double]]) {
    var laneDistributions: [[[Double]]] = []
    var cardsPerBoosterByKind: [[Double]] = []
    for kind in plan.kinds.indices {
      var perLane = [[Double]](repeating: [], count: plan.laneCount)
      var cards = [Double](repeating: 0, count: plan.cards.count)
      for (combination, program) in plan.programs[kind].enumerated() {
        let probability = plan.combinationProbabilities[kind][combination]
        guard probability > 0 else { continue }
        for lane in 0..<plan.laneCount {
          var distribution = [1.0]
          for draw in program { distribution = DiscreteDistribution.convolve(distribution, siteLanes[draw.site][lane]) }
          DiscreteDistribution.addScaled(distribution, probability, to: &perLane[lane])
        }
        for draw in program {
          let sheet = plan.sheets[draw.sheet]
          for (index, ordinal) in sheet.cards.enumerated() {
            cards[ordinal] += probability * siteInclusion[draw.site][index]
          }
        }
      }
      laneDistributions.append(perLane.map { DiscreteDistribution.padded($0, to: plan.maxBoosterSize + 1) })
      cardsPerBoosterByKind.append(cards)
    }
    return (laneDistributions, cardsPerBoosterByKind)
  }

  /// The distribution of mythics per pool: one mythic booster plus the rest, or independent
  /// boosters, from each kind's mythic lane (lane 0).
  private static func poolMythics(plan: BoosterPlan, laneDistributions: [[[Double]]]) -> [Double] {
    var pool = [1.0]
    if plan.mythicKind != nil {
      pool = laneDistributions[0][0]
      for _ in 1..<plan.boostersPerPool { pool = DiscreteDistribution.convolve(pool, laneDistributions[1][0]) }
    } else {
      for _ in 0..<plan.boostersPerPool { pool = DiscreteDistribution.convolve(pool, laneDistributions[0][0]) }
    }
    return DiscreteDistribution.padded(pool, to: plan.boostersPerPool * plan.maxBoosterSize + 1)
  }

  /// The distribution of the difference in mythics between two independent pools.
  private static func pairDifferences(_ poolMythics: [Double]) -> [Double] {
    var pairs = [Double](repeating: 0, count: poolMythics.count)
    for (a, p) in poolMythics.enumerated() where p > 0 {
      for (b, q) in poolMythics.enumerated() where q > 0 { pairs[abs(a - b)] += p * q }
    }
    return pairs
  }

  private static func tooComplex(sheet: PlanSheet, draw: PlanDraw) -> DataError {
    DataError(
      "cannot compute exact expectations for \(draw.count) distinct cards from sheet \"\(sheet.name)\": it has too many different weights; use fewer weights or distinct: false")
  }

  // MARK: - Derived expectations

  /// Probability that a booster of `kind` (nil: any booster of a pool) holds at least one card
  /// of `event`.
  package func eventProbability(_ event: Int, kind: Int?) -> Double {
    let exact: Double? = if let kind { exactEventProbabilitiesByKind[event][kind] } else { exactEventProbabilities[event] }
    return exact ?? probability(lane: event + 1, kind: kind) { $0 >= 1 }
  }

  /// Probability that a booster of `kind` (nil: any booster) has a lane count meeting `test`.
  package func probability(lane: Int, kind: Int?, where test: (Int) -> Bool) -> Double {
    func forKind(_ kind: Int) -> Double {
      laneDistributions[kind][lane].enumerated().reduce(0) { $0 + (test($1.offset) ? $1.element : 0) }
    }
    // Sums of many terms can stray past [0, 1] by a rounding error; a probability stays inside.
    func clamped(_ p: Double) -> Double { min(max(p, 0), 1) }
    if let kind { return clamped(forKind(kind)) }
    let weights = plan.expectedBoostersPerKind
    let total = weights.reduce(0, +)
    return clamped(plan.kinds.indices.reduce(0) { $0 + weights[$1] / total * forKind($1) })
  }

  /// Expected cards of each rarity in a slot per pool.
  package func slotRarityPerPool(slot: Int) -> [Rarity: Double] {
    let weights = plan.expectedBoostersPerKind
    var result: [Rarity: Double] = [:]
    for kind in plan.kinds.indices {
      for (combination, program) in plan.programs[kind].enumerated() {
        let probability = plan.combinationProbabilities[kind][combination] * weights[kind]
        for draw in program where draw.slot == slot {
          let sheet = plan.sheets[draw.sheet]
          for (index, ordinal) in sheet.cards.enumerated() {
            result[plan.cards[ordinal].rarity, default: 0] += probability * siteInclusion[draw.site][index]
          }
        }
      }
    }
    return result
  }
}
