/// What a statistical check of `sealed check` compares, per pool, from the plan alone: what
/// `sealed check --plan` sizes a run by, so that the plan has one row for every test the run
/// makes (each check carries its design from where it is made).
package enum CheckDesign: Sendable {
  /// A proportion `expected` over `trialsPerPool` trials (boosters) per pool. `accepted`: the
  /// shares a published figure read as a range accepts (the test is against the share of the
  /// range nearest the observed one, so a deviation counts from the range's edge).
  case proportion(expected: Double, trialsPerPool: Double, accepted: ClosedRange<Double>? = nil)
  /// A chi-square over cells with these shares (any scale), `countsPerPool` counted per pool,
  /// the statistic divided by `dispersion`, small cells pooled the way the test pools them.
  case distribution(shares: [Double], countsPerPool: Double, dispersion: Double, pooling: ChiSquarePooling)
}

/// How bins whose expected count is below the minimum are merged before the test.
package enum ChiSquarePooling: String, CaseIterable, Sendable {
  /// For ordered categories (0, 1, 2, ... mythics per pool): working in from both ends, the
  /// first bin is merged into its right neighbour while it is below the minimum, then the
  /// last into its left neighbour; any small bin left inside is then merged, smallest first,
  /// into whichever neighbour expects less (the left one on a tie). Bins stay contiguous.
  case adjacent
  /// For categories without an order (card names, colours): all small bins go into one
  /// "other" bin; if that is still below the minimum, it is merged with the bin that expects
  /// least (the first one on a tie).
  case unordered
}
