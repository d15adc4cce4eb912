import SealedVerdicts

/// Every file Sealed writes into a report folder, with the columns of each CSV: the one place a
/// report file's name and header are spelled. Writers take the header from here
/// (`CSVTable(file:)`), `ReportFolder` its list of Sealed's files, and `sealed report DIR` the
/// files it reads back (`ReportContents.read(folder:)`).
package enum ReportFile: String, CaseIterable, Sendable {
  // A simulation's files (`sealed simulate`, `merge`, and `check` before its own).
  case run = "run.csv"
  case slotRarity = "slot_rarity.csv"
  case cardFrequency = "card_frequency.csv"
  case poolMythics = "pool_mythics.csv"
  case mythicPosition = "mythic_position.csv"
  case events = "events.csv"
  case sheetFrequency = "sheet_frequency.csv"
  // `sealed check`'s.
  case checks = "checks.csv"
  case mythicFairness = "mythic_fairness.csv"
  case claimFrequency = "claim_frequency.csv"
  case comparisons = "comparisons.csv"
  case comparedPoolMythics = "compared_pool_mythics.csv"
  // `sealed audit`'s.
  case audit = "audit.csv"
  case boosters = "boosters.csv"
  // `sealed check-products`' folder of products.
  case summary = "summary.csv"
  /// What a run of `check-products` or `rules lint` found wrong, one row per finding.
  case findings = "findings.csv"
  // `sealed rules diff`'s folder: the products of two releases and the measures that changed.
  case releaseProducts = "products.csv"
  case releaseChanges = "changes.csv"
  /// The pools sampled with `--samples` (a report file when written with `--out`).
  case pools = "pools.csv"
  /// The tallies a report is made from (JSON, `RunRecord`).
  case tallies = "tallies.json"
  /// The page (`SealedReportHTML`).
  case page = "report.html"
  /// The list of a folder's files (`ReportFolder`).
  case manifest = "manifest.csv"

  /// The file's name in the folder.
  package var name: String { rawValue }

  /// The columns of a CSV file, in order (empty for `tallies.json` and `report.html`).
  package var columns: [String] {
    switch self {
    case .run: ["key", "value"]
    case .slotRarity: ["slot", "rarity", "count", "proportion", "expected_proportion"]
    // `foil` was inserted before `count` when foils came; the columns are a contract (new ones
    // are appended, none moved), so it is appended, after the columns it had pushed along.
    case .cardFrequency: ["set", "collector_number", "name", "rarity", "count", "per_pool", "expected_per_pool", "foil"]
    case .poolMythics: Self.poolMythicsColumns
    case .mythicPosition: ["booster_index", "pools", "proportion", "expected_proportion"]
    case .events: ["event", "given", "count", "trials", "proportion", "expected_proportion"]
    case .sheetFrequency: ["sheet"] + Self.frequencyColumns
    // `tests` and `exact_share` came with exact claims, appended to checks.csv only (audit.csv
    // appends its own after the shared columns).
    case .checks: Self.checkColumns + ["tests", "exact_share"]
    case .mythicFairness: ["rules", "difference", "observed_proportion", "expected_proportion"]
    case .claimFrequency: ["claim"] + Self.frequencyColumns
    case .comparisons: ["check", "rules", "given", "n", "observed"]
    case .comparedPoolMythics: ["rules"] + Self.poolMythicsColumns
    case .audit: Self.checkColumns + ["method", "p_monte_carlo", "mc_standard_error"]
    case .boosters: ["booster", "line", "kind", "verdict", "problem"]
    case .summary:
      [
        "product", "kind", "set", "verdict", "failing_checks", "checks", "not_tested", "pools", "seconds",
        "cards_lacking_data", "seed", "reason", "lint", "warnings", "spec", "claims_tested", "claims_not_tested",
        // Appended with the run's error control and exact claims (docs/check-products.md).
        "screen", "confirm_pools", "confirm_seed", "data_vs_maker", "engine_vs_data",
        // Appended with releases fetched (`sealed rules fetch`): the release the product came from.
        "booster_data",
      ]
    case .findings: ["product", "source", "check", "found", "status", "cards"]
    case .releaseProducts: ["status", "old_product", "new_product", "name", "changes", "largest_relative_change", "note", "consequence", "summary"]
    case .releaseChanges:
      ["product", "old_product", "measure", "subject", "old", "new", "old_exact", "new_exact", "relative_change"]
    case .pools: ["pool", "booster", "slot", "set", "collector_number", "name", "rarity", "colors", "foil"]
    case .tallies, .page: []
    case .manifest: ["file", "bytes", "crc32"]
    }
  }

  /// `checks.csv`: the report contract, then appended columns (`ci_level`).
  private static let checkColumns = [
    "check", "kind", "n", "observed", "expected", "statistic", "df", "p_value", "p_adjusted", "ci_low",
    "ci_high", "alpha", "verdict", "source", "detail", "ci_level",
  ]
  private static let poolMythicsColumns = ["mythics", "pools", "proportion", "expected_proportion"]
  /// A frequency table's columns after its group (sheet or claim): the card, its copies against
  /// the expected, and its exact tail (`CardTail`).
  private static let frequencyColumns = [
    "set", "collector_number", "name", "rarity", "count", "expected_count", "residual", "p_tail", "score",
    "flag_limit", "flagged",
  ]

  /// The files of a simulation, in the order they are documented.
  package static let simulation: [ReportFile] = [
    .run, .slotRarity, .cardFrequency, .poolMythics, .mythicPosition, .events, .sheetFrequency,
  ]
  /// The files `sealed check` writes besides the simulation's (the last three when they have rows).
  package static let checkOnly: [ReportFile] = [.checks, .mythicFairness, .claimFrequency, .comparisons, .comparedPoolMythics]
  /// The files of an audit's folder.
  package static let auditFolder: [ReportFile] = [.run, .audit, .boosters, .sheetFrequency, .claimFrequency, .page]
  /// The files of a simulation's folder (`simulate`, `merge`): its CSVs, tallies and page.
  package static let simulationFolder: [ReportFile] = simulation + [.tallies, .page]
  /// The files of a check's folder.
  package static let checkFolder: [ReportFile] = simulationFolder + checkOnly
  /// The files of a release diff's folder (`sealed rules diff`).
  package static let releaseDiffFolder: [ReportFile] = [.run, .releaseProducts, .releaseChanges, .page]
  /// The files a Sealed report folder held before `manifest.csv` existed.
  static let legacy: [ReportFile] = [
    .run, .slotRarity, .cardFrequency, .poolMythics, .mythicPosition, .events, .tallies, .checks, .mythicFairness,
  ]
}

extension Array where Element == ReportFile {
  /// The files' names.
  package var names: [String] { map(\.name) }
}

extension CSVTable {
  /// An empty table with `file`'s columns.
  package init(file: ReportFile) {
    self.init(header: file.columns)
  }
}
