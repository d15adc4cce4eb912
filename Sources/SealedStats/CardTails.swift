import SealedSupport
import SealedAnalysis
import SealedVerdicts

/// Exact tail probabilities of the cards of a report page's groups (each sheet's cards against
/// the rules, each claim's cards against equal shares), for flagging the cards whose copies are
/// too far from what is expected. See `CardTail` for what each field means.
///
/// Conditional on its group's total n, card i expected a share q_i = e_i / Σ e of it has copies
/// X_i ~ Binomial(n, q_i) under multinomial draws; distinct draws make copies vary less, so
/// the tail is conservative there. The page is one family: with K cards expected over all its
/// groups, a card of a group tested at level alpha is flagged when its one-sided tail is at most
/// alpha / (2K). By Bonferroni the chance that any card of the page is flagged under the
/// expectations is at most alpha, whatever the expected counts (a normal residual bound is not
/// valid below a few copies) and however the groups overlap. Cost: one or two GSL binomial
/// tails per card.
package enum CardTails {
  /// One group of a page: its cards' copies, their expected copies, and the level of the check
  /// the group belongs to.
  package struct Group: Sendable {
    package var observed: [Int]
    package var expected: [Double]
    package var alpha: Double

    package init(observed: [Int], expected: [Double], alpha: Double) {
      self.observed = observed
      self.expected = expected
      self.alpha = alpha
    }
  }

  /// The tails of every group's cards, in order; nil for a card expected nowhere (e = 0),
  /// whose copies the invariants judge.
  package static func compute(_ groups: [Group]) throws(StatisticsError) -> [[CardTail?]] {
    for group in groups where group.observed.count != group.expected.count || !(group.alpha > 0 && group.alpha < 1) {
      throw .invalidArgument("card tails: \(group.observed.count) counts for \(group.expected.count) expectations at alpha \(group.alpha)")
    }
    let family = groups.reduce(0) { $0 + $1.expected.filter { $0 > 0 }.count }
    var result: [[CardTail?]] = []
    for group in groups { result.append(try tails(group, family: family)) }
    return result
  }

  /// The tails of one group alone (a family of its own cards).
  package static func compute(observed: [Int], expected: [Double], alpha: Double) throws(StatisticsError) -> [CardTail?] {
    try compute([Group(observed: observed, expected: expected, alpha: alpha)])[0]
  }

  private static func tails(_ group: Group, family: Int) throws(StatisticsError) -> [CardTail?] {
    let cells = group.expected.indices.filter { group.expected[$0] > 0 }
    let expectedTotal = cells.reduce(0.0) { $0 + group.expected[$1] }
    let n = cells.reduce(0) { $0 + group.observed[$1] }
    guard !cells.isEmpty, expectedTotal > 0 else { return group.expected.map { _ in nil } }
    let level = group.alpha / (2 * Double(max(family, 1)))
    return try withGSL { () throws(GSLError) -> [CardTail?] in
      let limit = try Distributions.normalUpperQuantile(level)
      var tails = [CardTail?](repeating: nil, count: group.expected.count)
      for index in cells {
        let share = min(group.expected[index] / expectedTotal, 1)
        let x = group.observed[index]
        let upper = Double(x) > Double(n) * share
        let p = upper
          ? try Distributions.binomialSurvival(x - 1, trials: n, probability: share)
          : try Distributions.binomialCDF(x, trials: n, probability: share)
        let clamped = min(max(p, 0), 1)
        let score = clamped >= 0.5 ? 0 : (upper ? 1 : -1) * (try Distributions.normalUpperQuantile(max(clamped, 1e-300)))
        tails[index] = CardTail(p: clamped, score: score, limit: limit, flagged: clamped <= level)
      }
      return tails
    }
  }

  /// A page's groups with every card given its tail: the sheets' cards at `alpha`, each
  /// claim's at the claim's level (`claimAlpha` of its name), all one family.
  package static func attached(
    sheets: GroupFrequency, claims: GroupFrequency? = nil, alpha: Double, claimAlpha: (String) -> Double = { _ in 0 }
  ) throws(StatisticsError) -> (sheets: GroupFrequency, claims: GroupFrequency?) {
    let sheetGroups = groups(sheets.rows.map(\.group))
    let claimGroups = claims.map { groups($0.rows.map(\.group)) } ?? []
    var all = sheetGroups.map { Group(members: $0, of: sheets, alpha: alpha) }
    if let claims {
      all += claimGroups.map { Group(members: $0, of: claims, alpha: claimAlpha(claims.rows[$0[0]].group)) }
    }
    let tails = try compute(all)
    let newSheets = sheets.withTails(tails[..<sheetGroups.count], groups: sheetGroups)
    return (newSheets, claims?.withTails(tails[sheetGroups.count...], groups: claimGroups))
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

extension CardTails.Group {
  /// The group of `frequency`'s rows at `members`, tested at `alpha`.
  init(members: [Int], of frequency: GroupFrequency, alpha: Double) {
    self.init(
      observed: members.map { frequency.rows[$0].observed }, expected: members.map { frequency.rows[$0].expected }, alpha: alpha)
  }
}

extension GroupFrequency {
  /// The rows with the tails of `groups` (row indices of each group, in order) set.
  fileprivate func withTails(_ tails: ArraySlice<[CardTail?]>, groups: [[Int]]) -> GroupFrequency {
    var result = self
    for (group, groupTails) in zip(groups, tails) {
      for (position, index) in group.enumerated() { result.rows[index].tail = groupTails[position] }
    }
    return result
  }
}
