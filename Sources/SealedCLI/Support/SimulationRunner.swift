import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats
import SealedPackFiles
import SealedReportHTML

/// The shared work of `simulate` and `check`: validate, simulate with progress and Ctrl-C
/// handling, and build the report files.
struct SimulationRunner {
  let plan: BoosterPlan
  let cardSet: CardSet
  let rulesText: String
  let expectations: Expectations
  let pools: Int
  let shard: Simulation.Shard
  let seed: UInt64
  let seedWasGiven: Bool
  let options: RunOptions
  let planOptions: PlanOptions
  let folder: ReportFolder
  let spec: SpecDefinition?

  /// Loads and validates everything before any work; `spec` adds its claims' counting lanes.
  /// `extraFiles`: the report files the command writes besides the simulation's.
  init(
    set: String, planOptions: PlanOptions, options: RunOptions, spec: SpecDefinition? = nil, extraFiles: [String] = []
  ) throws(DataError) {
    let loaded = try planOptions.load(for: set, spec: spec)
    if let gaps = CardDataGaps(plan: loaded.plan) { Note.write("note: \(gaps.note)") }
    plan = loaded.plan
    cardSet = loaded.set
    rulesText = loaded.rules.text
    (pools, shard) = try options.validated(for: plan)
    expectations = try Expectations(plan: plan)
    (seed, seedWasGiven) = try options.seedOption.resolve()
    self.options = options
    self.planOptions = planOptions
    let samplesInReport = options.out != nil && options.samples > 0
    folder = try ReportFolder(
      path: options.out ?? "reports/\(plan.reportName)",
      writes: ReportFile.simulationFolder.names + extraFiles
        + (samplesInReport ? [PoolSamples.fileName] : []),
      force: options.force)
    self.spec = spec
    if options.samples > 0 && options.out == nil {
      try PoolSamples.checkReplaceable(samplesPath, force: options.force)
    }
  }

  /// Where `--samples` go without `--out`.
  var samplesPath: String { "notebooks-data/\(plan.reportName)/\(PoolSamples.fileName)" }

  /// Runs the simulation; the result says whether Ctrl-C cut it short. `interrupt` is the
  /// command's Ctrl-C flag when the command runs more than this simulation (without it, Ctrl-C
  /// is caught for this simulation only).
  func simulate(interrupt given: InterruptFlag? = nil) -> Simulation.Result {
    options.seedOption.noteRandom((seed, seedWasGiven))
    let chunks = shard.chunks(of: (pools + Simulation.chunkPools - 1) / Simulation.chunkPools)
    let shardPools = chunks.reduce(0) { $0 + Simulation.pools(inChunk: $1, of: pools) }
    let progress = ProgressBar(total: shardPools, unit: "pools", enabled: !options.quiet)
    let interrupt = given ?? InterruptFlag()
    defer { if given == nil { interrupt.restore() } }
    let result = Simulation.run(
      Simulation.Request(plan: plan, pools: pools, seed: seed, threads: options.threads, shard: shard),
      progress: { progress.update($0) },
      shouldStop: { interrupt.isRaised })
    progress.finish()
    return result
  }

  /// The run's facts; `command` names the subcommand and `extra` its options that change the
  /// results beyond the rules, pools and seed (for `run.csv`'s reproducing command line).
  func runInfo(_ result: Simulation.Result, command: String, extra: [String] = []) -> RunInfo {
    var options = extra
    if let boosterMax = try? planOptions.setOptions.boosterMax() { options += ["--booster-max", String(boosterMax)] }
    if shard != .whole { options += ["--shard", shard.description] }
    return RunInfo(
      toolVersion: SealedCommand.version, seed: seed, poolsRequested: pools, shard: shard.description,
      threads: result.threads, elapsedSeconds: result.elapsedSeconds, startedAt: RunInfo.timestamp(result.startedAt),
      interrupted: result.interrupted,
      command: ReproduceCommand.make(command, set: plan.setCode, rules: planOptions.rules, pools: pools, seed: seed, extra: options))
  }

  /// The simulation's report, with cards flagged by their exact tails at `alpha`.
  func report(
    _ result: Simulation.Result, run: RunInfo, alpha: Double = CheckRun.defaultAlpha
  ) throws(DataError) -> SimulationReport {
    try statistics { () throws(StatisticsError) in
      try SimulationReport(plan: plan, expectations: expectations, tally: result.tally, run: run).withCardTails(alpha: alpha)
    }
  }

  /// `tallies.json`: the run's record, with the spec's counting lanes when it counted a spec.
  func recordFile(_ result: Simulation.Result, run: RunInfo) -> (name: String, contents: String) {
    (RunRecord.fileName, RunRecord(plan: plan, rulesText: rulesText, run: run, shard: shard, tally: result.tally, spec: spec).encoded())
  }

  /// The report folder's files: the CSVs of `report`, `tallies.json` and `report.html`.
  func reportFiles(_ result: Simulation.Result, run: RunInfo, report: SimulationReport) throws(DataError) -> [(name: String, contents: String)] {
    let contents = report.contents
    let files = contents.tables.map { (name: $0.name, contents: $0.table.text) } + [recordFile(result, run: run)]
    return try HTMLReportFile.adding(to: files, contents: contents)
  }

  /// Writes the report files and the samples, and returns where the samples went: with `--out`
  /// into the report folder (`pools.csv`, with the report, all or nothing), else after the
  /// report to `notebooks-data/<set>-<rules>/pools.csv`.
  func commit(_ files: [(name: String, contents: String)]) throws(DataError) -> String? {
    guard options.samples > 0, options.out != nil else {
      Note.replaced(try folder.commit(files), in: folder.path)
      return try writeSamples()
    }
    let staged = URL(fileURLWithPath: folder.path).deletingLastPathComponent()
      .appendingPathComponent(".\(URL(fileURLWithPath: folder.path).lastPathComponent).pools-\(ProcessInfo.processInfo.processIdentifier).csv").path
    _ = try writeSamples(to: staged, rename: false)
    Note.replaced(try folder.commit(files, moving: [(PoolSamples.fileName, staged)]), in: folder.path)
    return "\(folder.path)/\(PoolSamples.fileName)"
  }

  /// Writes the first `--samples` pools to `notebooks-data/<set>-<rules>/pools.csv` (or `path`;
  /// see `PoolSamples.write`) and returns where they went; nil without `--samples`.
  func writeSamples(to target: String? = nil, rename: Bool = true) throws(DataError) -> String? {
    guard options.samples > 0 else { return nil }
    let path = target ?? samplesPath
    try PoolSamples.write(plan: plan, seed: seed, count: options.samples, to: path, rename: rename)
    return path
  }

  /// One line about speed, for the terminal.
  func summary(_ result: Simulation.Result) -> String {
    let boosters = result.tally.boosters
    let rate = result.elapsedSeconds > 0 ? Double(boosters) / result.elapsedSeconds : 0
    var line = "\(plan.setCode) · \(plan.rulesName) · seed \(seed): \(result.completedPools) pools (\(boosters) boosters)"
    if shard != .whole { line += " · shard \(shard)" }
    line += String(format: " in %.2f s on %d thread(s), %@ boosters/s", result.elapsedSeconds, result.threads, ProgressBar.compact(rate))
    if result.interrupted { line += " · INTERRUPTED after \(result.completedPools) of \(pools) pools" }
    return line
  }
}

