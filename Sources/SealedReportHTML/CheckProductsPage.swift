import Foundation
import Mustache
import SealedSupport
import SealedReports

/// `report.html` of a `sealed check-products` run: one self-contained page (CSS inline, no
/// script, nothing fetched) made from the run's `run.csv`, `summary.csv` and `findings.csv` as
/// written, printing their text: the run's verdict, its facts and error control, its findings,
/// and every product with links to its screen's report and, when the screen flagged it, its
/// confirmation's. Times (each product's seconds, the run's threads and elapsed time) are left
/// out, so that two runs of one seed write the same page. Template
/// `Resources/check-products.mustache`. Cost: O(rows).
package enum CheckProductsPage {
  struct Pair { let key: String; let value: String }

  struct Finding { let product, source, check, found, status: String }

  struct Product {
    let product, kind, set, verdict, verdictClass, screen: String
    let checks, notTested, pools, lacking, lint, spec, dataVsMaker, engineVsData, failing, reason: String
    /// The product's screen report (`CODE/report.html`), nil when refused.
    let folder: String?
    /// The confirmation's report (`confirm/CODE/report.html`), for a flagged product.
    let confirmation: String?
    let failed: Bool
  }

  struct Values {
    var title: String
    var verdict: String
    var verdictClass: String
    var notes: [String]
    var identity: [Pair]
    var errorControl: String
    var findings: [Finding]
    var hasFindings: Bool
    var products: [Product]
  }

  /// run.csv's keys the page leaves out: they differ from run to run of the same seed.
  static let timingKeys: Set<String> = ["threads", "elapsed_seconds", "started_at"]

  /// The page of a run whose files hold these tables; `confirmFolder` is the name of the
  /// folder of confirmations (`confirm`). Cost: O(rows).
  package static func render(
    run: CSVTable, summary: CSVTable, findings: CSVTable, confirmFolder: String
  ) throws(DataError) -> String {
    let values = values(run: run, summary: summary, findings: findings, confirmFolder: confirmFolder)
    return try PageTemplate.parse(PackageResources.check_products_mustache, name: "check-products").render(values)
  }

  static func values(run: CSVTable, summary: CSVTable, findings: CSVTable, confirmFolder: String) -> Values {
    let facts = Dictionary(run.rows.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
    let products = CSVRecord.records(of: summary, file: ReportFile.summary.name).map { product($0, confirmFolder: confirmFolder) }
    let verdict = verdict(facts: facts, products: products)
    return Values(
      title: "Sealed check-products: \(((facts["data"] ?? "?") as NSString).lastPathComponent)",
      verdict: verdict.text, verdictClass: verdict.cssClass, notes: notes(products, facts: facts),
      identity: run.rows.filter { !timingKeys.contains($0[0]) }.map { Pair(key: $0[0], value: $0[1]) },
      errorControl: errorControl(facts: facts, products: products),
      findings: CSVRecord.records(of: findings, file: ReportFile.findings.name).map {
        Finding(product: $0["product"], source: $0["source"], check: $0["check"], found: $0["found"], status: $0["status"])
      },
      hasFindings: !findings.rows.isEmpty, products: products)
  }

  static func product(_ row: CSVRecord, confirmFolder: String) -> Product {
    let code = row["product"]
    let verdict = row["verdict"]
    let flagged = row["screen"] == "flagged"
    return Product(
      product: code, kind: row["kind"], set: row["set"], verdict: verdict,
      verdictClass: ["pass": "pass", "fail": "fail"][verdict] ?? "untested",
      screen: flagged ? "flagged, confirmed at \(row["confirm_pools"]) pools" : row["screen"],
      checks: row["checks"], notTested: row["not_tested"], pools: row["pools"], lacking: row["cards_lacking_data"],
      lint: row["lint"], spec: row["spec"], dataVsMaker: row["data_vs_maker"], engineVsData: row["engine_vs_data"],
      failing: row["failing_checks"], reason: row["reason"],
      folder: verdict == "refused" ? nil : "\(code)/report.html",
      confirmation: flagged ? "\(confirmFolder)/\(code)/report.html" : nil, failed: verdict != "pass")
  }

  /// The banner, what the run's exit status follows: against a baseline, the terminal's verdict
  /// line (`BaselineVerdict`); else the products that fail or were refused, and with `--strict`
  /// (run.csv's `strict`) the products whose lint warns, in the terminal's words.
  static func verdict(facts: [String: String], products: [Product]) -> (text: String, cssClass: String) {
    let finished = products.count
    if facts["status"] == "interrupted" {
      return ("INTERRUPTED after \(finished) of \(facts["products_in_shard"] ?? facts["products_matched"] ?? "?") products", "interrupted")
    }
    if facts["baseline"] != nil {
      let count = { (key: String) in Int(facts[key] ?? "") ?? 0 }
      let text = BaselineVerdict.text(
        new: count("findings_new"), changed: count("findings_changed"), unchecked: count("findings_unchecked"),
        lostProducts: count("products_lost"), known: count("findings_known"))
      return (text, text.hasPrefix("PASS") ? "pass" : "fail")
    }
    let failing = products.filter { $0.verdict == "fail" }.count
    let refused = products.filter { $0.verdict == "refused" }.count
    let noun = finished == 1 ? "product" : "products"
    if failing + refused > 0 {
      return ("FAIL: \(finished) \(noun): \(finished - failing - refused) pass, \(failing) fail, \(refused) refused", "fail")
    }
    let warned = products.filter { $0.lint == "warn" }.count
    if facts["strict"] == "yes" && warned > 0 { return ("FAIL: --strict: the lint of \(warned) product(s) warns", "fail") }
    return ("PASS: \(finished) \(noun), every one passes", "pass")
  }

  /// Lines under the banner: the lint's warnings, which fail a run with `--strict` alone.
  static func notes(_ products: [Product], facts: [String: String]) -> [String] {
    var notes: [String] = []
    let warned = products.filter { $0.lint == "warn" }.count
    if warned > 0 {
      let fails = facts["strict"] == "yes" ? "they fail the run (--strict)" : "they fail the run only with --strict"
      notes.append("lint: \(warned) of \(products.count) products warn (summary.csv's warnings column); \(fails)")
    }
    if let missing = facts["specs_without_product"], !missing.isEmpty {
      notes.append(SpecsWithoutProduct.note(missing.split(separator: " ").map(String.init)) + " (run.csv's specs_without_product)")
    }
    return notes
  }

  /// The error control in words, from run.csv's values and summary.csv's verdicts.
  static func errorControl(facts: [String: String], products: [Product]) -> String {
    let screened = products.filter { $0.verdict != "refused" }.count
    return "Statistical checks: every product not refused (\(screened)) screened at \(facts["screen_alpha"] ?? "?") (Holm over its checks) at \(facts["pools"] ?? "?") pools; "
      + "the screen flagged \(facts["products_confirmed"] ?? "?"); a product it flags is confirmed from an independent seed at \(facts["confirm_pools"] ?? "?") pools, its checks at "
      + "\(facts["confirm_alpha"] ?? "?") (alpha \(facts["alpha"] ?? "?") over a family of \(facts["family"] ?? "?") products): "
      + "the chance that the run reports a correct product as failing is at most \(facts["alpha"] ?? "?"). "
      + "Exact checks (invariants, shares the data decides exactly) fail at the first violation, in either stage."
  }
}
