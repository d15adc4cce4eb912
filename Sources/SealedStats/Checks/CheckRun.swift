import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedVerdicts

/// All checks of a `sealed check` run, with Holm–Bonferroni adjusted p-values and verdicts.
///
/// A run passes when every statistical check's adjusted p-value is at or above its alpha and
/// every exact invariant holds (one violation fails it).
package struct CheckRun: Sendable {
  /// The significance level when neither the command line nor the spec gives one; also the
  /// level at which `simulate` and `merge` flag cards on their report pages.
  package static let defaultAlpha = 0.001

  package let checks: [CheckResult]

  /// Evaluates the rule-derived checks, then the spec's claims (when the plan was compiled with
  /// a spec), and adjusts the p-values of all statistical checks together.
  package init(
    plan: BoosterPlan, expectations: Expectations, tally: SimulationTally, alpha: Double
  ) throws(StatisticsError) {
    let builder = CheckBuilder(alpha: alpha)
    let context = CheckContext(plan: plan, expectations: expectations, tally: tally, builder: builder)
    var checks = try RuleChecks(context: context).all()
    checks += try SpecChecks(context: context).all()
    checks = Self.merged(checks)
    try Self.decide(&checks)
    self.checks = checks
  }

  /// Adjusts the p-values of the statistical checks (those with one) together by Holm's
  /// procedure, gives each its verdict at its alpha, and puts each binomial check's interval at
  /// the level of its verdict. Returns the indices of the statistical checks.
  @discardableResult
  package static func decide(_ checks: inout [CheckResult]) throws(StatisticsError) -> [Int] {
    let tested = checks.indices.filter { checks[$0].pValue != nil }
    let adjusted = try MultipleTesting.holm(tested.map { checks[$0].pValue! })
    for (position, index) in tested.enumerated() {
      checks[index].pAdjusted = adjusted[position]
      checks[index].verdict = adjusted[position] >= checks[index].alpha ? .pass : .fail
    }
    try holmIntervals(&checks, tested: tested)
    return tested
  }

  /// Recomputes each binomial check's Clopper–Pearson interval at the level at which Holm's
  /// step-down procedure decided its verdict, so the interval agrees with the verdict: a check
  /// rejected at step r (p-values ascending, from 0) at alpha / (m − r); every check that
  /// passed at alpha / (m − r*), r* the first step that did not reject (its p-value, like every
  /// later one, is at least that level). Clopper–Pearson inverts the equal-tailed test while
  /// the p-value is scipy's two-sided `binomtest`; where the two disagree at the border the
  /// detail says so.
  static func holmIntervals(_ checks: inout [CheckResult], tested: [Int]) throws(StatisticsError) {
    let m = tested.count
    let order = tested.sorted { checks[$0].pValue! < checks[$1].pValue! }
    let firstPassed = order.firstIndex { checks[$0].passed } ?? m
    for (rank, index) in order.enumerated() where checks[index].kind == .binomial {
      guard let successes = checks[index].successes, let expected = checks[index].expected else { continue }
      let level = checks[index].alpha / Double(m - (checks[index].passed ? firstPassed : rank))
      let interval = try ClopperPearsonInterval(successes: successes, trials: checks[index].n, outside: level)
      checks[index].confidenceLow = interval.lower
      checks[index].confidenceHigh = interval.upper
      checks[index].confidenceLevel = 1 - level
      let covers = interval.lower <= expected && expected <= interval.upper
      if covers != checks[index].passed {
        checks[index].detail += "; at this border the interval (equal-tailed) and the two-sided exact test disagree"
      }
    }
  }

  /// One row per hypothesis: a spec claim that tests what a rule-derived check already tests
  /// (the same counts against the same expectation) joins that check's row, named by the claim,
  /// with source `rules+spec`; the rules' computation (which knows how the cards were drawn) is
  /// kept, and so is what it tests, the engine against the data: the data meets the claim's
  /// expectation exactly there, so only the draws can fail the row (it said `data-vs-maker`,
  /// and check-products then blamed the data for an engine's failure).
  static func merged(_ checks: [CheckResult]) -> [CheckResult] {
    var result: [CheckResult] = []
    var rows: [String: Int] = [:]
    for check in checks {
      guard let key = check.hypothesis else {
        result.append(check)
        continue
      }
      if let index = rows[key], result[index].source == .rules, check.source == .spec {
        let rule = result[index]
        if rule.isNotTested {
          // The rules make no such promise (they let a booster repeat a card): the spec's claim
          // is the test, and the row says why the rules' own was not made.
          // A claim not tested itself (too few draws) says its own reason alone.
          var claim = check
          if !claim.isNotTested {
            claim.detail += "; the rules do not promise it: \(rule.detail.replacingOccurrences(of: "not tested: ", with: ""))"
          }
          result[index] = claim
          continue
        }
        var shared = rule
        shared.name = check.name
        shared.source = .both
        shared.tests = rule.tests
        shared.exactShare = check.exactShare
        shared.alpha = min(rule.alpha, check.alpha)
        shared.looserClaimAlpha = check.looserClaimAlpha
        shared.detail = "also the rules' check \"\(rule.name)\"; " + rule.detail + SpecChecks.heldAlphaNote(check)
        result[index] = shared
        continue
      }
      if rows[key] == nil { rows[key] = result.count }
      result.append(check)
    }
    return result
  }

  /// Whether no check failed (checks that could not be made are not failures, nor passes).
  package var passed: Bool { !checks.contains(where: \.failed) }

  package var failures: [CheckResult] { checks.filter(\.failed) }

  /// The checks the run could not make.
  package var untested: [CheckResult] { checks.filter(\.isNotTested) }

  /// The verdict line; `interrupted` gives the pools done and asked for when the user stopped
  /// the run, which then has no verdict.
  package func summary(interrupted: (done: Int, requested: Int)? = nil) -> VerdictSummary {
    VerdictSummary(verdicts: checks.map(\.verdict), interrupted: interrupted)
  }

  /// Statistical checks (those with a p-value), the m of the Holm adjustment.
  package var testCount: Int { checks.filter { $0.pValue != nil }.count }
}
