import Foundation
import SealedSupport
import SealedReports
import SealedJobs
import SealedTestSupport
import Testing

/// The run's error control on the shipped data (issue 39's "done when"): over many runs with
/// different seeds, no product fails on its own rules or a share the data decides the way its
/// spec says, while the five Play Boosters whose data disagrees with WotC's figures fail every
/// time; and where the error rate is set high enough to be seen, the share of runs that report
/// a false failure stays within it. docs/check-products.md quotes these runs.
@Suite(.heavy, .serialized) struct ProductErrorRateTests {
  /// The products whose shipped data disagrees with the maker's published odds
  /// (docs/published-odds.md): they fail on their specs, exactly, in every run.
  static let disagreeing: Set<String> = ["otj-play", "mh3-play", "dft-play", "tdm-play", "fin-play"]

  func run(_ patterns: [String], pools: Int, seed: UInt64, alpha: Double = ErrorControl.defaultAlpha, screenAlpha: Double = ErrorControl.defaultScreenAlpha) throws -> ProductsJob.Outcome {
    let dir = try Fixtures.temporaryDirectory("error-rate")
    defer { try? FileManager.default.removeItem(at: dir) }
    var settings = ProductsJob.Settings(toolVersion: "test")
    settings.patterns = patterns
    settings.pools = WholeNumber(pools)
    settings.seed = seed
    settings.alpha = alpha
    settings.screenAlpha = screenAlpha
    settings.out = dir.appendingPathComponent("run").path
    return try ProductsJob(settings).run()
  }

  /// Ten runs of all 538 products at 10,000 pools, seeds 1 to 10: before, 4 of 15 such runs
  /// failed a product on its own rules. Now none does; the five Play Boosters fail on their
  /// published odds in every run, and only there.
  @Test func noProductFailsOnItsOwnRulesInTenRuns() throws {
    for seed in UInt64(1)...10 {
      let outcome = try run([], pools: 10_000, seed: seed)
      let rows = outcome.result.summary.rows
      #expect(rows.count == 538)
      let failed = Set(rows.filter { $0.verdict == .fail }.map(\.product))
      #expect(failed == Self.disagreeing, "seed \(seed): \(failed.sorted())")
      for row in rows where row.verdict == .fail {
        #expect(row.engineAgainstData == "pass", "seed \(seed): \(row.product) fails the engine against its data: \(row.failing)")
        #expect(row.dataAgainstMaker == "fail")
      }
      #expect(!outcome.findings.contains { $0.source == .rules }, "seed \(seed)")
    }
  }

  /// With the run's error rate at 0.2 (and every product's screen at 0.5, so that a third of
  /// the products are confirmed), 20 runs of the 37 draft boosters a* to f* at 10,000 pools: a
  /// run reports a false failure with probability at most 0.2, so 10 or more of 20 would happen
  /// with probability 0.0026 (scipy.stats.binom.sf(9, 20, 0.2)) were the control broken only
  /// that far (2 of 20 did when this was written). The screen alone, a per-product control like
  /// the one runs had before, flags a product in every run.
  @Test func theRunsErrorRateHoldsWhereItCanBeSeen() throws {
    var failingRuns = 0
    var flaggingRuns = 0
    for seed in UInt64(1)...20 {
      let outcome = try run(["a*-draft", "b*-draft", "c*-draft", "d*-draft", "e*-draft", "f*-draft"], pools: 10_000, seed: seed, alpha: 0.2, screenAlpha: 0.5)
      let rows = outcome.result.summary.rows
      #expect(rows.count == 37)
      if rows.contains(where: { $0.verdict == .fail }) { failingRuns += 1 }
      if rows.contains(where: { $0.flagged == true }) { flaggingRuns += 1 }
    }
    #expect(failingRuns <= 9, "\(failingRuns) of 20 runs reported a false failure at a run level of 0.2")
    #expect(flaggingRuns >= 18, "\(flaggingRuns) of 20 runs flagged a product at the screen")
  }
}
