/// How many mythics two players' pools differ by, as `mythic_fairness.csv` counts them.
package enum MythicDifference: String, Sendable, CaseIterable {
  case none = "0"
  case one = "1"
  case two = "2"
  case threeOrMore = "3+"

  /// The differences the case counts.
  package var range: ClosedRange<Int> {
    switch self {
    case .none: 0...0
    case .one: 1...1
    case .two: 2...2
    case .threeOrMore: 3...Int.max
    }
  }
}
