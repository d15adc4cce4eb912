import Foundation
import SealedJobs
import SealedRelease

/// What `sealed rules fetch` prints: what was downloaded, its lint, what changed against the
/// release before in the words of `sealed rules diff`, and the release now in use.
enum ReleaseFetchOutput {
  /// At most this many lint warnings are printed; `sealed rules lint NAME` lists them all.
  static let warningsShown = 10

  static func render(
    _ outcome: ReleaseFetchJob.Outcome, of job: ReleaseFetchJob, top: Int,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let release = outcome.release
    var text = "fetched \(job.download.name): \(grouped(outcome.downloaded.bytes)) bytes, sha256 \(outcome.downloaded.sha256)\n"
    text += "read: \(release.form.rawValue), \(release.products.count) products, each a rule set\n"
    text += lint(outcome.lint, release: outcome.installed?.release.name ?? outcome.previous.reference)
    guard let installed = outcome.installed, let diff = outcome.diff else {
      return text + "unchanged: \(outcome.previous.display), the release in use, is this download (the same SHA-256); nothing was installed\n"
    }
    text += ReleaseDiffOutput.render(diff.outcome, of: diff.job, top: top, verdict: false)
    let name = installed.release.name
    let again = installed == .chosenAgain(installed.release) ? " (installed before; chosen again)" : ""
    let inUse = ReleaseFetchJob.standing(of: name, environment: environment)
    guard outcome.changed else {
      return text + "installed: \(name)\(again) is \(inUse); its products are those of \(outcome.previous.reference)\n"
    }
    return text
      + "CHANGED: \(name)\(again) is \(inUse): \(outcome.changeCounts) against \(outcome.previous.reference) (kept; --data \(outcome.previous.reference) uses it)\n"
  }

  /// The lint's totals, and its first warnings.
  static func lint(_ lint: ReleaseLintJob.Outcome, release: String) -> String {
    let warnings = lint.warned.flatMap(\.warnings)
    var text = warnings.prefix(warningsShown).map { "\($0.text)\n" }.joined()
    if warnings.count > warningsShown { text += "... (sealed rules lint \(release) lists all \(warnings.count))\n" }
    return text + lint.totals + "\n"
  }

  /// 4192838 as "4,192,838".
  static func grouped(_ value: Int64) -> String {
    let digits = Array(String(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }
}
