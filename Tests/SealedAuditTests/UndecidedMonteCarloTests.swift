@testable import SealedAudit
import SealedVerdicts
import Testing

/// A Monte Carlo check whose statistic lies beyond every sample cannot fail when the samples are
/// too few for the level: it is not tested, never a pass (a file 3 times off once passed at 999).
@Suite struct UndecidedMonteCarloTests {
  /// A chi-square row decided by the Monte Carlo null with p-value `p`.
  func row(p: Double, verdict: CheckResult.Verdict = .pass) -> CheckResult {
    var row = CheckResult(
      name: "sheet common", kind: .chiSquare, source: .rules, n: 2000, statistic: 6700, degreesOfFreedom: 345, pValue: p,
      alpha: 0.01, verdict: verdict)
    row.method = .monteCarlo
    return row
  }

  @Test func aStatisticBeyondEverySampleIsNotDecidedWhenTheFloorIsAboveTheLevel() {
    // 12 tests at alpha 0.01: the level is 0.01 / 12 = 0.000833; 999 samples give p >= 0.001.
    var checks = [row(p: 1.0 / 1000), row(p: 2.0 / 1000), row(p: 1.0 / 1000, verdict: .fail)]
    AuditRun.markUndecided(&checks, samples: 999, tests: 12)
    #expect(checks[0].verdict == .notTested)
    #expect(
      checks[0].detail
        == "not decided: the statistic is beyond all 999 Monte Carlo samples, whose p-value 0.001 cannot reach alpha / 12 tests = 0.0008333333333333334; rerun with --resamples 1200 or more")
    // 1 / (1 + 1199) is the level itself: Holm's adjusted p-value, 12 / 1200 = 0.01, is alpha,
    // which is no failure (a check fails below alpha), so 1200 samples are the fewest that can fail.
    #expect(AuditRun.floorCannotFail(samples: 1199, tests: 12, alpha: 0.01) && !AuditRun.floorCannotFail(samples: 1200, tests: 12, alpha: 0.01))
    // A statistic within the samples is decided, and a failure stays one.
    #expect(checks[1].verdict == .pass)
    #expect(checks[2].verdict == .fail)
  }

  /// 999 samples and 10 tests: the floor 0.001 times 10 is alpha 0.01 itself, so the check
  /// could not fail; it passed a sheet whose card came 3 times as often (X2 838 on 345 df),
  /// with the samples docs/validating-simulator.md uses.
  @Test func aFloorExactlyAtTheLevelIsNotDecided() {
    var checks = [row(p: 1.0 / 1000)]
    AuditRun.markUndecided(&checks, samples: 999, tests: 10)
    #expect(checks[0].verdict == .notTested)
    #expect(checks[0].detail.hasSuffix("cannot reach alpha / 10 tests = 0.001; rerun with --resamples 1000 or more"), "\(checks[0].detail)")
    #expect(AuditRun.resolutionNote(samples: 999, tests: 10, alpha: 0.01) != nil)
    #expect(AuditRun.resolutionNote(samples: 1000, tests: 10, alpha: 0.01) == nil)
  }

  @Test func enoughSamplesOrAnotherMethodLeaveThePassAlone() {
    var enough = [row(p: 1.0 / 1201)]
    AuditRun.markUndecided(&enough, samples: 1200, tests: 12)
    #expect(enough[0].verdict == .pass)
    var asymptotic = [row(p: 1.0 / 1000)]
    asymptotic[0].method = .exactBinomial
    AuditRun.markUndecided(&asymptotic, samples: 999, tests: 12)
    #expect(asymptotic[0].verdict == .pass)
  }

  /// The note on too few samples: "1 Monte Carlo sample", its level rounded as the rest of the
  /// output is (it printed 0.0007692307692307692).
  @Test func theResolutionNoteReadsWell() {
    #expect(
      AuditRun.resolutionNote(samples: 1, tests: 13, alpha: 0.01)
        == "with 1 Monte Carlo sample no Monte Carlo p-value goes below 0.5, not below alpha / 13 tests = 0.000769: raise --resamples for those checks to be able to fail")
    #expect(AuditRun.resolutionNote(samples: 9, tests: 13, alpha: 0.01)?.hasPrefix("with 9 Monte Carlo samples no ") == true)
    #expect(AuditRun.resolutionNote(samples: 100_000, tests: 13, alpha: 0.01) == nil)
  }
}
