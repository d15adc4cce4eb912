import SealedSupport
import SealedVerdicts
import SealedReports
import SealedRelease

extension ProductSummary.Row {
  /// What the run found wrong with the product, as rows of `findings.csv`: its refusal, each
  /// check behind a `fail` verdict, and each lint warning.
  package var findings: [Finding] {
    var found: [Finding] = []
    if verdict == .refused { found.append(Finding(product: product, source: .refused, check: "compile", found: reason)) }
    for check in failures {
      found.append(
        Finding(
          product: product, source: check.source == .rules ? .rules : .claim, check: check.name, found: check.finding,
          exact: check.kind == .exact))
    }
    found += warnings.map(\.finding)
    return found
  }
}

extension LintWarning {
  /// The warning as a finding: its rule and place identify it from one run to the next.
  package var finding: Finding {
    Finding(
      product: product, source: .lint, check: place.isEmpty ? rule.rawValue : "\(rule.rawValue) \(place)",
      found: message.replacingOccurrences(of: "\n", with: " "), exact: !rule.readsCardData,
      cards: cards)
  }
}

extension CheckResult {
  /// A failed check in one line for `findings.csv`: what was observed against what was
  /// expected, and why it failed.
  var finding: String {
    let number = { (value: Double?) in value.map { CSVNumber.format(Double(String(format: "%.4g", $0))!) } ?? "?" }
    // An adjusted p-value with the digits that keep it on its side of alpha.
    let adjusted = pAdjusted.map { p in
      let digits = OrderedRounding.digits(of: p, beside: alpha, from: 4) { CSVNumber.format(Double(String(format: "%.\($1)g", $0))!) }
      return CSVNumber.format(Double(String(format: "%.\(digits)g", p))!)
    } ?? "?"
    if isUnsatisfiable { return detail }
    switch kind {
    case .exact:
      return detail
    case .invariant:
      let violations = Int(observed ?? 0)
      return "\(violations) violation\(violations == 1 ? "" : "s") in \(n): \(detail)"
    case .binomial where pValue != nil:
      return "observed \(number(observed)) against \(number(expected)) in \(n) (p adjusted \(adjusted) at alpha \(number(alpha))): \(detail)"
    case .chiSquare where pValue != nil:
      return "X2 \(number(statistic)) on \(degreesOfFreedom ?? 0) df in \(n) (p adjusted \(adjusted) at alpha \(number(alpha))): \(detail)"
    default:
      return detail
    }
  }
}
