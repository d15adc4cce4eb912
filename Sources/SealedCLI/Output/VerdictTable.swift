import Foundation
import SealedVerdicts
import SealedSupport
import SealedRules
import SealedReports
import SealedStats

/// The terminal summary of a check run: one line per check, failures marked, then the verdict.
enum VerdictTable {
  static func render(
    _ run: CheckRun, plan: BoosterPlan, spec: SpecDefinition?, alpha: Double, pools: Int,
    seed: UInt64, terminal: Terminal, interrupted: (done: Int, requested: Int)? = nil, specDeclined: Bool = false
  ) -> String {
    var lines: [String] = []
    // A product whose maker's published odds ship as a spec of its name (eoe-play): say so,
    // since check-products applies it by itself.
    let publishedOdds = SpecLoader.builtInNames.contains(plan.rulesName) && plan.rulesName != "sealed"
      ? "; its maker's published odds are the built-in spec \(plan.rulesName) (--spec \(plan.rulesName))" : ""
    let specText = spec.map { "spec \"\($0.name)\"" }
      ?? (specDeclined
        ? "NO SPEC: --spec none, so only the rules' own expectations are checked"
        : "NO SPEC: the rules name none (spec: key) and no --spec was given, so only the rules' own expectations are checked" + publishedOdds)
    lines.append(
      terminal.bold("\(plan.setName) (\(plan.setCode)) · rules \"\(plan.rulesName)\" · \(specText) · \(pools) pools · seed \(seed)"))
    lines.append("alpha \(CSVNumber.format(alpha)), p-values Holm-adjusted over \(run.testCount) statistical checks; invariants allow no violation")
    if run.checks.contains(where: { $0.kind == .binomial && $0.confidenceLevel != nil }) {
      lines.append("intervals: Clopper–Pearson at the level Holm decided each verdict at (alpha / (m - step)), consistent with the verdicts")
    }
    lines.append("")
    var table = TextTable([("verdict", .left), ("from", .left), ("check", .left), ("kind", .left), ("result", .left), ("p adjusted", .right)])
    for check in run.checks {
      table.append([label(check.verdict), check.source.rawValue, check.name, check.kind.rawValue, describe(check), check.pAdjusted.map { Self.format($0, against: check.alpha) } ?? "-"])
    }
    var text = table.text
    if terminal.colors {
      text = text.replacingOccurrences(of: "\nFAIL ", with: "\n\u{1B}[31;1mFAIL\u{1B}[0m ")
    }
    lines.append(text)
    lines.append(terminal.bold(run.summary(interrupted: interrupted).text))
    for check in run.failures {
      if check.isUnsatisfiable {
        lines.append("  - \(check.name): \(check.detail)")
      } else {
        lines.append("  - \(check.name): \(describe(check))\(check.detail.isEmpty ? "" : " (\(check.detail))")")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The verdict column: `pass`, `FAIL` (to stand out) or `not tested`.
  static func label(_ verdict: CheckResult.Verdict) -> String {
    switch verdict {
    case .pass: "pass"
    case .fail: "FAIL"
    case .notTested: "not tested"
    }
  }

  static func describe(_ check: CheckResult) -> String {
    if check.isUnsatisfiable { return "cannot hold by construction" }
    if check.isNotTested { return check.detail }
    switch check.kind {
    case .binomial:
      guard let observed = check.observed, let expected = check.expected else { return "no trials" }
      guard let low = check.confidenceLow, let high = check.confidenceHigh else {
        return "\(format(observed)) vs \(format(expected)) in \(check.n)"
      }
      let shown = interval(low, high, expected: expected)
      return "\(format(observed)) vs \(shown.expected) in \(check.n) [\(shown.low), \(shown.high)]"

    case .chiSquare:
      return "X2 \(format(check.statistic ?? 0)), df \(check.degreesOfFreedom ?? 0), n \(check.n)"
    case .invariant:
      let violations = Int(check.observed ?? 0)
      return "\(violations) violation\(violations == 1 ? "" : "s") in \(check.n)"
    case .exact:
      return "exactly \(check.exactShare ?? "?") = \(format(check.observed ?? 0)) vs \(format(check.expected ?? 0))"
    }
  }

  /// A p-value as `format` shows it, with more digits when those would put it on the other
  /// side of `alpha` or on it (an adjusted 0.00099996 read 0.001 on a failing row at 0.001).
  static func format(_ p: Double, against alpha: Double) -> String {
    let plain = format(p)
    guard let shown = Double(plain), (shown < alpha) != (p < alpha) || (shown == alpha) != (p == alpha) else { return plain }
    return format(p, beside: alpha)
  }

  /// An interval bound with at least four significant digits and as many more as it takes to
  /// show on which side of `expected` it lies (0.779968 beside 0.78, not 0.78).
  /// The search is the one the report page and findings.csv make (`OrderedRounding`).
  static func format(_ value: Double, beside expected: Double) -> String {
    let digits = OrderedRounding.digits(of: value, beside: expected, from: 4) { String(format: "%.\($1)g", $0) }
    return String(format: "%.\(digits)g", value)
  }

  /// An interval and the value it is held to, each shown so that the text keeps the order of
  /// the numbers: four significant digits where that does, else as many more for all three as
  /// it takes (an interval [0.1536, 0.180314] failing 0.18032 showed 0.1803 for both).
  static func interval(_ low: Double, _ high: Double, expected: Double) -> (low: String, expected: String, high: String) {
    let values = [low, expected, high]
    let shown = [format(low, beside: expected), format(expected), format(high, beside: expected)]
    if OrderedRounding.keepsOrder(shown, of: values) { return (shown[0], shown[1], shown[2]) }
    let digits = OrderedRounding.fewestDigits(from: 5, of: values) { digits in values.map { String(format: "%.\(digits)g", $0) } }
    let texts = values.map { String(format: "%.\(digits)g", $0) }
    return (texts[0], texts[1], texts[2])
  }

  /// Four significant digits, scientific notation for very small numbers.
  static func format(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    if abs(value) < 1e-4 { return String(format: "%.3g", value) }
    return String(format: "%.4g", value)
  }
}
