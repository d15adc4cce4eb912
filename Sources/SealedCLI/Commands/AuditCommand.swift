import ArgumentParser
import Foundation
import SealedSupport
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedStats
import SealedAudit
import SealedPackFiles
import SealedReportHTML

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
      which. Exit status: 0 all checks pass, 1 a check fails, 2 bad input.
      """)

  @Argument(help: "The set code, for example war.")
  var set: String

  @OptionGroup var planOptions: PlanOptions

  @Option(help: ArgumentHelp("The opened boosters: a CSV file, a text list or 17lands' draft data (.gz read as it is); - for standard input.", valueName: "file"))
  var packs: String?

  @Option(help: ArgumentHelp("The file's layout, named as sealed open --format names it (default: recognised from its first line).", valueName: "csv|list|17lands"))
  var format: PackFileLayout?

  @OptionGroup var specOption: SpecOption

  @Option(parsing: .unconditional, help: ArgumentHelp("Significance level (default 0.01; a spec's own level is meant for simulations of millions of pools, so an audit does not take it).", valueName: "a"))
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

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: the deviation of a proportion to detect.", valueName: "d"))
  var deviation: Double = 0.05

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: in a sheet, one card this many times as likely as the rules say, to detect.", valueName: "r"))
  var ratio: Double = 2

  @Option(parsing: .unconditional, help: ArgumentHelp("For --plan: the probability of detecting it.", valueName: "p"))
  var power: Double = 0.8

  /// The files an audit writes.
  static let files = ReportFile.auditFolder.names

  func run() throws {
    let started = Date()
    if let poolsMisused {
      throw DataError("--pools \(poolsMisused): --pools is a number of pools, which an audit does not take; how the file's boosters came out of pools is --pool-grouping grouped|separate")
    }
    let resamples = try self.resamples.value("--resamples", in: 0...1_000_000, unit: "samples")
    let threads = try threadOption.resolve()
    let seed = try seedOption.given() ?? 1
    let format = try self.format?.resolve()
    let spec = try specOption.load(rules: planOptions.rules)
    let loaded = try planOptions.load(for: set, spec: spec)
    let plan = loaded.plan
    let alpha = try StatisticalOptions.level(self.alpha ?? 0.01)
    let grouping = poolGrouping ?? .default(for: plan)
    if self.plan {
      try printPlan(loaded, grouping: grouping, alpha: alpha)
      return
    }
    guard let packs else { throw ValidationError("--packs FILE is required (or --plan)") }
    let folder = try ReportFolder(
      path: out ?? "reports/\(plan.setCode)-audit-\(plan.rulesName)", writes: Self.files, force: force)

    var reader = try PackFileReader(path: packs, format: format)
    let reading = try AuditSession.read(
      &reader, plan: plan, set: loaded.set, grouping: grouping, cardData: planOptions.setOptions.cardOptions.cards,
      progress: { read in
        if !quiet { FileHandle.standardError.write(Data("sealed: \(read) boosters read\n".utf8)) }
      })
    let (session, identity) = (reading.session, reading.identity)
    let readSeconds = Date().timeIntervalSince(started)
    let input = session.input(expectations: try Expectations(plan: plan), alpha: alpha, resamples: resamples, seed: seed, threads: threads)
    let audit = try statistics { () throws(StatisticsError) in try AuditRun(input) }
    let elapsed = Date().timeIntervalSince(started)

    let command = ReproduceCommand.audit(
      set: plan.setCode, rules: planOptions.rules, packs: packs, extra: reproducingOptions(seed: seed, grouping: grouping, resamples: resamples))
    let contents = AuditReport.contents(
      audit, session: session, plan: plan, packs: reader.source, format: reader.format, identity: identity,
      grouping: grouping, seed: seed, alpha: alpha, spec: spec, threads: threads, elapsed: elapsed,
      startedAt: RunInfo.timestamp(started), command: command, toolVersion: SealedCommand.version)
    let files = contents.tables.map { (name: $0.name, contents: $0.table.text) }
    Note.replaced(try folder.commit(try HTMLReportFile.adding(to: files, contents: contents)), in: folder.path)
    print(AuditVerdictTable.render(audit, session: session, spec: spec, alpha: alpha, source: reader.source, terminal: .standardOutput), terminator: "")
    let boosters = session.findings.boosters
    print(
      String(
        format: "%d booster%@ read and checked in %.2f s; %d Monte Carlo samples; whole audit %.2f s", boosters,
        boosters == 1 ? "" : "s", readSeconds, audit.resamples, elapsed))
    print("reports: \(folder.path)/")
    if !audit.passed { throw CommandFailure(status: 1) }
  }


  private func reproducingOptions(seed: UInt64, grouping: PoolGrouping, resamples: Int) -> [String] {
    var extra: [String] = []
    if let format { extra += ["--format", format.text] }
    if let spec = specOption.spec { extra += ["--spec", spec] }
    if let alpha { extra += ["--alpha", String(alpha)] }
    extra += ["--resamples", String(resamples), "--pool-grouping", grouping.rawValue, "--seed", String(seed)]
    return extra
  }

  private func printPlan(_ loaded: LoadedPlan, grouping: PoolGrouping, alpha: Double) throws {
    try StatisticalOptions.checkPlanEffect(deviation: deviation, ratio: ratio, power: power)
    let catalog = AuditCatalog(plan: loaded.plan, set: loaded.set, identity: .printingAndFinish)
    let expectations = try Expectations(plan: loaded.plan)
    let auditPlan = try statistics { () throws(StatisticsError) in
      try AuditPlan(
        catalog: catalog, lanes: AuditLanes(catalog: catalog), expectations: expectations, grouping: grouping, alpha: alpha,
        deviation: deviation, ratio: ratio, power: power)
    }
    print(AuditPlanTable.render(auditPlan, plan: loaded.plan, deviation: deviation, ratio: ratio, power: power, alpha: alpha), terminator: "")
  }
}

extension PoolGrouping: ExpressibleByArgument {}
