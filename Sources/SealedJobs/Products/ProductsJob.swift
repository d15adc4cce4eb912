import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedReports
import SealedRelease

/// `sealed check-products`: `sealed check` of every product of a release of booster data
/// (mtg.wtf's compiled data or an MTGJSON file), or of those the patterns pick, several at once,
/// with a summary. Every option is validated and every product's report folder checked when the
/// job is made.
package struct ProductsJob: Sendable {
  /// What a run of products is asked for.
  package struct Settings: Sendable {
    /// The release (`BoosterRelease.resolve`: `shipped`, a release's name, or a file of mtg.wtf's
    /// compiled booster data or an MTGJSON file, plain or gzipped); nil for the release in use.
    package var file: String?
    /// `--products`: globs of product codes; empty for every product.
    package var patterns: [String] = []
    package var pools = WholeNumber(100_000)
    /// nil: a random seed, drawn when the job is made.
    package var seed: UInt64?
    /// nil: one thread per core.
    package var threads: WholeNumber?
    package var cards: String?
    /// `--specs`: a folder of specs named after products; nil for the built-in ones.
    package var specs: String?
    /// `--alpha`: the run's family-wise error rate (`ErrorControl`).
    package var alpha = ErrorControl.defaultAlpha
    /// `--screen-alpha`: each product's screen level.
    package var screenAlpha = ErrorControl.defaultScreenAlpha
    /// `--confirm-pools`; nil: `ErrorControl.defaultConfirmFactor` times `pools`.
    package var confirmPools: WholeNumber?
    /// `--family`: the products the confirmations' level is shared over; nil: those matched.
    package var family: WholeNumber?
    /// `--baseline`: an earlier run's `findings.csv`.
    package var baseline: String?
    /// Whether the job writes a run folder; false for `--plan`, which only prints.
    package var writes = true
    /// Part K of N of the products, in the data's order.
    package var shard: Simulation.Shard?
    package var out = "reports/check-products"
    package var force = false
    /// `--strict`: a product whose lint warns fails the run (recorded in run.csv, for its page).
    package var strict = false
    package var toolVersion: String

    package init(toolVersion: String) {
      self.toolVersion = toolVersion
    }
  }

  /// What a finished (or stopped) run gives.
  package struct Outcome: Sendable {
    package let result: ProductRun.Result
    package let started: Date
    package let elapsedSeconds: Double
    /// Every finding of the products that finished, in the data's order.
    package let findings: [Finding]
    /// The findings against `--baseline`, when given.
    package let comparison: BaselineComparison?
  }

  package let settings: Settings
  /// The products the file holds, those the patterns matched, and those of this run's shard.
  package let available: Int
  package let matched: Int
  package let products: [CompiledBoosterData.Product]
  package let pools: Int
  package let confirmPools: Int
  package let control: ErrorControl
  package let seed: UInt64
  package let threads: Int
  /// The run's folder; nil for a job that writes nothing (`--plan`).
  package let folder: RunFolder?
  /// The baseline's findings, read up front.
  let baseline: [Finding]?
  /// The baseline's products this run would check that the release lacks.
  let lostFromBaseline: Set<String>
  /// Sealed's product specs the patterns pick that the release has no product for
  /// (`ProductSpec.builtInsWithoutProduct`).
  package let specsWithoutProduct: [String]
  let run: ProductRun
  let cards: CardSetLoader
  /// The booster data release the products come from.
  package let release: BoosterRelease

  /// Reads the data, picks the products, validates the options, reads the specs and checks
  /// every product's report folder up front. Cost: reading the data file and the specs.
  package init(_ settings: Settings) throws(DataError) {
    let release = try BoosterRelease.resolve(settings.file)
    // mtg.wtf's compiled booster data, or an MTGJSON file's products (as `rules lint` reads them).
    let data = try ReleaseDiffJob.read(release)
    try data.requireProducts()
    let matched = try ProductPattern.select(data.products, patterns: settings.patterns)
    let products = try Self.sharded(matched, settings.shard)
    try RunLimits.shardSeed(settings.shard, seedGiven: settings.seed != nil)
    pools = try RunLimits.productPools(settings.pools)
    confirmPools = try RunLimits.productPools(settings.confirmPools ?? WholeNumber(pools * ErrorControl.defaultConfirmFactor), option: "--confirm-pools")
    control = ErrorControl(
      alpha: try RunLimits.level(settings.alpha), screenAlpha: try RunLimits.level(settings.screenAlpha, option: "--screen-alpha"),
      products: try settings.family.map { given throws(DataError) in try RunLimits.family(given, matched: matched.count) } ?? matched.count)
    threads = try settings.threads.map { given throws(DataError) in try RunLimits.threads(given) } ?? ProcessInfo.processInfo.activeProcessorCount
    seed = settings.seed ?? RunSeed.random()
    baseline = try settings.baseline.map { file throws(DataError) in try BaselineComparison.read(file) }
    lostFromBaseline = BaselineComparison.lostProducts(
      baseline: baseline ?? [], releaseCodes: data.products.map(\.code), patterns: settings.patterns, sharded: settings.shard != nil)
    specsWithoutProduct = ProductSpec.builtInsWithoutProduct(releaseCodes: data.products.map(\.code), patterns: settings.patterns)
    let folder = try settings.writes ? RunFolder(path: settings.out, products: products.map(\.code), force: settings.force) : nil
    self.folder = folder
    // Products side by side, one thread each; a run of fewer products than threads gives each
    // product's simulation the threads left over.
    let workers = max(1, min(threads, products.count))
    var check = ProductCheck.Settings(
      pools: pools, confirmPools: confirmPools, runSeed: seed, control: control, threads: max(1, threads / workers),
      release: release, source: release.label,
      folder: folder?.path ?? settings.out, force: settings.force, toolVersion: settings.toolVersion,
      specs: try ProductSpec.load(for: products, folder: settings.specs, releaseCodes: data.products.map(\.code)), specsFolder: settings.specs)
    check.fileCards = data.cards
    check.cards = settings.cards
    for product in products where settings.writes {
      _ = try ReportFolder(path: check.folder(of: product), writes: CheckReport.fileNames, force: settings.force)
      _ = try ReportFolder(path: check.confirmFolder(of: product), writes: CheckReport.fileNames, force: settings.force)
    }
    cards = CardSetLoader(location: try CardDataLocation.resolve(option: settings.cards))
    run = ProductRun(products: products, settings: check, workers: workers)
    self.settings = settings
    self.release = release
    available = data.products.count
    self.matched = matched.count
    self.products = products
  }

  /// The products of part K of N, in the data's order.
  private static func sharded(
    _ products: [CompiledBoosterData.Product], _ shard: Simulation.Shard?
  ) throws(DataError) -> [CompiledBoosterData.Product] {
    guard let shard else { return products }
    guard shard.count >= 1, shard.index >= 1, shard.index <= shard.count, shard.count <= products.count else {
      throw DataError("--shard \(shard): expected K/N with 1 <= K <= N <= \(products.count) (the products matched)")
    }
    return Array(products[shard.chunks(of: products.count)])
  }

  /// Checks every product. `progress` hears the pools simulated so far over all products and
  /// the products finished (from worker threads); `shouldStop` drops the products in flight
  /// (nothing written for them) and keeps the finished ones. The first error writing a report
  /// stops the run and is thrown. The outcome's elapsed time runs from `started` (give the
  /// moment the command began, so that reading the data and specs when the job was made
  /// counts; by default, now) to the last product's end.
  package func run(
    started: Date = Date(),
    progress: (@Sendable (_ pools: Int, _ products: Int) -> Void)? = nil, shouldStop: (@Sendable () -> Bool)? = nil
  ) throws(DataError) -> Outcome {
    let result = try run.run(cards: cards, progress: progress, shouldStop: shouldStop)
    let findings = result.summary.rows.flatMap(\.findings)
    let comparison = baseline.map { baseline in
      BaselineComparison(
        findings: findings, baseline: baseline, file: settings.baseline!, checked: Set(result.summary.rows.map(\.product)),
        lost: lostFromBaseline, claims: Dictionary(result.summary.rows.map { ($0.product, $0.claimNames) }, uniquingKeysWith: { $0.union($1) }))
    }
    return Outcome(
      result: result, started: started, elapsedSeconds: Date().timeIntervalSince(started), findings: findings, comparison: comparison)
  }

  /// Writes `summary.csv`, `findings.csv` and `run.csv` of the outcome (each replaced whole).
  package func write(_ outcome: Outcome) throws(DataError) {
    let facts = ProductRunFacts(
      toolVersion: settings.toolVersion, data: release.label,
      patterns: settings.patterns, shard: settings.shard?.description, matched: matched, inShard: products.count, pools: pools,
      confirmPools: confirmPools, seed: seed, specs: settings.specs, control: control, baseline: outcome.comparison,
      threads: threads, started: outcome.started, strict: settings.strict, specsWithoutProduct: specsWithoutProduct)
    let findings = FindingsTable(findings: outcome.findings, status: outcome.comparison?.status)
    guard let folder else { throw DataError("this job writes no run folder (it was made to plan)") }
    try folder.write(outcome.result, findings: findings, facts: facts, elapsed: outcome.elapsedSeconds)
  }

  /// Whether the run fails: without a baseline, a product failed or was refused (or, with
  /// `strict`, its lint warned); with one, the run found something the baseline lacks.
  package func failed(_ outcome: Outcome, strict: Bool) -> Bool {
    if let comparison = outcome.comparison { return !comparison.nothingNew }
    return outcome.result.summary.failed(strict: strict)
  }
}
