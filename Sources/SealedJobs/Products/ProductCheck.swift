import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats
import SealedRelease

/// `sealed check` of one product of the field's compiled booster data, in the two stages of
/// the run's error control (`ErrorControl`): the screen, a `CheckJob` at the run's pools from
/// the seed `ProductSeed` derives, written as the product's report folder; and, when the screen
/// flags a statistical check, the confirmation, a `CheckJob` of the same plan from an
/// independent seed with more pools, written beside it in `confirm/<code>/`.
package struct ProductCheck: Sendable {
  /// What every product of a run shares.
  package struct Settings: Sendable {
    package var pools: Int
    /// Pools of a confirmation (default four times `pools`).
    package var confirmPools: Int
    /// The run's seed; each product's two seeds are derived from it (`ProductSeed`).
    package var runSeed: UInt64
    package var control: ErrorControl
    /// Threads of each product's simulation.
    package var threads: Int
    /// The release the products come from; a shipped product's report pins it (`--data shipped`).
    package var release: BoosterRelease
    /// The release as a command line names it again (`BoosterRelease.reference`; nil: the shipped
    /// data), which decides how a product's report names the command that reproduces it.
    package var file: String? { release.isShipped ? nil : release.reference }
    /// The release's label (`BoosterRelease.label`), for the header of each product's rule file
    /// and summary.csv's `booster_data`.
    package var source: String
    /// The folder of the run: each product's report goes to `<folder>/<code>`, its
    /// confirmation's to `<folder>/confirm/<code>`.
    package var folder: String
    package var force: Bool
    package var toolVersion: String
    /// The specs of the products that have one, by product code (`ProductSpec.load`).
    package var specs: [String: ProductSpec] = [:]
    /// `--specs` as given, for the reproducing command line of a product of another file.
    package var specsFolder: String?
    /// `--cards` as given, for every product's reproducing command line.
    package var cards: String?
    /// An MTGJSON file's own cards by set, which the lint looks keys up in before the card
    /// data, as `rules lint` of the file does (`ReleaseFile.cards`).
    package var fileCards: [String: [Card]] = [:]

    package init(
      pools: Int, confirmPools: Int, runSeed: UInt64, control: ErrorControl, threads: Int, release: BoosterRelease, source: String,
      folder: String, force: Bool, toolVersion: String, specs: [String: ProductSpec] = [:], specsFolder: String? = nil
    ) {
      self.pools = pools
      self.confirmPools = confirmPools
      self.runSeed = runSeed
      self.control = control
      self.threads = threads
      self.release = release
      self.source = source
      self.folder = folder
      self.force = force
      self.toolVersion = toolVersion
      self.specs = specs
      self.specsFolder = specsFolder
    }

    /// Where the screen's report of `product` goes.
    package func folder(of product: CompiledBoosterData.Product) -> String {
      (folder as NSString).appendingPathComponent(product.code.lowercased())
    }

    /// Where the confirmation's report of `product` goes.
    package func confirmFolder(of product: CompiledBoosterData.Product) -> String {
      ((folder as NSString).appendingPathComponent(Self.confirmName) as NSString).appendingPathComponent(product.code.lowercased())
    }

    /// The run folder's entry that holds the confirmations.
    package static let confirmName = "confirm"
  }

  package let product: CompiledBoosterData.Product
  package let settings: Settings

  package init(product: CompiledBoosterData.Product, settings: Settings) {
    self.product = product
    self.settings = settings
  }

  /// Checks the product, confirms it when the screen flags it, and writes the report folders.
  /// Returns its summary row, or nil when `shouldStop` stopped it (nothing more is written
  /// then). A product that cannot be compiled is a `refused` row with the one-line reason; a
  /// failure to write a report throws. Cost: reading its sets' cards (once per `cards`
  /// loader), compiling, the simulations, the checks (an exact test per card) and the files.
  package func run(
    cards: CardSetLoader, progress: (@Sendable (Int) -> Void)? = nil, shouldStop: (@Sendable () -> Bool)? = nil
  ) throws(DataError) -> ProductSummary.Row? {
    let started = DispatchTime.now()
    let seed = ProductSeed.derive(runSeed: settings.runSeed, code: product.code)
    var row = ProductSummary.Row(product: product, seed: seed)
    row.spec = spec?.argument ?? ""
    row.boosterData = settings.source
    let prepared: (loaded: LoadedPlan, expectations: Expectations)
    do {
      row.warnings = try ProductLint.warnings(product, kind: row.kind, cards: ReleaseCards(loader: cards, given: settings.fileCards))
      prepared = try prepare(cards: cards)
    } catch {
      row.refuse(error.description, seconds: Self.seconds(since: started))
      return row
    }
    let stop: @Sendable () -> Bool = shouldStop ?? { false }
    let screen = try stage(prepared, pools: settings.pools, seed: seed, alpha: settings.control.screenAlpha, progress: progress, stop: stop)
    guard let screen else { return nil }
    var confirmation: CheckRun?
    if screen.checks.contains(where: { $0.failed && $0.pValue != nil }) {
      let confirmSeed = ProductSeed.confirm(runSeed: settings.runSeed, code: product.code)
      let screened = settings.pools
      var more: (@Sendable (Int) -> Void)?
      if let progress { more = { progress(screened + $0) } }
      let confirmed = try stage(
        prepared, pools: settings.confirmPools, seed: confirmSeed, alpha: settings.control.confirmAlpha, confirming: true,
        progress: more, stop: stop)
      guard let confirmed else {
        // Stopped in its confirmation: the product has no verdict, and so no folder either.
        try? FileManager.default.removeItem(atPath: settings.folder(of: product))
        return nil
      }
      confirmation = confirmed
      row.confirm = (settings.confirmPools, confirmSeed)
    }
    row.record(screen: screen, confirmation: confirmation, pools: settings.pools, lacking: CardDataGaps(plan: prepared.loaded.plan)?.missing ?? 0)
    row.seconds = Self.seconds(since: started)
    return row
  }

  /// The product's spec, if it has one.
  var spec: ProductSpec? { settings.specs[product.code.lowercased()] }

  /// One stage: the product's `sealed check` at `pools` from `seed`, its checks Holm-adjusted
  /// at `alpha`, written into its folder. Nil when stopped.
  private func stage(
    _ prepared: (loaded: LoadedPlan, expectations: Expectations), pools: Int, seed: UInt64, alpha: Double,
    confirming: Bool = false, progress: (@Sendable (Int) -> Void)?, stop: @escaping @Sendable () -> Bool
  ) throws(DataError) -> CheckRun? {
    var simulation = SimulationJob.Settings(
      source: PlanSource(set: product.set_code.lowercased(), rules: product.code, cards: settings.cards), toolVersion: settings.toolVersion)
    simulation.spec = spec.map { Self.runLevels($0.definition) }
    simulation.pools = WholeNumber(pools)
    simulation.seed = seed
    simulation.threads = WholeNumber(settings.threads)
    simulation.out = confirming ? settings.confirmFolder(of: product) : settings.folder(of: product)
    simulation.force = settings.force
    simulation.reproducingCommand = settings.file.map { reproducing(file: $0) }
    var check = CheckJob.Settings(simulation: simulation, specArgument: spec?.argument, alpha: alpha, compare: "none")
    check.stageNote = stageNote(confirming: confirming)
    let job = try CheckJob(check, prepared: prepared)
    let outcome = try job.run(progress: progress, shouldStop: stop)
    guard !outcome.interrupted, let checks = outcome.checks else { return nil }
    _ = try job.write(outcome)
    return checks
  }

  /// Which stage of check-products a product's folder holds, for its page: a screen's FAIL
  /// only flags the product (a maintainer read a FAIL page of a product the run passed).
  private func stageNote(confirming: Bool) -> String {
    let control = settings.control
    return confirming
      ? "check-products' confirmation of \(product.code), at alpha \(CSVNumber.format(control.confirmAlpha)) (\(CSVNumber.format(control.alpha)) over a family of \(control.products) products): its verdict is the product's"
      : "check-products' screen of \(product.code), at alpha \(CSVNumber.format(control.screenAlpha)): a check failing here only flags the product for a confirmation (confirm/\(product.code)/ in the run's folder), whose verdict is the product's (summary.csv)"
  }

  /// The command line that reproduces a stage of a product of another file than the shipped
  /// one: `sealed check-products` of that file on this product alone, with the run's family
  /// (`--family`), so that its confirmation is at the run's level.
  private func reproducing(file: String) -> String {
    var words = ["sealed", "check-products", file, "--products", product.code, "--pools", String(settings.pools)]
    words += ["--seed", String(settings.runSeed), "--alpha", String(settings.control.alpha)]
    words += ["--screen-alpha", String(settings.control.screenAlpha)]
    // The family sizes the confirmation's level, and the confirmation pools its power, which a
    // flagged rerun of the screen reaches too: without them the product alone would be
    // confirmed at a level `family` times looser, or with 4 times its pools whatever the run's.
    words += ["--confirm-pools", String(settings.confirmPools)]
    words += ["--family", String(settings.control.products)]
    if let folder = settings.specsFolder { words += ["--specs", folder] }
    words += PlanSource.reproducingCards(option: settings.cards)
    return words.map(ReproduceCommand.quote).joined(separator: " ")
  }

  /// The product's rules, its spec, its cards, its plan and its expectations; a `DataError`
  /// when the product cannot be compiled (a colour-balanced sheet without colour data, say).
  func prepare(cards: CardSetLoader) throws(DataError) -> (loaded: LoadedPlan, expectations: Expectations) {
    let rules = try RuleSetLoader.product(product, source: settings.source)
    let cardSet = try cards.cardSet(product.set_code, for: rules)
    let plan = try PlanCompiler.compile(rules, for: cardSet, spec: spec.map { Self.runLevels($0.definition) })
    var loaded = LoadedPlan(rules: rules, set: cardSet, plan: plan)
    // A shipped product's folder names `sealed check ... --data shipped`, as that command run
    // alone does: without it, the command would run the release in use, which a fetch changes.
    if settings.release.isShipped { loaded.release = settings.release }
    return (loaded, try Expectations(plan: plan))
  }

  /// A spec whose claims take the run's levels: a claim's own `alpha` would spend more than
  /// the run's error control gives it. A claim that no longer fits the product's data (a slot
  /// renamed) fails as one that cannot hold, and the product's other checks run.
  static func runLevels(_ spec: SpecDefinition) -> SpecDefinition {
    var spec = spec
    spec.misfitClaimsFail = true
    for index in spec.claims.indices { spec.claims[index].alpha = nil }
    return spec
  }

  static func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }
}
