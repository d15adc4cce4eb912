import ArgumentParser
import Foundation
import SealedSupport
import SealedAudit
import SealedEngine
import SealedJobs
import SealedPackFiles

/// `sealed audit`: holds boosters people really opened against a rule set.
struct AuditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audit",
    abstract: "Check boosters people really opened against a rule set: each booster exactly, then all of them with statistics.",
    discussion: """
      --packs reads a CSV (booster,set,collector_number[,name][,foil]), a pasted text list (one \
      booster per block, lines like "1 Ob Nixilis, the Hate-Twisted (WAR) 100" or "WAR 100"), or \
      17lands' public draft data (draft_data_public.SET.FORMAT.csv, or .csv.gz as it is: every \
      pick_number 0 row is an opened pack); "-" reads standard input. The file is read as a \
      stream. Each booster is checked exactly: its cards exist and can be in a booster, and the \
      rules can draw them together (naming the booster and the card when not). Then all boosters: \
      each event and rarity proportion, each sheet's card frequencies, mythics per pool, the \
      spec's claims. p-values: exact binomial where valid, chi-square where every cell expects 5 \
      or more, else a Monte Carlo null of --resamples samples drawn by the engine; audit.csv says \
      which. Exit status: 0 all checks pass, 1 a check fails, 2 bad input, 130 interrupted \
      (nothing is written).
      """)

  @Argument(help: "The set code, for example war.")
  var set: String

  @OptionGroup var planOptions: PlanOptions

  @Option(help: ArgumentHelp("The opened boosters: a CSV file, a text list or 17lands' draft data (.gz read as it is); - for standard input.", valueName: "file"))
  var packs: String?

  @Option(help: ArgumentHelp("The file's layout, named as sealed open --format names it (default: recognised from its first line).", valueName: "csv|list|17lands"))
  var format: PackFileLayout?

  @OptionGroup var specOption: SpecOption

  @Option(parsing: .unconditional, help: ArgumentHelp("Significance level (default 0.01; a spec's own level is meant for simulations of millions of pools, so an audit does not take it).", valueName: "a"), transform: DecimalText.parse)
  var alpha: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("Monte Carlo samples drawn by the engine for each check's null (0: none; at most 1000000; 9999, 9_999 or 1e4).", valueName: "r"))
  var resamples: WholeNumber = WholeNumber(9999)

  @Option(name: .customLong("pool-grouping"), help: ArgumentHelp("How the boosters came out of pools: grouped (the file lists whole pools in order) or separate (each from a pool of its own). Default: grouped when the rules have a mythic booster per pool, else separate.", valueName: "grouped|separate"))
  var poolGrouping: PoolGrouping?

  /// `--pools` is a count everywhere else; here it only points to `--pool-grouping`.
  @Option(name: .customLong("pools"), parsing: .unconditional, help: .hidden)
  var poolsMisused: String?

  @OptionGroup var seedOption: SeedOption

  @OptionGroup var threadOption: ThreadOption

  @Option(help: ArgumentHelp("Report folder (default: reports/<set>-audit-<rules>/).", valueName: "dir"))
  var out: String?

  @Flag(help: "Write into a report folder that holds files Sealed did not write (they are kept).")
  var force = false

  @Flag(help: "No progress lines.")
  var quiet = false

  @Flag(help: "Print how many opened boosters each check needs to detect --deviation (proportions) or --ratio (card frequencies) with --power, and stop.")
  var plan = false

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: the deviation of a proportion to detect (default 0.05).", valueName: "d"), transform: DecimalText.parse)
  var deviation: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: in a sheet, one card this many times as likely as the rules say, to detect (default 2).", valueName: "r"), transform: DecimalText.parse)
  var ratio: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: the probability of detecting it (default 0.8).", valueName: "p"), transform: DecimalText.parse)
  var power: Double?

  func validate() throws {
    try PlanOnlyOptions.validate(plan: plan, deviation: deviation, ratio: ratio, power: power)
    try PlanOnlyOptions.validateRunOnly(plan: plan, given: [("--packs", packs != nil), ("--format", format != nil), ("--out", out != nil), ("--force", force)])
  }

  func run() throws {
    if let poolsMisused {
      throw DataError("--pools \(poolsMisused): --pools is a number of pools, which an audit does not take; how the file's boosters came out of pools is --pool-grouping grouped|separate")
    }
    let job = try AuditJob(settings())
    if plan {
      let (deviation, ratio, power) = (deviation ?? 0.05, ratio ?? 2, power ?? 0.8)
      let auditPlan = try job.plan(deviation: deviation, ratio: ratio, power: power)
      let table = AuditPlanTable.render(auditPlan, plan: job.plan, deviation: deviation, ratio: ratio, power: power, alpha: job.alpha)
      return print(table, terminator: "")
    }
    guard packs != nil else { throw ValidationError("--packs FILE is required (or --plan)") }
    // Nothing is written before the report, so Ctrl-C until then stops at once.
    let interrupt = InterruptFlag(message: "interrupted; the audit stopped before its report, nothing is written", quitting: true)
    let reading = try job.read { read in
      if !quiet { FileHandle.standardError.write(Data("sealed: \(read) boosters read\n".utf8)) }
    }
    seedOption.noteRandom((job.seed, job.seedWasGiven))
    let outcome = try job.audit(reading)
    interrupt.restore()
    Note.replaced(try JobProgress.writing { try job.write(outcome) }, in: job.folder!.path)
    try AuditOutput.print(outcome, of: job)
  }

  /// The audit these options ask for.
  private func settings() throws -> AuditJob.Settings {
    var settings = AuditJob.Settings(source: try planOptions.source(for: set), toolVersion: SealedCommand.version)
    (settings.packs, settings.format) = (packs, try format?.resolve())
    settings.spec = try specOption.load(rules: planOptions.rules, data: planOptions.dataOption.data)
    (settings.specArgument, settings.alpha, settings.resamples) = (specOption.spec, alpha, resamples)
    (settings.grouping, settings.seed, settings.threads) = (poolGrouping, try seedOption.given(), threadOption.threadArgument)
    (settings.out, settings.force) = (out, force)
    return settings
  }
}

extension PoolGrouping: ExpressibleByArgument {}
