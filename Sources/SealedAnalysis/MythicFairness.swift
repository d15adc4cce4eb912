import SealedEngine
import SealedVerdicts

/// How often two players' pools differ by 0, 1, 2 or 3+ mythics: observed from pairs of
/// consecutive pools of a run (1st and 2nd, 3rd and 4th, ...), expected from the rules'
/// distribution of mythics per pool. Rows of `mythic_fairness.csv`.
package struct MythicFairness: Sendable {
  /// The pairs of pools that differ by `difference` mythics: their observed share (nil without
  /// pairs) and the expected one.
  package struct Row: Sendable {
    package let rules: String
    package let difference: MythicDifference
    package let observed: Double?
    package let expected: Double
  }

  package let rows: [Row]

  package init(rules: String, tally: SimulationTally, expectations: Expectations) {
    let pairs = tally.pairMythicDifferences.reduce(0, +)
    func observed(_ range: ClosedRange<Int>) -> Double? {
      guard pairs > 0 else { return nil }
      let count = tally.pairMythicDifferences.indices.filter(range.contains).reduce(0) { $0 + tally.pairMythicDifferences[$1] }
      return Double(count) / Double(pairs)
    }
    func expected(_ range: ClosedRange<Int>) -> Double {
      expectations.pairMythicDifferences.indices.filter(range.contains).reduce(0) { $0 + expectations.pairMythicDifferences[$1] }
    }
    rows = MythicDifference.allCases.map {
      Row(rules: rules, difference: $0, observed: observed($0.range), expected: expected($0.range))
    }
  }
}
