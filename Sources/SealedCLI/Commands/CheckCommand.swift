import ArgumentParser
import Foundation
import SealedJobs
import SealedSupport
import SealedRules
import SealedStats

/// `sealed check`: simulate, test the counts against the rules and a spec, report a verdict.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Simulate pools and test them against the rules' own expectations and a spec's claims.",
    discussion: """
      Checks derived from the rules: rarity per slot, every card's frequency within its sheet, \
      declared events, mythic fairness, exact invariants. A spec adds claims (the built-in spec \
      "sealed" restates the original article's; a rule file names its spec with a "spec:" key, \
      and the built-in "sealed" rules name it). A claim the rules cannot meet by construction \
      fails with the reason. \
      p-values are Holm-adjusted over the run; a run passes when every adjusted p-value is at \
      least alpha and every invariant holds. Writes the simulation CSVs plus checks.csv and \
      mythic_fairness.csv, and report.html with the verdicts and charts. A sharded run: sealed \
      check --shard K/N for each shard, sealed merge, then sealed check SET --tallies MERGED. \
      Exit status: 0 all checks pass, 1 a check fails, 2 bad input, 130 interrupted (a report of \
      the pools done is written, with no verdict, unless a complete report is in the way).
      """)

  @Argument(help: "The set code, for example war.")
  var set: String

  @OptionGroup var planOptions: PlanOptions
  @OptionGroup var runOptions: RunOptions

  @OptionGroup var specOption: SpecOption

  @Option(parsing: .unconditional, help: ArgumentHelp("Significance level (default: the spec's, else 0.001).", valueName: "a"), transform: DecimalText.parse)
  var alpha: Double?

  @Option(help: ArgumentHelp("Other rule sets to simulate for the mythic fairness table (comma separated, or none). Default: the other built-ins that cover the set.", valueName: "names"))
  var compare: String?

  @Flag(help: "Print the pools needed to detect --deviation in each proportion and --ratio in each chi-square claim with --power, and stop.")
  var plan = false

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: the deviation of a proportion to detect (default 0.02).", valueName: "d"), transform: DecimalText.parse)
  var deviation: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: in a chi-square claim, one card (or position) this many times as likely as the others, to detect (default 1.2).", valueName: "r"), transform: DecimalText.parse)
  var ratio: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: the probability of detecting it (default 0.9).", valueName: "p"), transform: DecimalText.parse)
  var power: Double?

  @Option(help: ArgumentHelp("Check a merged sharded run instead of simulating: a folder written by sealed merge from sealed check --shard K/N runs.", valueName: "dir"))
  var tallies: String?

  func validate() throws {
    try PlanOnlyOptions.validate(plan: plan, deviation: deviation, ratio: ratio, power: power)
    try PlanOnlyOptions.validateRunOnly(plan: plan, given: [
      ("--pools", runOptions.poolsArgument != nil), ("--out", runOptions.out != nil), ("--shard", runOptions.shard != nil),
      ("--samples", runOptions.sampleCount.saturatedInt != 0), ("--force", runOptions.force), ("--tallies", tallies != nil),
      ("--compare", compare != nil),
    ])
  }

  func run() throws {
    let started = Date()
    let job = try tallies.map { try CheckJob(tallies: talliesSettings($0)) } ?? CheckJob(settings(), note: Note.write)
    if plan {
      print(PlanTable.render(try job.plan(deviation: deviation ?? 0.02, ratio: ratio ?? 1.2, power: power ?? 0.9), plan: job.plan), terminator: "")
      return
    }
    if let simulation = job.simulation { runOptions.seedOption.noteRandom((job.seed, simulation.seedWasGiven)) }
    let outcome = try JobProgress.run(total: job.simulation?.request.shardPools ?? 0, quiet: runOptions.quiet) { progress, stop in
      try job.run(progress: progress, shouldStop: { stop.isRaised })
    }
    let written = try JobProgress.writing(interrupted: outcome.interrupted) { try job.write(outcome) }
    Note.replaced(written.replaced, in: job.folder.path)
    try CheckOutput.print(
      outcome, of: job, spec: job.spec, samples: written.samples, started: started, specDeclined: specOption.spec == "none")
  }

  /// The check of a simulation these options ask for.
  private func settings() throws -> CheckJob.Settings {
    let spec = try specOption.load(rules: planOptions.rules, data: planOptions.dataOption.data)
    return CheckJob.Settings(
      simulation: try runOptions.settings(source: planOptions.source(for: set), spec: spec), specArgument: specOption.spec,
      alpha: alpha, compare: compare)
  }

  /// `--tallies DIR`: the merged tallies of a sharded run, checked as the unsharded run would
  /// be (the options given must agree with the run's).
  private func talliesSettings(_ directory: String) throws -> CheckJob.TalliesSettings {
    // (--plan beside --tallies is refused by `validate`.)
    guard runOptions.shard == nil else { throw DataError("--tallies checks a merged run as it is; it takes no --shard") }
    var settings = CheckJob.TalliesSettings(directory: directory, set: set, toolVersion: SealedCommand.version)
    settings.rules = planOptions.rulesArgument
    settings.pools = runOptions.poolsArgument
    settings.seed = try runOptions.seedOption.given()
    settings.boosterMax = try planOptions.setOptions.boosterMax()
    settings.samples = runOptions.sampleCount
    settings.cards = planOptions.setOptions.cardOptions.cards
    settings.specArgument = specOption.spec
    (settings.alpha, settings.compare, settings.threads) = (alpha, compare, runOptions.threadOption.threadArgument)
    (settings.out, settings.force) = (runOptions.out, runOptions.force)
    return settings
  }
}
