import SealedEngine
import SealedAnalysis
import SealedReports

/// How often two players' pools differ by 0, 1, 2 or 3+ mythics: observed from pairs of
/// consecutive pools of a run (1st and 2nd, 3rd and 4th, ...), expected from the rules'
/// distribution of mythics per pool. Rows of `mythic_fairness.csv`.
public struct MythicFairness: Sendable {
  package typealias Row = MythicFairnessRow

  package let rows: [Row]

  public init(rules: String, tally: SimulationTally, expectations: Expectations) {
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

  /// The rows of several rule sets as one `mythic_fairness.csv`.
  public static func rows(_ tables: [MythicFairness]) -> [MythicFairnessRow] { tables.flatMap(\.rows) }
}
