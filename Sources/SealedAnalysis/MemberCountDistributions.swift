import SealedRules
import SealedEngine

extension Expectations {
  /// For any set of cards (by ordinal): per booster kind, the probability that a booster of
  /// that kind holds exactly n of them, n from 0 to the largest booster size. The same
  /// computation as the plan's own lanes (`laneDistributions`), for cards that no lane counts.
  /// Nil when a distinct draw from a weighted sheet has too many different weights.
  /// Cost: one count distribution per draw shape (sheet, count, distinctness), then a
  /// convolution per program.
  package func memberCountDistributions(members: Set<Int>) -> [[Double]]? {
    // A site's distribution depends on its draw's shape alone: each is computed once.
    var computed: [DrawShape: [Double]] = [:]
    var siteDistributions: [[Double]] = []
    for site in plan.sites {
      let shape = DrawShape(site.draw)
      if let known = computed[shape] {
        siteDistributions.append(known)
        continue
      }
      guard let distribution = siteMemberCountDistribution(site.draw, members: members) else { return nil }
      computed[shape] = distribution
      siteDistributions.append(distribution)
    }
    return plan.kinds.indices.map { kind in
      var mixture: [Double] = []
      for (combination, program) in plan.programs[kind].enumerated() {
        let probability = plan.combinationProbabilities[kind][combination]
        guard probability > 0 else { continue }
        var distribution = [1.0]
        for draw in program { distribution = DiscreteDistribution.convolve(distribution, siteDistributions[draw.site]) }
        DiscreteDistribution.addScaled(distribution, probability, to: &mixture)
      }
      return DiscreteDistribution.padded(mixture, to: plan.maxBoosterSize + 1)
    }
  }

  /// The distribution of the number of `members` one draw takes; nil as `memberCountDistributions`.
  private func siteMemberCountDistribution(_ draw: PlanDraw, members: Set<Int>) -> [Double]? {
    let sheet = plan.sheets[draw.sheet]
    let inside = Set(sheet.cards.indices.filter { members.contains(sheet.cards[$0]) })
    if let balance = sheet.balance {
      return BalancedDraws.memberCountDistribution(balance, count: draw.count, members: inside)
    }
    return SuccessiveSampling.memberCountDistribution(
      weights: sheet.weights, members: inside, draws: draw.count, distinct: draw.distinct)
  }

  /// The share of each kind among a pool's boosters (the kinds' expected counts over the pool).
  package var kindShares: [Double] {
    let perPool = plan.expectedBoostersPerKind
    let total = perPool.reduce(0, +)
    return perPool.map { $0 / total }
  }

  /// Expected copies of each card (by ordinal) per booster, over the kinds in their shares.
  package var cardsPerBooster: [Double] {
    let shares = kindShares
    return plan.cards.indices.map { ordinal in
      plan.kinds.indices.reduce(0) { $0 + shares[$1] * cardsPerBoosterByKind[$1][ordinal] }
    }
  }
}
