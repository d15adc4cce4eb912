/// What a statistical check of `sealed check` compares, per pool, from the plan alone: what
/// `sealed check --plan` sizes a run by, so that the plan has one row for every test the run
/// makes (each check carries its design from where it is made).
enum CheckDesign: Sendable {
  /// A proportion `expected` over `trialsPerPool` trials (boosters) per pool.
  case proportion(expected: Double, trialsPerPool: Double)
  /// A chi-square over cells with these shares (any scale), `countsPerPool` counted per pool,
  /// the statistic divided by `dispersion`, small cells pooled the way the test pools them.
  case distribution(shares: [Double], countsPerPool: Double, dispersion: Double, pooling: ChiSquareGoodnessOfFit.Pooling)
}
