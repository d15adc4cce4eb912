import SealedCore

/// Exact tail probabilities of the cards of a group (a sheet's cards against the rules, or a
/// claim's cards against equal shares), for flagging the cards whose copies are too far from
/// what is expected. See `CardTail` for what each field means.
///
/// Conditional on the group's total n, card i expected a share q_i = e_i / Σ e has copies
/// X_i ~ Binomial(n, q_i) under multinomial draws; distinct draws make copies vary less, so
/// the tail is conservative there. A card is flagged when its one-sided tail is at most
/// alpha / (2K), K the cards expected in the group: by Bonferroni the chance that any card of
/// the group is flagged under the expectation is at most alpha, valid at any expectation (a
/// normal residual bound is not, below a few copies). Cost: two GSL binomial tails per card.
public enum CardTails {
  /// The tails of one group's cards, in order; nil for a card expected nowhere (e = 0), whose
  /// copies the invariants judge.
  public static func compute(observed: [Int], expected: [Double], alpha: Double) throws(StatisticsError) -> [CardTail?] {
    guard observed.count == expected.count, alpha > 0, alpha < 1 else {
      throw .invalidArgument("card tails: \(observed.count) counts for \(expected.count) expectations at alpha \(alpha)")
    }
    let cells = expected.indices.filter { expected[$0] > 0 }
    let expectedTotal = cells.reduce(0.0) { $0 + expected[$1] }
    let n = cells.reduce(0) { $0 + observed[$1] }
    guard !cells.isEmpty, expectedTotal > 0 else { return expected.map { _ in nil } }
    let level = alpha / (2 * Double(cells.count))
    return try withGSL { () throws(GSLError) -> [CardTail?] in
      let limit = try Distributions.normalUpperQuantile(level)
      var tails = [CardTail?](repeating: nil, count: expected.count)
      for index in cells {
        let share = min(expected[index] / expectedTotal, 1)
        let x = observed[index]
        let mean = Double(n) * share
        let upper = Double(x) > mean
        let p = upper
          ? (x == 0 ? 1 : try Distributions.binomialSurvival(x - 1, trials: n, probability: share))
          : try Distributions.binomialCDF(x, trials: n, probability: share)
        let clamped = min(max(p, 0), 1)
        let score = clamped >= 0.5 ? 0 : (upper ? 1 : -1) * (try Distributions.normalUpperQuantile(max(clamped, 1e-300)))
        tails[index] = CardTail(p: clamped, score: score, limit: limit, flagged: clamped <= level)
      }
      return tails
    }
  }

  /// `frequency` with every sheet's cards given their tails at `alpha`.
  public static func attached(to frequency: SheetFrequency, alpha: Double) throws(StatisticsError) -> SheetFrequency {
    var result = frequency
    for group in groups(frequency.rows.map(\.sheet)) {
      let tails = try compute(
        observed: group.map { frequency.rows[$0].observed }, expected: group.map { frequency.rows[$0].expected }, alpha: alpha)
      for (position, index) in group.enumerated() { result.rows[index].tail = tails[position] }
    }
    return result
  }

  /// `frequency` with every claim's cards given their tails at the claim's level (`alpha` for
  /// a claim's name, the level its check uses).
  public static func attached(
    to frequency: ClaimFrequency, alpha: (String) -> Double
  ) throws(StatisticsError) -> ClaimFrequency {
    var result = frequency
    for group in groups(frequency.rows.map(\.claim)) {
      let tails = try compute(
        observed: group.map { frequency.rows[$0].observed }, expected: group.map { frequency.rows[$0].expected },
        alpha: alpha(frequency.rows[group[0]].claim))
      for (position, index) in group.enumerated() { result.rows[index].tail = tails[position] }
    }
    return result
  }

  /// The indices of rows with equal names, grouped, in order of first appearance.
  static func groups(_ names: [String]) -> [[Int]] {
    var order: [String] = []
    var members: [String: [Int]] = [:]
    for (index, name) in names.enumerated() {
      if members[name] == nil { order.append(name) }
      members[name, default: []].append(index)
    }
    return order.map { members[$0]! }
  }
}

extension SimulationReport {
  /// The report with `sheet_frequency.csv`'s cards given their exact tails at `alpha`.
  public func withCardTails(alpha: Double) throws(StatisticsError) -> SimulationReport {
    var report = self
    report.sheetFrequency = try CardTails.attached(to: sheetFrequency, alpha: alpha)
    return report
  }
}
