import Foundation
import SealedRules
import SealedReports
import SealedStats
import SealedVerdicts
import SealedRelease

/// `summary.csv` of `sealed check-products`: one row per product checked, in the data's order.
package struct ProductSummary: Sendable {
  /// A product's outcome.
  package enum Verdict: String, Sendable {
    /// Every check passed or could not be made; no invariant was violated.
    case pass
    /// An invariant was violated, a share the data decides exactly lies outside its claim's
    /// range, or a statistical check failed in the confirmation (`ErrorControl`).
    case fail
    /// The product cannot be compiled (`reason` says why, in one line); nothing was simulated.
    case refused
  }

  package struct Row: Sendable {
    package var product: String
    package var kind: String
    package var set: String
    package var verdict: Verdict = .pass
    /// The names of the failing checks.
    package var failing: [String] = []
    /// Checks made (statistical and invariants) and checks that could not be made.
    package var checks = 0
    package var notTested = 0
    package var pools = 0
    package var seconds = 0.0
    /// Cards the product's sheets hold that lack card data (known by `set:number` alone); empty
    /// in the CSV for a refused product (nothing was compiled; its reason says what lacks data).
    package var lacking = 0
    package var seed: UInt64
    /// Why the product was refused.
    package var reason = ""
    /// What the lint found (`ProductLint`): the `lint` and `warnings` columns.
    package var warnings: [LintWarning] = []

    /// `warn` when the lint found anything, else `ok`.
    package var lint: String { warnings.isEmpty ? "ok" : "warn" }
    /// The spec the product was held to (`--spec`'s argument: a built-in name or a file), if any;
    /// its claims tested and not tested (nil without a spec, or when nothing was checked).
    package var spec = ""
    package var claimsTested: Int?
    package var claimsNotTested: Int?
    /// The names of the spec's claims this run checked (tested or not): a baseline's claim
    /// finding that is not among them was not looked at, which is not the same as fixed.
    package var claimNames: Set<String> = []

    package init(product: CompiledBoosterData.Product, seed: UInt64) {
      self.product = product.code.lowercased()
      kind = ProductKind.of(product)
      set = product.set_code.lowercased()
      self.seed = seed
    }

    /// Whether the screen flagged the product (a statistical check failed at the screen's
    /// level): nil when refused.
    package var flagged: Bool?
    /// The confirmation's pools and seed, when the screen flagged the product.
    package var confirm: (pools: Int, seed: UInt64)? {
      get { confirmPools.map { ($0, confirmSeed!) } }
      set {
        confirmPools = newValue?.pools
        confirmSeed = newValue?.seed
      }
    }
    private var confirmPools: Int?
    private var confirmSeed: UInt64?
    /// Whether the confirmation's statistical checks failed (nil when not confirmed): what the
    /// screen's flag is confirmed by, apart from exact checks, which fail at the screen already.
    package private(set) var confirmationFailed: Bool?
    /// The checks behind the verdict, failed: the screen's exact ones (invariants, exact
    /// shares, claims that cannot hold) and, when confirmed, every failure of the confirmation.
    package var failures: [CheckResult] = []
    /// The verdicts of the two things a product's checks test (`CheckTarget`): `pass`, `fail`,
    /// or empty when the product had no such check.
    package var dataAgainstMaker = ""
    package var engineAgainstData = ""
    /// The booster data release the product comes from (`BoosterRelease.label`: the shipped
    /// file's name, or an installed release's name, when and where it was fetched, and digest).
    package var boosterData = ""

    /// A product that cannot be compiled, and why.
    mutating func refuse(_ reason: String, seconds: Double) {
      verdict = .refused
      self.reason = reason
      self.seconds = seconds
    }

    /// Takes the verdicts and counts of a finished product: its screen's checks and, when the
    /// screen flagged it, its confirmation's (`ErrorControl`).
    mutating func record(screen: CheckRun, confirmation: CheckRun?, pools: Int, lacking: Int) {
      flagged = confirmation != nil
      confirmationFailed = confirmation.map { run in run.failures.contains { $0.pValue != nil } }
      var failed = screen.failures.filter { $0.pValue == nil }
      for check in confirmation?.failures ?? [] where !failed.contains(where: { $0.name == check.name }) {
        failed.append(check)
      }
      failures = failed
      verdict = failed.isEmpty ? .pass : .fail
      failing = failed.map(\.name)
      checks = screen.checks.count - screen.untested.count
      notTested = screen.untested.count
      self.pools = pools
      self.lacking = lacking
      for target in CheckTarget.allCases {
        // A claim sharing the rules' row tests the engine against the data, and holds the data
        // to the maker by sharing it (the same expectation: decided exactly, met).
        let tested = screen.checks.contains {
          !$0.isNotTested && ($0.tests == target || (target == .dataAgainstMaker && Self.sharesTheRulesRow($0)))
        }
        let verdict = !tested ? "" : failed.contains { $0.tests == target } ? "fail" : "pass"
        if target == .dataAgainstMaker { dataAgainstMaker = verdict } else { engineAgainstData = verdict }
      }
      guard !spec.isEmpty else { return }
      // A claim the data decides exactly is two rows; the engine's is not a claim of its own,
      // whether or not it shares the rules' row. Another claim sharing the rules' row is one
      // (it was left out when it passed: a review).
      let claims = screen.checks.filter { check in
        check.source == .both ? Self.sharesTheRulesRow(check) : check.source == .spec && check.tests != .engineAgainstData
      }
      claimNames = Set(claims.map(\.name))
      claimsNotTested = claims.filter(\.isNotTested).count
      claimsTested = claims.count - claimsNotTested!
    }

    /// Whether `check` is a spec claim sharing the rules' row (`both`), not an exact claim's
    /// engine row that does.
    static func sharesTheRulesRow(_ check: CheckResult) -> Bool {
      check.source == .both && !check.name.hasSuffix(SpecChecks.engineSuffix)
    }

    /// The row of `summary.csv`.
    package var csvRow: [String] {
      [
        product, kind, set, verdict.rawValue, failing.joined(separator: "; "), String(checks), String(notTested),
        String(pools), String(format: "%.2f", seconds), verdict == .refused ? "" : String(lacking), String(seed), reason,
        lint, warnings.map(\.text).joined(separator: "; "),
        spec, claimsTested.map(String.init) ?? "", claimsNotTested.map(String.init) ?? "",
        flagged.map { $0 ? "flagged" : "pass" } ?? "", confirmPools.map(String.init) ?? "", confirmSeed.map(String.init) ?? "",
        dataAgainstMaker, engineAgainstData, boosterData,
      ]
    }
  }

  /// The columns of `summary.csv`. `seconds` is the only one that changes between two runs of
  /// the same seed (it is how long the product took, loading, simulation, checks and files).
  package static let header = ReportFile.summary.columns

  package static let fileName = ReportFile.summary.name

  package var rows: [Row]

  package init(rows: [Row]) {
    self.rows = rows
  }

  /// `summary.csv`.
  package var table: CSVTable {
    var table = CSVTable(header: Self.header)
    for row in rows { table.append(row.csvRow) }
    return table
  }

  /// Whether any product failed (a refused product is not a failure of the data's rules but
  /// a product Sealed cannot check; it does not pass either, and counts as failing the run).
  package var failed: Bool { rows.contains { $0.verdict != .pass } }

  /// "lint: 2 of 538 products warn (4 warnings)", or "lint: no warnings (538 products)".
  package var lintTotals: String {
    let warned = rows.filter { !$0.warnings.isEmpty }
    guard !warned.isEmpty else { return "lint: no warnings (\(rows.count) product\(rows.count == 1 ? "" : "s"))" }
    let count = warned.reduce(0) { $0 + $1.warnings.count }
    return "lint: \(warned.count) of \(rows.count) products warn (\(count) warning\(count == 1 ? "" : "s"))"
  }

  /// Whether the run fails: a product failed or was refused, or, when `strict`, its lint warned.
  package func failed(strict: Bool) -> Bool { failed || (strict && rows.contains { !$0.warnings.isEmpty }) }

  /// "538 products: 530 pass, 3 fail, 5 refused; 171 with cards lacking data".
  package var totals: String {
    let count = { (verdict: Verdict) in rows.filter { $0.verdict == verdict }.count }
    let lacking = rows.filter { $0.lacking > 0 }.count
    return "\(rows.count) product\(rows.count == 1 ? "" : "s"): \(count(.pass)) pass, \(count(.fail)) fail, \(count(.refused)) refused; \(lacking) with cards lacking data"
  }
}
