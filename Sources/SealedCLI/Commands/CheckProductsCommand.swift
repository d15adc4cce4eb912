import ArgumentParser
import Foundation
import SealedJobs
import SealedReports
import SealedSupport

/// `sealed check-products`: `sealed check` of every product of the field's compiled booster
/// data (or those a pattern picks) in one run, with a summary.
struct CheckProductsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check-products",
    abstract: "Check every product of the field's compiled booster data in one run and summarise the verdicts.",
    discussion: """
      Runs sealed check on each product (the rules' own checks and invariants, and the spec the \
      product names, if any): a report folder per product in DIR/<code>/ (the files sealed check \
      writes; sealed report works on each), summary.csv, run.csv and a page of the run \
      (report.html) in DIR, and a table. Each \
      product's seed is derived from --seed and its code, so the same seed gives the same \
      results whatever the thread count. The whole run's error rate is --alpha: a product whose \
      statistical checks fail the screen (--screen-alpha) is checked again from an independent \
      seed with --confirm-pools, at --alpha over the products, and only that confirmation fails \
      it; exact invariants and shares the data decides exactly fail at once. A product that \
      cannot be compiled is a row with verdict refused and the reason. Each product is also \
      linted (the field's conventions, as sealed rules lint): summary.csv's lint column says ok \
      or warn and its warnings column what; a warning is not a failure unless --strict. \
      findings.csv lists what was found; with --baseline FILE (an earlier findings.csv) only new \
      findings fail the run. Ctrl-C keeps the products that finished. Exit status: 0 every \
      product passes (with --baseline: nothing new), 1 a product fails or is refused (or, with \
      --strict, warns; with --baseline: something new), 2 bad input, 130 interrupted.
      """)

  @Argument(help: ArgumentHelp("mtg.wtf's compiled booster data or an MTGJSON file, plain or gzipped, or a release (shipped, previous, a release's name); default: the release in use.", valueName: "file"))
  var file: String?

  @Option(name: .customLong("products"), help: ArgumentHelp("Product codes to check: a glob (*-play, mkm-*), repeatable or comma separated (default: all).", valueName: "pattern"))
  var patterns: [String] = []

  @Option(name: .customLong("pools"), parsing: .unconditional, help: ArgumentHelp("Pools to simulate for each product (default 100000).", valueName: "n"))
  var poolsArgument: WholeNumber = WholeNumber(100_000)

  @OptionGroup var seedOption: SeedOption
  @OptionGroup var threadOption: ThreadOption
  @OptionGroup var cardOptions: CardOptions

  @Option(help: ArgumentHelp("A folder of specs named after products (DIR/mkm-play.yaml): each product with one is checked against it instead of the built-in spec named after the product; the others keep theirs.", valueName: "dir"))
  var specs: String?

  @OptionGroup var control: ProductControlOptions

  @Option(parsing: .unconditional, help: ArgumentHelp("Run only part K of N equal parts of the products (in the data's order), for several machines, each with the same --seed.", valueName: "k/n"))
  var shard: ShardArgument?

  @Option(help: ArgumentHelp("Folder of the run (default: reports/check-products/).", valueName: "dir"))
  var out: String?

  @Flag(help: "Drop what an earlier run or report left in DIR that this run does not rewrite, keep files Sealed did not write beside the run, and write into report folders as sealed check --force does.")
  var force = false

  @Flag(help: "No progress bar.")
  var quiet = false

  @Flag(help: "A product whose lint warns fails the run (exit 1).")
  var strict = false

  func validate() throws {
    try PlanOnlyOptions.validateRunOnly(plan: control.plan, given: [
      ("--out", out != nil), ("--shard", shard != nil), ("--force", force), ("--strict", strict), ("--baseline", control.baseline != nil),
    ])
  }

  func run() throws {
    // The whole run printed (and written to run.csv) starts here: reading the data file and the
    // specs, when the job is made, is part of it.
    let started = Date()
    var settings = ProductsJob.Settings(toolVersion: SealedCommand.version)
    (settings.file, settings.patterns, settings.pools) = (file, patterns, poolsArgument)
    (settings.seed, settings.threads, settings.cards) = (try seedOption.given(), threadOption.threadArgument, cardOptions.cards)
    (settings.specs, settings.shard, settings.out, settings.force) = (specs, try shard?.parsed(), out ?? settings.out, force)
    settings.strict = strict
    control.apply(to: &settings)
    settings.writes = !control.plan
    let job = try ProductsJob(settings)
    if control.plan {
      let sizes = control.planSizes
      let plan = try job.plan(deviation: sizes.deviation, ratio: sizes.ratio, power: sizes.power)
      print(ProductPlanTable.render(plan, pools: job.pools), terminator: "")
      return
    }
    seedOption.noteRandom((job.seed, settings.seed != nil))
    Note.write(
      "\(job.matched) of \(job.available) products match\(patterns.isEmpty ? "" : " " + patterns.joined(separator: ","))"
        + (shard == nil ? "" : "; shard \(shard!.shard) has \(job.products.count)")
        + "; checking \(job.products.count) at \(job.pools) pools each on \(job.threads) thread(s)")
    let outcome = try JobProgress.run(total: job.products.count * job.pools, quiet: quiet) { progress, stop in
      try job.run(started: started, progress: { pools, _ in progress(pools) }, shouldStop: { stop.isRaised })
    }
    try JobProgress.writing { try job.write(outcome) }
    try ProductRunOutput.report(outcome, of: job, strict: strict)
    if job.failed(outcome, strict: strict) { throw CommandFailure(status: 1) }
  }
}
