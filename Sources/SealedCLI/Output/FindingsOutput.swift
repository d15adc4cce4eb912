import SealedJobs
import SealedReports

/// What `sealed check-products` and `sealed rules lint` print of their findings: a count, and
/// against a baseline the new findings first, the known ones as a count, and the ones the
/// baseline had that this run did not find.
enum FindingsOutput {
  /// `findings: 62 in findings.csv (5 rules, 12 claim, 40 lint, 5 refused)`, and with a
  /// baseline its comparison.
  static func render(_ findings: [Finding], comparison: BaselineComparison?, file: String) -> String {
    let bySource = Finding.Source.allCases.compactMap { source -> String? in
      let count = findings.filter { $0.source == source }.count
      return count == 0 ? nil : "\(count) \(source.rawValue)"
    }
    var text = "findings: \(findings.count) in \(file)\(bySource.isEmpty ? "" : " (" + bySource.joined(separator: ", ") + ")")\n"
    guard let comparison else { return text }
    let lost = comparison.missing.isEmpty ? "" : ", \(comparison.missing.count) for products the release lost"
    let unchecked = comparison.unchecked.isEmpty ? "" : ", \(comparison.unchecked.count) not checked"
    let changed = comparison.changed.isEmpty ? "" : "\(comparison.changed.count) changed, "
    text += "baseline \(comparison.file): \(comparison.new.count) new, \(changed)\(comparison.known.count) known, \(comparison.gone.count) no longer found\(unchecked)\(lost)\n"
    for finding in comparison.new { text += "  NEW \(line(finding))\n" }
    for (finding, before) in comparison.changed {
      text += "  CHANGED \(line(finding))\n    the baseline had: \(ProductTable.shortened(before, to: 200))\n"
    }
    if !comparison.missing.isEmpty { text += "  LOST \(lostLine(comparison.lostCodes))\n" }
    for finding in comparison.unchecked {
      text += "  NOT CHECKED (this run held the product to no such claim: --specs?): \(line(finding))\n"
    }
    for finding in comparison.gone { text += "  no longer found (fixed, or not found at these pools): \(line(finding))\n" }
    return text
  }

  /// The verdict line of a run given a baseline.
  static func verdict(_ comparison: BaselineComparison) -> String {
    BaselineVerdict.text(
      new: comparison.new.count, changed: comparison.changed.count, unchecked: comparison.unchecked.count,
      lostProducts: comparison.lostCodes.count, known: comparison.known.count)
  }

  /// `the release holds no product blb-play, dft-play, ... (52 in all), which the baseline has
  /// findings for`: the first 12 codes.
  static func lostLine(_ codes: [String]) -> String {
    let shown = codes.prefix(12).joined(separator: ", ")
    let more = codes.count > 12 ? ", ... (\(codes.count) in all)" : ""
    return "the release holds no product \(shown)\(more), which the baseline has findings for"
  }

  static func line(_ finding: Finding) -> String {
    ProductTable.shortened("\(finding.product) \(finding.source.rawValue) \(finding.check): \(finding.found)", to: 200)
  }
}
