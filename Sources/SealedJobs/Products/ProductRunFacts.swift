import Foundation
import SealedReports

/// What a `sealed check-products` run was, for its folder's `run.csv`: the data and products
/// asked for, how it was run, and (with its result) whether it finished.
package struct ProductRunFacts: Sendable {
  package var toolVersion: String
  /// The booster data file as given, or the shipped file's name.
  package var data: String
  /// `--products`' patterns; empty: every product.
  package var patterns: [String]
  /// `--shard K/N`, when given.
  package var shard: String?
  /// The products the patterns matched (before `--shard`).
  package var matched: Int
  /// The products of this run's shard (all those matched without `--shard`).
  package var inShard: Int
  package var pools: Int
  package var confirmPools: Int
  package var seed: UInt64
  /// `--specs`, when given.
  package var specs: String?
  package var control: ErrorControl
  /// The findings against `--baseline`, when given.
  package var baseline: BaselineComparison?
  package var threads: Int
  package var started: Date
  /// `--strict`: a product whose lint warns fails the run.
  package var strict = false
  /// Sealed's product specs whose products the release lacks (`ProductsJob.specsWithoutProduct`).
  package var specsWithoutProduct: [String] = []

  package init(
    toolVersion: String, data: String, patterns: [String], shard: String?, matched: Int, inShard: Int, pools: Int,
    confirmPools: Int,
    seed: UInt64, specs: String?, control: ErrorControl, baseline: BaselineComparison?, threads: Int, started: Date,
    strict: Bool = false, specsWithoutProduct: [String] = []
  ) {
    self.strict = strict
    self.specsWithoutProduct = specsWithoutProduct
    self.toolVersion = toolVersion
    self.data = data
    self.patterns = patterns
    self.shard = shard
    self.matched = matched
    self.inShard = inShard
    self.pools = pools
    self.confirmPools = confirmPools
    self.seed = seed
    self.specs = specs
    self.control = control
    self.baseline = baseline
    self.threads = threads
    self.started = started
  }

  /// `run.csv`: these facts, with how many products of `result` finished, whether the run
  /// was interrupted and the `elapsed` seconds. Cost: a few rows.
  package func table(_ result: ProductRun.Result, elapsed: Double) -> CSVTable {
    var table = CSVTable(header: ["key", "value"])
    table.append(["tool_version", toolVersion])
    table.append(["data", data])
    table.append(["products", patterns.isEmpty ? "*" : patterns.joined(separator: ",")])
    if let shard { table.append(["shard", shard]) }
    table.append(["products_matched", String(matched)])
    if shard != nil { table.append(["products_in_shard", String(inShard)]) }
    table.append(["products_finished", String(result.summary.rows.count)])
    table.append(["pools", String(pools)])
    table.append(["seed", String(seed)])
    table.append(["specs", specs ?? ""])
    if !specsWithoutProduct.isEmpty { table.append(["specs_without_product", specsWithoutProduct.joined(separator: " ")]) }
    table.append(["alpha", String(control.alpha)])
    table.append(["screen_alpha", String(control.screenAlpha)])
    table.append(["confirm_pools", String(confirmPools)])
    table.append(["family", String(control.products)])
    table.append(["confirm_alpha", String(control.confirmAlpha)])
    table.append(["products_confirmed", String(result.summary.rows.filter { $0.confirm != nil }.count)])
    if let baseline {
      table.append(["baseline", baseline.file])
      table.append(["findings_new", String(baseline.new.count)])
      table.append(["findings_changed", String(baseline.changed.count)])
      table.append(["findings_known", String(baseline.known.count)])
      table.append(["findings_gone", String(baseline.gone.count)])
      table.append(["findings_lost", String(baseline.missing.count)])
      table.append(["findings_unchecked", String(baseline.unchecked.count)])
      table.append(["products_lost", String(baseline.lostCodes.count)])
    }
    table.append(["strict", strict ? "yes" : "no"])
    table.append(["status", RunStatus(interrupted: result.interrupted).rawValue])
    table.append(["threads", String(threads)])
    table.append(["elapsed_seconds", String(format: "%.2f", elapsed)])
    table.append(["started_at", RunInfo.timestamp(started)])
    return table
  }
}
