import SealedSupport

/// The one line that sums up a run's checks, worded the same on the terminal and on the report
/// page: `PASS: all 22 checks passed`, `PASS: 21 of 22 checks passed, 1 not tested`,
/// `FAIL: 5 of 22 checks failed`, and for a run the user stopped
/// `INTERRUPTED after 12288 of 1000000 pools: no verdict ...` (`after all 1000000 pools` when it
/// was stopped during its comparisons), never PASS.
///
/// A check that could not be made (`not_tested`) is neither a pass nor a failure.
package struct VerdictSummary: Sendable, Equatable {
  /// The summary's verdict, its raw value as files write it.
  package enum Outcome: String, Sendable {
    case pass, fail, notTested = "not_tested", interrupted
  }

  package let passed: Int
  package let failed: Int
  package let notTested: Int
  /// Pools done and pools asked for, when the user stopped the run.
  package let interrupted: (done: Int, requested: Int)?

  /// A summary of the given counts, and of a stopped run when `interrupted` is given.
  package init(passed: Int, failed: Int, notTested: Int, interrupted: (done: Int, requested: Int)? = nil) {
    self.passed = passed
    self.failed = failed
    self.notTested = notTested
    self.interrupted = interrupted
  }

  /// From the verdicts of a checks table.
  package init<S: Sequence>(verdicts: S, interrupted: (done: Int, requested: Int)? = nil) where S.Element == CheckVerdict {
    var counts: [CheckVerdict: Int] = [:]
    for verdict in verdicts { counts[verdict, default: 0] += 1 }
    self.init(
      passed: counts[.pass] ?? 0, failed: counts[.fail] ?? 0, notTested: counts[.notTested] ?? 0,
      interrupted: interrupted)
  }

  /// All the checks: passed, failed and not tested.
  package var total: Int { passed + failed + notTested }

  /// Interrupted when the run was stopped; else fail when any check failed, not tested when
  /// none passed and some could not be made, and pass otherwise.
  package var outcome: Outcome {
    if interrupted != nil { return .interrupted }
    if failed > 0 { return .fail }
    return passed == 0 && notTested > 0 ? .notTested : .pass
  }

  /// The summary line, e.g. `FAIL: 5 of 22 checks failed` (see the type's comment for each form).
  package var text: String {
    let untested = notTested > 0 ? ", \(notTested) not tested" : ""
    let checks = total == 1 ? "check" : "checks"
    switch outcome {
    case .interrupted:
      let (done, requested) = interrupted!
      let found = failed > 0 ? "\(failed) of \(total) \(checks) failed" : "none of \(total) \(checks) failed"
      // Stopped after the run's own pools, during its --compare simulations: all of them.
      let pools = done >= requested ? "all \(requested)" : "\(done) of \(requested)"
      return "INTERRUPTED after \(pools) pools: no verdict (on those pools \(found)\(untested))"
    case .fail:
      return "FAIL: \(failed) of \(total) \(checks) failed\(untested)"
    case .notTested:
      return "NOT TESTED: none of the \(total) \(checks) could be made"
    case .pass:
      return notTested > 0 ? "PASS: \(passed) of \(total) \(checks) passed\(untested)" : "PASS: all \(total) \(checks) passed"
    }
  }

  /// Equal when the counts and the interrupted pools (if any) are equal.
  package static func == (lhs: VerdictSummary, rhs: VerdictSummary) -> Bool {
    lhs.passed == rhs.passed && lhs.failed == rhs.failed && lhs.notTested == rhs.notTested
      && lhs.interrupted?.done == rhs.interrupted?.done && lhs.interrupted?.requested == rhs.interrupted?.requested
  }
}
