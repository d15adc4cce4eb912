import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats

/// A simulation with its report folder: `sealed simulate`, and the simulating part of `sealed
/// check` (a whole run, or one shard of it). Made once from its settings, which are validated
/// against every limit before any work (`RunLimits`); run with progress and stop callbacks;
/// its outcome's files written by the report layer (`ReportFolder`), whole or not at all.
package struct SimulationJob: Sendable {
  /// What a simulation is asked for.
  package struct Settings: Sendable {
    package var source: PlanSource
    /// The spec whose claims get counting lanes (`sealed check`), or nil.
    package var spec: SpecDefinition?
    package var pools = WholeNumber(1_000_000)
    /// nil: a random seed, drawn when the job is made (`seedWasGiven` false).
    package var seed: UInt64?
    /// nil: one thread per core.
    package var threads: WholeNumber?
    package var shard: Simulation.Shard = .whole
    /// The first pools written long form (`pools.csv`).
    package var samples = WholeNumber(0)
    /// The report folder; nil: `reports/<set>-<rules>/`.
    package var out: String?
    package var force = false
    /// The command that reproduces the run (`simulate` or `check`) and its options beside set,
    /// rules, pools and seed (`--spec`, `--alpha`, `--compare`).
    package var command = "simulate"
    package var reproducingOptions: [String] = []
    /// The report files the command writes besides the simulation's (a check's).
    package var extraFiles: [String] = []
    /// The level at which the report page flags cards.
    package var alpha = CheckRun.defaultAlpha
    /// The command line that reproduces the run, when the job's own spelling of it (`sealed
    /// COMMAND SET --rules RULES ...`) does not: a product of a file `sealed check-products`
    /// read, which `--rules` cannot name.
    package var reproducingCommand: String?
    package var toolVersion: String

    package init(source: PlanSource, toolVersion: String) {
      self.source = source
      self.toolVersion = toolVersion
    }
  }

  /// What a finished (or stopped) simulation gives: the engine's result, the run's facts and
  /// the report folder's files, not yet written.
  package struct Outcome: Sendable {
    package let result: Simulation.Result
    package let run: RunInfo
    package let files: [(name: String, contents: String)]
  }

  /// Where the files went.
  package struct Written: Sendable {
    /// The report of another run the folder held, now replaced.
    package let replaced: PreviousReport?
    /// Where `pools.csv` went, when `--samples` asked for it.
    package let samples: String?
  }

  package let settings: Settings
  package let loaded: LoadedPlan
  package let expectations: Expectations
  /// The run: its plan, pools, seed, threads and shard.
  package let request: Simulation.Request
  package let seedWasGiven: Bool
  /// `--samples`, checked.
  package let samples: Int
  package let folder: ReportFolder

  package var plan: BoosterPlan { loaded.plan }

  /// Loads the rules and cards, validates every option against the plan and checks the report
  /// folder up front, so that a long run never ends in a refusal. `note` hears what the user
  /// should know (cards lacking data). Cost: compiling the plan and its exact expectations.
  package init(_ settings: Settings, note: (String) -> Void = { _ in }) throws(DataError) {
    let loaded = try settings.source.load(spec: settings.spec)
    try self.init(settings, prepared: (loaded, try Expectations(plan: loaded.plan)), note: note)
  }

  /// The same over a plan already compiled with its expectations (`sealed check-products`
  /// compiles each product once for its two stages): `settings.source` only names it.
  package init(
    _ settings: Settings, prepared: (loaded: LoadedPlan, expectations: Expectations), note: (String) -> Void = { _ in }
  ) throws(DataError) {
    let loaded = prepared.loaded
    if let gaps = CardDataGaps(plan: loaded.plan) { note("note: \(gaps.note)") }
    let pools = try RunLimits.pools(settings.pools, plan: loaded.plan)
    let threads = try settings.threads.map { given throws(DataError) in try RunLimits.threads(given) }
    let samples = try RunLimits.samples(settings.samples, pools: pools)
    let request = Simulation.Request(
      plan: loaded.plan, pools: pools, seed: settings.seed ?? RunSeed.random(),
      threads: threads ?? ProcessInfo.processInfo.activeProcessorCount, shard: settings.shard)
    try RunLimits.shardSeed(settings.shard, seedGiven: settings.seed != nil)
    try Self.checkShard(request, samples: samples)
    self.settings = settings
    self.loaded = loaded
    self.request = request
    self.samples = samples
    seedWasGiven = settings.seed != nil
    expectations = prepared.expectations
    folder = try ReportFolder(
      path: settings.out ?? "reports/\(loaded.plan.reportName)",
      writes: ReportFile.simulationFolder.names + settings.extraFiles
        + (settings.out != nil && samples > 0 ? [PoolSamples.fileName] : []),
      force: settings.force)
    if samples > 0 && settings.out == nil {
      try PoolSamples.checkReplaceable(samplesPath, force: settings.force)
      try SampleOrigin.checkReplaceable(samplesFactsPath, force: settings.force)
    }
  }

  /// Where `--samples` go without `--out`: `notebooks-data/<set>-<rules>/pools.csv`.
  package var samplesPath: String { "notebooks-data/\(plan.reportName)/\(PoolSamples.fileName)" }
  /// Where `pools_run.csv` goes beside them (`SampleOrigin`).
  package var samplesFactsPath: String { "notebooks-data/\(plan.reportName)/\(SampleOrigin.fileName)" }

  private static func checkShard(_ request: Simulation.Request, samples: Int) throws(DataError) {
    let shard = request.shard
    if shard.count >= 1, shard.index >= 1, shard.index <= shard.count, samples > 0, shard.index != 1 {
      throw DataError("--samples with --shard \(shard): samples are the run's first pools, which shard 1/\(shard.count) holds")
    }
    try RunLimits.shard(shard, request: request)
  }

  /// Simulates the request. `progress` hears the pools done so far (from worker threads);
  /// `shouldStop` is polled between chunks, and a stopped run reports the chunks it finished.
  package func simulate(
    progress: (@Sendable (Int) -> Void)? = nil, shouldStop: (@Sendable () -> Bool)? = nil
  ) -> Simulation.Result {
    Simulation.run(request, progress: progress, shouldStop: shouldStop)
  }

  /// Simulates and makes the report folder's files: the simulation's CSVs (cards flagged by
  /// their exact tails at `settings.alpha`), `tallies.json` and `report.html`.
  package func run(
    progress: (@Sendable (Int) -> Void)? = nil, shouldStop: (@Sendable () -> Bool)? = nil
  ) throws(DataError) -> Outcome {
    let result = simulate(progress: progress, shouldStop: shouldStop)
    let run = runInfo(result)
    let report = try statistics { () throws(StatisticsError) in
      try SimulationReport(plan: plan, expectations: expectations, tally: result.tally, run: run)
        .withCardTails(alpha: settings.alpha)
    }
    return Outcome(result: result, run: run, files: try report.files(record: recordFile(result, run: run)))
  }

  /// The options besides set, rules, pools and seed that decide the results: `--booster-max`
  /// when given, the release of a product's rules and `--cards` when given (`RunRecord.options`).
  var resultOptions: [String] { boosterMaxOption + loaded.reproducingData + cardsOption }

  /// `--cards PATH` when the run was given its card data (`PlanSource.reproducingCards`).
  var cardsOption: [String] { settings.source.reproducingCards }

  /// `--booster-max N` when the run was given one.
  var boosterMaxOption: [String] { settings.source.boosterMax.map { ["--booster-max", String($0)] } ?? [] }

  /// The run's facts, and the command line that reproduces it: an interrupted whole run's
  /// names the pools it ran (its chunks are the first of the run, so they are a run of that
  /// many pools); an interrupted shard's, whose chunks depend on the pools asked for, and a run
  /// stopped before any pool, the pools asked for.
  package func runInfo(_ result: Simulation.Result) -> RunInfo {
    // `resultOptions` with the shard between them; a merge's command line has them without it.
    let shard = request.shard != .whole ? ["--shard", request.shard.description] : []
    let options = settings.reproducingOptions + boosterMaxOption + shard + loaded.reproducingData + cardsOption
    let pools = result.interrupted && request.shard == .whole && result.completedPools > 0 ? result.completedPools : request.pools
    return RunInfo(
      toolVersion: settings.toolVersion, seed: request.seed, poolsRequested: request.pools, shard: request.shard.description,
      threads: result.threads, elapsedSeconds: result.elapsedSeconds, startedAt: RunInfo.timestamp(result.startedAt),
      interrupted: result.interrupted,
      command: settings.reproducingCommand
        ?? ReproduceCommand.make(
          settings.command, set: plan.setCode, rules: settings.source.rules, pools: pools, seed: request.seed,
          extra: options))
  }

  /// `tallies.json`: the run's record, with the spec's counting lanes when it counted a spec.
  package func recordFile(_ result: Simulation.Result, run: RunInfo) -> (name: String, contents: String) {
    let record = RunRecord(
      plan: plan, rulesText: loaded.rules.text, run: run, shard: request.shard, tally: result.tally, spec: settings.spec,
      options: resultOptions)
    return (RunRecord.fileName, record.encoded())
  }
}
