import ArgumentParser
import Foundation
import SealedCore

/// `sealed open`: opens one pool and shows it.
struct OpenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open",
    abstract: "Open one pool of boosters and show each booster, the top cards and the pool.",
    discussion: """
      Under the "sealed" rules a pool is 6 boosters, one of them with a mythic; under "retail" \
      6 independent packs. The same seed gives byte-identical output on any machine; without \
      --seed a random seed is used and shown.
      """)

  @Argument(help: "The set code, for example war.")
  var set: String

  @OptionGroup var planOptions: PlanOptions
  @OptionGroup var seedOption: SeedOption

  @Option(help: "Output format: text or json (one pool, shown), or csv, list or 17lands (the pack files sealed audit reads; with --pools and --out).")
  var format: PoolFormat = .text

  @Option(help: ArgumentHelp("Pools to open, for csv, list and 17lands output.", valueName: "n"))
  var pools: Int = 1

  @Option(help: ArgumentHelp("With csv, list or 17lands: the file to write (gzipped when it ends in .gz); default standard output.", valueName: "file"))
  var out: String?

  @Option(
    help: ArgumentHelp(
      "Also save the pool in the library ($SEALED_HOME), with a deck of the same name that starts with its rares and mythics.",
      valueName: "name"))
  var save: String?

  @Flag(help: "With --save: replace a saved pool or deck of the same name; with --out: replace an existing file.")
  var force = false

  enum PoolFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, csv, list
    case seventeenLands = "17lands"
  }

  func run() throws {
    if let packFormat = PackExport.format(format) {
      guard save == nil else { throw ValidationError("--save takes one pool shown as text or json") }
      if let out, !force, FileManager.default.fileExists(atPath: out) {
        throw DataError("the file exists; choose another --out, or pass --force to replace it", at: out)
      }
      guard pools >= 1 && pools <= 10_000_000 else { throw DataError("--pools \(pools): expected 1 to 10000000") }
      let loaded = try planOptions.load(for: set)
      if let gaps = CardDataGaps(plan: loaded.plan) { throw DataError(gaps.refusal("pack files name their cards")) }
      let (seed, given) = seedOption.resolved
      if !given { FileHandle.standardError.write(Data("sealed: random seed \(seed) (repeat with --seed \(seed))\n".utf8)) }
      try PackExport.write(plan: loaded.plan, seed: seed, pools: pools, format: packFormat, to: out ?? "-")
      return
    }
    guard pools == 1, out == nil else { throw ValidationError("--pools and --out are for --format csv, list or 17lands") }
    let library = Library.fromEnvironment()
    if let save {
      try SavePool.check(name: save, in: library, replacing: force)
    } else if force {
      throw ValidationError("--force only makes sense with --save NAME or --out FILE")
    }
    let loaded = try planOptions.load(for: set)
    if let gaps = CardDataGaps(plan: loaded.plan) { throw DataError(gaps.refusal("sealed open shows cards by name")) }
    let (plan, cardSet) = (loaded.plan, loaded.set)
    let (seed, given) = seedOption.resolved
    let pool = Simulation.openPools(plan, seed: seed, count: 1)[0]
    if !given {
      FileHandle.standardError.write(Data("sealed: random seed \(seed) (repeat with --seed \(seed))\n".utf8))
    }
    if let save {
      try SavePool.save(pool, plan: plan, seed: seed, set: cardSet, as: save, in: library, replacing: force)
    }
    switch format {
    case .json:
      print(JSONOutput.encode(PoolJSON(plan: plan, seed: seed, pool: pool)), terminator: "")
    case .text, .csv, .list, .seventeenLands:
      print(PoolText.render(pool, plan: plan, seed: seed, terminal: .standardOutput), terminator: "")
    }
  }
}
