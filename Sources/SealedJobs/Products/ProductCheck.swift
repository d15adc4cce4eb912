import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats
import SealedRelease

/// `sealed check` of one product of the field's compiled booster data: the product as a rule
/// set (as `--rules CODE` reads a shipped product), with its spec if it has one, simulated
/// from the seed `ProductSeed` derives, checked, and written as a `check` report folder.
package struct ProductCheck: Sendable {
  /// What every product of a run shares.
  package struct Settings: Sendable {
    package var pools: Int
    /// The run's seed; each product's is derived from it (`ProductSeed`).
    package var runSeed: UInt64
    /// `--alpha`; nil: the spec's, else `CheckRun.defaultAlpha`.
    package var alpha: Double?
    /// Threads of each product's simulation.
    package var threads: Int
    /// The data file's name, for the header of each product's rule file.
    package var source: String
    /// The folder of the run: each product's report goes to `<folder>/<code>`.
    package var folder: String
    package var force: Bool
    package var toolVersion: String
    /// The specs of the products that have one, by product code (`ProductSpec.load`).
    package var specs: [String: ProductSpec] = [:]
    /// The command line that reproduces one product's report (for its `run.csv`), given the
    /// product, its seed and its spec's `--spec` argument.
    package var reproduce: @Sendable (CompiledBoosterData.Product, UInt64, String?) -> String

    package init(
      pools: Int, runSeed: UInt64, alpha: Double?, threads: Int, source: String, folder: String, force: Bool,
      toolVersion: String, specs: [String: ProductSpec] = [:],
      reproduce: @escaping @Sendable (CompiledBoosterData.Product, UInt64, String?) -> String
    ) {
      self.pools = pools
      self.runSeed = runSeed
      self.alpha = alpha
      self.threads = threads
      self.source = source
      self.folder = folder
      self.force = force
      self.toolVersion = toolVersion
      self.specs = specs
      self.reproduce = reproduce
    }

    /// Where the report of `product` goes.
    package func folder(of product: CompiledBoosterData.Product) -> String {
      (folder as NSString).appendingPathComponent(product.code.lowercased())
    }
  }

  package let product: CompiledBoosterData.Product
  package let settings: Settings

  package init(product: CompiledBoosterData.Product, settings: Settings) {
    self.product = product
    self.settings = settings
  }

  /// The product's rules, spec, cards and plan, ready to simulate.
  struct Prepared {
    var rules: RuleSetDefinition
    var spec: SpecDefinition?
    var plan: BoosterPlan
    var expectations: Expectations
    var alpha: Double
  }

  /// Checks the product and writes its report folder. Returns its summary row, or nil when
  /// `shouldStop` stopped its simulation (nothing is written then). A product that cannot be
  /// compiled is a `refused` row with the one-line reason; a failure to write the report
  /// throws. Cost: reading its sets' cards (once per `cards` loader), compiling, the
  /// simulation, the checks (an exact test per card) and the files.
  package func run(
    cards: CardSetLoader, progress: (@Sendable (Int) -> Void)? = nil, shouldStop: (@Sendable () -> Bool)? = nil
  ) throws(DataError) -> ProductSummary.Row? {
    let started = DispatchTime.now()
    let seed = ProductSeed.derive(runSeed: settings.runSeed, code: product.code)
    var row = ProductSummary.Row(product: product, seed: seed)
    row.spec = settings.specs[product.code.lowercased()]?.argument ?? ""
    let prepared: Prepared
    do {
      row.warnings = try ProductLint.warnings(product, kind: row.kind, cards: ReleaseCards(loader: cards))
      prepared = try prepare(cards: cards)
    } catch {
      row.verdict = .refused
      row.reason = error.description
      row.seconds = Self.seconds(since: started)
      return row
    }
    let result = Simulation.run(
      .init(plan: prepared.plan, pools: settings.pools, seed: seed, threads: settings.threads),
      progress: progress, shouldStop: shouldStop)
    guard !result.interrupted else { return nil }
    let run = RunInfo(
      toolVersion: settings.toolVersion, seed: seed, poolsRequested: settings.pools, threads: result.threads,
      elapsedSeconds: result.elapsedSeconds, startedAt: RunInfo.timestamp(result.startedAt),
      command: settings.reproduce(product, seed, settings.specs[product.code.lowercased()]?.argument))
    let record = RunRecord(
      plan: prepared.plan, rulesText: prepared.rules.text, run: run, shard: .whole, tally: result.tally, spec: prepared.spec)
    let report = try CheckReport(
      plan: prepared.plan, expectations: prepared.expectations, tally: result.tally, run: run,
      record: (RunRecord.fileName, record.encoded()), alpha: prepared.alpha)
    let folder = try ReportFolder(path: settings.folder(of: product), writes: CheckReport.fileNames, force: settings.force)
    _ = try folder.commit(report.files)
    row.record(report.checks, pools: result.tally.pools, lacking: CardDataGaps(plan: prepared.plan)?.missing ?? 0)
    row.seconds = Self.seconds(since: started)
    return row
  }

  /// The product's rules, its spec, its cards and its plan; a `DataError` when the product
  /// cannot be compiled (a colour-balanced sheet without colour data, say).
  func prepare(cards: CardSetLoader) throws(DataError) -> Prepared {
    let rules = try RuleSetLoader.product(product, source: settings.source)
    let spec = settings.specs[product.code.lowercased()]?.definition
    let alpha = settings.alpha ?? spec?.alpha ?? CheckRun.defaultAlpha
    let cardSet = try cards.cardSet(product.set_code, for: rules)
    let plan = try PlanCompiler.compile(rules, for: cardSet, spec: spec)
    return Prepared(rules: rules, spec: spec, plan: plan, expectations: try Expectations(plan: plan), alpha: alpha)
  }

  static func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }
}
