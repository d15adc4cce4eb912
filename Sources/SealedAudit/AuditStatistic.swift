import Foundation
import SealedSupport
import SealedEngine
import SealedStats

/// One aggregate statistic of an audit, computed the same way from a file's counts and from
/// each of the null's samples (larger is more extreme).
package enum AuditStatistic: Sendable {
  /// Boosters of `kinds` holding at least `atLeast` cards of `lane`, against probability `p`:
  /// −ln of the binomial probability of the count (the ordering of the exact two-sided test).
  case proportion(lane: Int, kinds: [Int], p: Double, atLeast: Int = 1)
  /// Pearson's statistic of the copies of `classes` against shares of their own total.
  case frequencies(classes: [Int], shares: [Double])
  /// Pearson's statistic of whole pools by mythics against `probabilities`.
  case poolMythics(probabilities: [Double])
  /// Pearson's statistic of the pools' mythic boosters by position against `probabilities`.
  case positions(probabilities: [Double])

  /// The statistic's value for some counts.
  package func value(_ counts: ContentCounts) -> Double {
    switch self {
    case .proportion(let lane, let kinds, let p, let atLeast):
      let (successes, trials) = Self.proportionCounts(counts, lane: lane, kinds: kinds, atLeast: atLeast)
      guard trials > 0 else { return 0 }
      let logPMF = (try? Distributions.binomialLogPMF(successes, trials: trials, probability: p)) ?? -.infinity
      return -logPMF
    case .frequencies(let classes, let shares):
      let observed = classes.map { Double(counts.copies[$0]) }
      return Self.pearson(observed: observed, shares: shares)
    case .poolMythics(let probabilities):
      let observed = counts.poolMythics.map(Double.init)
      return Self.pearson(observed: observed, shares: probabilities)
    case .positions(let probabilities):
      return Self.pearson(observed: counts.mythicPositions.map(Double.init), shares: probabilities)
    }
  }

  static func proportionCounts(_ counts: ContentCounts, lane: Int, kinds: [Int], atLeast: Int = 1) -> (successes: Int, trials: Int) {
    (counts.boosters(kinds: kinds, lane: lane, atLeast: atLeast), kinds.reduce(0) { $0 + counts.boostersByKind[$1] })
  }

  /// Σ (O − sT)² / (sT) with T = ΣO; a count where the share is 0 makes it infinite.
  static func pearson(observed: [Double], shares: [Double]) -> Double {
    let total = observed.reduce(0, +)
    guard total > 0 else { return 0 }
    let shareTotal = shares.reduce(0, +)
    var statistic = 0.0
    for index in observed.indices {
      let share = index < shares.count ? shares[index] / shareTotal : 0
      let expected = share * total
      if expected <= 0 {
        if observed[index] > 0 { return .infinity }
        continue
      }
      let difference = observed[index] - expected
      statistic += difference * difference / expected
    }
    return statistic
  }

  /// The expected counts of a chi-square statistic's cells, for the smallest-cell rule.
  func expectedCells(_ counts: ContentCounts) -> [Double] {
    func scaled(_ observed: [Int], _ shares: [Double]) -> [Double] {
      let total = Double(observed.reduce(0, +))
      let shareTotal = shares.reduce(0, +)
      return shares.filter { $0 > 0 }.map { $0 / shareTotal * total }
    }
    switch self {
    case .proportion: return []
    case .frequencies(let classes, let shares): return scaled(classes.map { counts.copies[$0] }, shares)
    case .poolMythics(let probabilities): return scaled(counts.poolMythics, probabilities)
    case .positions(let probabilities): return scaled(counts.mythicPositions, probabilities)
    }
  }

  /// The degrees of freedom of a chi-square statistic: cells expected, less one.
  var degreesOfFreedom: Int {
    switch self {
    case .proportion: return 1
    case .frequencies(_, let shares): return shares.filter { $0 > 0 }.count - 1
    case .poolMythics(let probabilities): return probabilities.filter { $0 > 0 }.count - 1
    case .positions(let probabilities): return probabilities.filter { $0 > 0 }.count - 1
    }
  }
}
