import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats

/// `sealed check`: a simulation tested against its rules' own expectations and a spec's
/// claims, with the `--compare` rule sets simulated over the same pools; or one shard of such
/// a run (simulated and recorded for `sealed merge`, checked later); or the merged tallies of a
/// sharded run (`CheckJob(tallies:)`). Every option is validated when the job is made.
package struct CheckJob: Sendable {
  /// What a check is asked for beyond its simulation.
  package struct Settings: Sendable {
    /// The simulation (its spec, pools, seed, threads, shard, samples, folder).
    package var simulation: SimulationJob.Settings
    /// `--spec` as given (for the reproducing command line), or nil.
    package var specArgument: String?
    /// `--alpha`, or nil for the spec's, else `CheckRun.defaultAlpha`.
    package var alpha: Double?
    /// `--compare`: rule sets (comma separated) or `none`; nil for the other built-ins that
    /// cover the set.
    package var compare: String?
    /// What the run is part of, for `run.csv`'s `notes` row and the page (check-products says
    /// which of its stages a product's folder holds); nil for none.
    package var stageNote: String?

    package init(simulation: SimulationJob.Settings, specArgument: String? = nil, alpha: Double? = nil, compare: String? = nil) {
      self.simulation = simulation
      self.specArgument = specArgument
      self.alpha = alpha
      self.compare = compare
    }

    /// The options beside set, rules, pools and seed that the reproducing command line needs.
    var reproducingOptions: [String] {
      var extra: [String] = []
      if let specArgument { extra += ["--spec", specArgument] }
      if let alpha { extra += ["--alpha", String(alpha)] }
      if let compare { extra += ["--compare", compare] }
      return extra
    }
  }

  /// What came out of a check.
  package struct Outcome: Sendable {
    /// The checks; nil for one shard of a run (checked after `sealed merge`).
    package let checks: CheckRun?
    package let files: [(name: String, contents: String)]
    /// The simulation's result; nil for merged tallies.
    package let simulation: Simulation.Result?
    /// The pools checked and the pools asked for.
    package let pools: Int
    package let poolsRequested: Int
    /// The `--compare` simulations that ran whole, of how many, and their seconds.
    package let comparisonsRun: Int
    package let comparisons: Int
    package let comparisonSeconds: Double
    /// Whether the stop callback cut the run short: then it has no verdict.
    package let interrupted: Bool
    /// Seconds from the start of `run` to its files (making the job comes before).
    package let elapsedSeconds: Double

    /// Whether every check passed (a shard has none yet).
    package var passed: Bool { checks?.passed ?? true }
  }

  /// Where a running check is, as `run` tells a live page: its own simulation, each
  /// comparison's, then the statistical tests and the report's files.
  package enum Step: Sendable, Equatable {
    /// The run's own simulation, with its pools done so far.
    case simulating(done: Int)
    /// Comparison `number` of `count`, of rule set `rules`, with its pools done so far.
    case comparing(rules: String, number: Int, count: Int, done: Int)
    /// The statistical tests and the report's files.
    case testing
  }

  /// Where the tallies come from.
  enum Counts: Sendable {
    case simulation(SimulationJob)
    case tallies(TalliedRun, folder: ReportFolder, directory: String)
  }

  let counts: Counts
  package let plan: BoosterPlan
  package let spec: SpecDefinition?
  package let expectations: Expectations
  package let alpha: Double
  package let seed: UInt64
  let comparisons: [(BoosterPlan, Expectations)]
  let threads: Int
  let toolVersion: String
  let reproducingOptions: [String]
  /// `Settings.stageNote`.
  let stageNote: String?

  /// The check of a simulation: loads and validates as `SimulationJob` does, and checks that
  /// its exact tests can take the run's boosters (`RunLimits.checkedPools`) and that the
  /// `--compare` rule sets compile for the set. Cost: compiling every plan and expectation.
  package init(_ settings: Settings, note: (String) -> Void = { _ in }) throws(DataError) {
    try self.init(settings, prepared: nil, note: note)
  }

  /// The check of a simulation of a plan already compiled with its expectations (`sealed
  /// check-products`' products), or, `prepared` nil, of the plan `settings` name.
  package init(
    _ settings: Settings, prepared: (loaded: LoadedPlan, expectations: Expectations)?, note: (String) -> Void = { _ in }
  ) throws(DataError) {
    let alpha = try RunLimits.level(settings.alpha ?? settings.simulation.spec?.alpha ?? CheckRun.defaultAlpha)
    var simulation = settings.simulation
    simulation.command = "check"
    simulation.reproducingOptions = settings.reproducingOptions
    simulation.extraFiles = CheckReport.checkFiles
    simulation.alpha = alpha
    let job: SimulationJob
    if let prepared {
      job = try SimulationJob(simulation, prepared: prepared, note: note)
    } else {
      job = try SimulationJob(simulation, note: note)
    }
    try RunLimits.checkedPools(job.request.pools, plan: job.plan)
    counts = .simulation(job)
    plan = job.plan
    spec = simulation.spec
    expectations = job.expectations
    self.alpha = alpha
    seed = job.request.seed
    threads = job.request.threads
    toolVersion = simulation.toolVersion
    reproducingOptions = settings.reproducingOptions
    stageNote = settings.stageNote
    // Read on a shard too, which compares nothing (the merged run's check does): a malformed
    // list is refused before its simulation.
    let compare = try settings.compare.map(ComparedRules.listed)
    comparisons = job.request.shard == .whole
      ? try ComparedRules.plans(
        compare: compare, for: job.loaded.set, rulesName: job.plan.rulesName, spec: spec, data: simulation.source.data)
      : []
  }

  /// The simulation, when the job simulates (nil for merged tallies).
  package var simulation: SimulationJob? {
    if case .simulation(let job) = counts { return job }
    return nil
  }

  /// Whether the job is one shard of a sharded run.
  package var isShard: Bool { simulation.map { $0.request.shard != .whole } ?? false }

  /// The report folder.
  package var folder: ReportFolder {
    switch counts {
    case .simulation(let job): job.folder
    case .tallies(_, let folder, _): folder
    }
  }
}
