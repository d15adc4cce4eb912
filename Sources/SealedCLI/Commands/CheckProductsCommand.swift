import ArgumentParser
import Foundation
import SealedCheck
import SealedSupport
import SealedCards
import SealedRules
import SealedReports
import SealedStats

/// `sealed check-products`: `sealed check` of every product of the field's compiled booster
/// data (or those a pattern picks) in one run, with a summary.
struct CheckProductsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check-products",
    abstract: "Check every product of the field's compiled booster data in one run and summarise the verdicts.",
    discussion: """
      Runs sealed check on each product (the rules' own checks and invariants, and the spec the \
      product names, if any): a report folder per product in DIR/<code>/ (the files sealed check \
      writes; sealed report works on each), summary.csv and run.csv in DIR, and a table. Each \
      product's seed is derived from --seed and its code, so the same seed gives the same \
      results whatever the thread count. A product that cannot be compiled is a row with verdict \
      refused and the reason. Each product is also linted (the field's conventions, as sealed \
      rules lint): summary.csv's lint column says ok or warn and its warnings column what; a \
      warning is not a failure unless --strict. Ctrl-C keeps the products that finished. \
      Exit status: 0 every product passes, 1 a product fails or is refused (or, with --strict, \
      warns), 2 bad input, 130 interrupted.
      """)

  @Argument(help: ArgumentHelp("mtg.wtf's compiled booster data, plain or gzipped (default: the data shipped with Sealed, July 2025).", valueName: "file"))
  var file: String?

  @Option(name: .customLong("products"), help: ArgumentHelp("Product codes to check: a glob (*-play, mkm-*), repeatable or comma separated (default: all).", valueName: "pattern"))
  var patterns: [String] = []

  @Option(name: .customLong("pools"), parsing: .unconditional, help: ArgumentHelp("Pools to simulate for each product (default 100000).", valueName: "n"))
  var poolsArgument: WholeNumber = WholeNumber(100_000)

  @OptionGroup var seedOption: SeedOption
  @OptionGroup var threadOption: ThreadOption
  @OptionGroup var cardOptions: CardOptions

  @Option(help: ArgumentHelp("A folder of specs named after products (DIR/mkm-play.yaml): each product with one is also checked against it (default: a built-in spec named after the product, if any).", valueName: "dir"))
  var specs: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Significance level (default: a product's spec's, else 0.001).", valueName: "a"))
  var alpha: Double?

  @Option(parsing: .unconditional, help: ArgumentHelp("Run only part K of N equal parts of the products (in the data's order), for several machines.", valueName: "k/n"))
  var shard: ShardArgument?

  @Option(help: ArgumentHelp("Folder of the run (default: reports/check-products/).", valueName: "dir"))
  var out: String = "reports/check-products"

  @Flag(help: "Replace a summary.csv that Sealed did not write, and write into report folders as sealed check --force does.")
  var force = false

  @Flag(help: "No progress bar.")
  var quiet = false

  @Flag(help: "A product whose lint warns fails the run (exit 1).")
  var strict = false

  func run() throws {
    let data = try file.map { path throws(DataError) in try CompiledBoosterData.read(path: path) } ?? CompiledBoosterData.shipped()
    guard !data.products.isEmpty else { throw DataError("holds no products; expected mtg.wtf's compiled booster data", at: file ?? CompiledBoosterData.shippedFileName) }
    let matched = try ProductPattern.select(data.products, patterns: patterns)
    let products = try sharded(matched)
    let pools = try checkedPools()
    if let alpha { _ = try StatisticalOptions.level(alpha) }
    let threads = try threadOption.resolve()
    let seed = try seedOption.resolve()
    let folder = try RunFolder(path: out, force: force)
    // Products side by side, one thread each; a run of fewer products than threads gives each
    // product's simulation the threads left over.
    let workers = max(1, min(threads, products.count))
    let settings = ProductCheck.Settings(
      pools: pools, runSeed: seed.seed, alpha: alpha, threads: max(1, threads / workers),
      source: file.map { ($0 as NSString).lastPathComponent } ?? CompiledBoosterData.shippedFileName,
      folder: folder.path, force: force, toolVersion: SealedCommand.version,
      specs: try ProductSpec.load(for: products, folder: specs), reproduce: reproducer(pools: pools, runSeed: seed.seed))
    for product in products {
      _ = try ReportFolder(path: settings.folder(of: product), writes: CheckReport.fileNames, force: force)
    }
    let cards = CardSetLoader(location: try CardDataLocation.resolve(option: cardOptions.cards))
    let run = ProductRun(products: products, settings: settings, workers: workers)

    let interrupt = InterruptFlag()
    defer { interrupt.restore() }
    seedOption.noteRandom(seed)
    Note.write(
      "\(matched.count) of \(data.products.count) products match\(patterns.isEmpty ? "" : " " + patterns.joined(separator: ","))"
        + (shard == nil ? "" : "; shard \(shard!.shard) has \(products.count)")
        + "; checking \(products.count) at \(pools) pools each on \(threads) thread(s)")
    let progress = ProgressBar(total: products.count * pools, unit: "pools", enabled: !quiet)
    let started = Date()
    let result = try run.run(cards: cards, progress: { pools, _ in progress.update(pools) }, shouldStop: { interrupt.isRaised })
    progress.finish()
    let elapsed = Date().timeIntervalSince(started)
    let facts = ProductRunFacts(
      toolVersion: SealedCommand.version, data: file ?? CompiledBoosterData.shippedFileName, patterns: patterns,
      shard: shard?.shard.description, matched: products.count, pools: pools, seed: seed.seed, specs: specs, alpha: alpha,
      threads: threads, started: started)
    try folder.write(result, facts: facts, elapsed: elapsed)
    print(ProductTable.render(result.summary), terminator: "")
    print(result.summary.totals)
    print(result.summary.lintTotals)
    let warnings = result.summary.rows.flatMap(\.warnings)
    for warning in warnings.prefix(20) { print("  " + warning.text) }
    if warnings.count > 20 { print("  ... (\(warnings.count) in all; summary.csv's warnings column lists them)") }
    if result.interrupted {
      print("INTERRUPTED after \(result.summary.rows.count) of \(products.count) products; the summary lists those that finished")
    }
    print(String(format: "whole run: %.1f s for %d products of %d pools on %d thread(s)", elapsed, result.summary.rows.count, pools, threads))
    print("summary: \(folder.path)/\(ProductSummary.fileName)")
    print("reports: \(folder.path)/<product>/")
    if result.interrupted { throw CommandFailure(status: 130) }
    if strict && !result.summary.failed && result.summary.failed(strict: true) {
      print("FAIL: --strict: the lint of \(result.summary.rows.filter { !$0.warnings.isEmpty }.count) product(s) warns")
    }
    if result.summary.failed(strict: strict) { throw CommandFailure(status: 1) }
  }

  /// `--pools`, checked: positive and within what the exact binomial tests take (a product's
  /// pool is six boosters).
  private func checkedPools() throws(DataError) -> Int {
    let pools = try poolsArgument.wholeValue("--pools", expected: "a positive number of pools")
    let limit = Distributions.maximumBinomialTrials / 6
    guard pools > 0, pools <= limit else {
      throw DataError("--pools \(poolsArgument.text): expected a positive number of pools, at most \(limit) (the exact tests take at most 2^38 boosters)")
    }
    return pools
  }

  /// The products of `--shard K/N`: part K of N equal parts, in the data's order.
  private func sharded(_ products: [CompiledBoosterData.Product]) throws(DataError) -> [CompiledBoosterData.Product] {
    guard let shard = shard?.shard else { return products }
    guard shard.count >= 1, shard.index >= 1, shard.index <= shard.count, shard.count <= products.count else {
      throw DataError("--shard \(shard): expected K/N with 1 <= K <= N <= \(products.count) (the products matched)")
    }
    return Array(products[shard.chunks(of: products.count)])
  }

  /// The command line that reproduces one product's report: `sealed check` with its seed for
  /// a shipped product, else this command on that product alone.
  private func reproducer(pools: Int, runSeed: UInt64) -> @Sendable (CompiledBoosterData.Product, UInt64, String?) -> String {
    let file = self.file
    let specs = self.specs.map { ["--specs", $0] } ?? []
    let alpha = self.alpha.map { ["--alpha", String($0)] } ?? []
    return { product, seed, spec in
      guard let file else {
        return ReproduceCommand.make(
          "check", set: product.set_code.lowercased(), rules: product.code, pools: pools, seed: seed,
          extra: (spec.map { ["--spec", $0] } ?? []) + ["--compare", "none"] + alpha)
      }
      return (["sealed", "check-products", file, "--products", product.code, "--pools", String(pools), "--seed", String(runSeed)] + specs + alpha)
        .map(ReproduceCommand.quote).joined(separator: " ")
    }
  }
}
