import SealedRules
import SealedSupport

/// Exact variances of card copies under a plan, for the dispersion of Pearson's statistic when
/// cards are not drawn as a multinomial sample (distinct draws, weighted distinct draws,
/// variants that change how many cards a booster draws from a sheet).
///
/// Pearson's statistic over counts that vary less (or more) than multinomial counts has a mean
/// other than its degrees of freedom; dividing it by the ratio `dispersion` of its exact mean
/// to the multinomial one (a first-order Rao–Scott correction) restores the mean exactly. When
/// every card of the claim is exchangeable (a uniform sheet), the statistic is that ratio times
/// a chi-square, and the correction is exact in distribution too. Cost: O(sites × cards), plus
/// one successive-sampling count distribution per site for a claim's total.
extension Expectations {
  /// The variance of one card's copies from one use of a site (`index` in the site's sheet): a
  /// distinct draw gives 0 or 1 copy, π(1 − π); a draw with replacement is binomial, k p (1 − p).
  package func siteCopyVariance(site: Int, index: Int) -> Double {
    let draw = plan.sites[site].draw
    let inclusion = siteInclusion[site][index]
    if draw.distinct && draw.count > 1 { return inclusion * (1 - inclusion) }
    let p = inclusion / Double(draw.count)
    return Double(draw.count) * p * (1 - p)
  }

  /// For cards claimed equally frequent (by ordinal), Pearson's statistic against equal shares
  /// of their observed total: the ratio of its exact mean under this plan to n − 1 (its mean
  /// for a multinomial sample). A pool's boosters of each kind are independent given the kinds,
  /// and the kinds are fixed per pool; each booster is a mixture over its variant combinations.
  /// With C_i a card's copies and T their total, the mean is
  /// (Σ Var C_i − Var T / n) / (E T / n). Nil when a count distribution is too large to
  /// compute, or the cards are never drawn.
  package func uniformClaimDispersion(cards: [Int]) -> Double? {
    let n = Double(cards.count)
    guard cards.count > 1 else { return nil }
    let position = Dictionary(uniqueKeysWithValues: cards.enumerated().map { ($0.element, $0.offset) })
    var cardVariance = [Double](repeating: 0, count: cards.count)
    var totalVariance = 0.0
    var totalMean = 0.0
    let perPool = plan.expectedBoostersPerKind
    for kind in plan.kinds.indices where perPool[kind] > 0 {
      var mean = [Double](repeating: 0, count: cards.count)
      var square = [Double](repeating: 0, count: cards.count)
      var tMean = 0.0
      var tSquare = 0.0
      for (combination, program) in plan.programs[kind].enumerated() {
        let q = plan.combinationProbabilities[kind][combination]
        guard q > 0 else { continue }
        var m = [Double](repeating: 0, count: cards.count)
        var v = [Double](repeating: 0, count: cards.count)
        var tm = 0.0
        var tv = 0.0
        for draw in program {
          let sheet = plan.sheets[draw.sheet]
          var members = Set<Int>()
          for (index, ordinal) in sheet.cards.enumerated() {
            guard let at = position[ordinal] else { continue }
            members.insert(index)
            m[at] += siteInclusion[draw.site][index]
            v[at] += siteCopyVariance(site: draw.site, index: index)
          }
          guard !members.isEmpty else { continue }
          guard let distribution = SuccessiveSampling.memberCountDistribution(
            weights: sheet.weights, members: members, draws: draw.count, distinct: draw.distinct)
          else { return nil }
          var dMean = 0.0
          var dSquare = 0.0
          for (count, p) in distribution.enumerated() {
            dMean += Double(count) * p
            dSquare += Double(count * count) * p
          }
          tm += dMean
          tv += dSquare - dMean * dMean
        }
        for at in cards.indices {
          mean[at] += q * m[at]
          square[at] += q * (v[at] + m[at] * m[at])
        }
        tMean += q * tm
        tSquare += q * (tv + tm * tm)
      }
      for at in cards.indices { cardVariance[at] += perPool[kind] * (square[at] - mean[at] * mean[at]) }
      totalVariance += perPool[kind] * (tSquare - tMean * tMean)
      totalMean += perPool[kind] * tMean
    }
    guard totalMean > 0 else { return nil }
    let statisticMean = (cardVariance.reduce(0, +) - totalVariance / n) / (totalMean / n)
    return max(statisticMean / (n - 1), 1e-9)
  }
}
