import ArgumentParser
import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedReports
import SealedDecks
import SealedPackFiles
import SealedJobs

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

  @Option(help: "Output format: text or json (one pool, shown), or csv, list or 17lands (the pack files sealed audit reads, --pools pools of them).")
  var format: PoolFormat = .text

  @Option(parsing: .unconditional, help: ArgumentHelp("Pools to open, for csv, list and 17lands output (1 to \(RunLimits.maximumOpenedPools); 1000, 1_000 or 1e3).", valueName: "n"))
  var pools: WholeNumber = WholeNumber(1)

  @Option(name: .customLong("out"), help: ArgumentHelp("Write the output to this file instead of standard output (- is standard output), in any format (a missing folder is created; csv, list and 17lands are gzipped when it ends in .gz).", valueName: "file"))
  var outOption: String?
  var out: String? { outputFile(outOption) }

  @Option(
    help: ArgumentHelp(
      "Also save the pool in the library ($SEALED_HOME), with a deck of the same name that starts with its rares and mythics.",
      valueName: "name"))
  var save: String?

  @Flag(help: "With --save: replace a saved pool or deck of the same name; with --out: replace an existing file.")
  var force = false

  /// `--format`: one pool shown (text, json) or a pack file of `--pools` pools.
  enum PoolFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, csv, list
    case seventeenLands = "17lands"

    /// The pack file this format writes (`PackExport`), or nil for the terminal's text and JSON.
    var packFileFormat: PackFileFormat? {
      switch self {
      case .text, .json: nil
      case .csv: .csv
      case .list: .text
      case .seventeenLands: .seventeenLands
      }
    }
  }

  func run() throws {
    let pools = try RunLimits.openedPools(self.pools)
    let seed = try seedOption.given()
    if let out { try OutputFile.checkWritable(out, option: "--out", force: force) }
    if let packFormat = format.packFileFormat {
      guard save == nil else { throw ValidationError("--save takes one pool shown as text or json") }
      let job = try OpenJob(source: planOptions.source(for: set), seed: seed)
      // The CSV and the text list name a card by set and number when it has no data; 17lands'
      // layout has a column per card name.
      if packFormat == .seventeenLands {
        try job.requireCardData(for: "17lands' layout names every card", alternative: "write it with --format csv or list (card keys)")
      }
      try PackFileWriting.write(
        job, pools: pools, format: packFormat, formatName: format.rawValue, out: out, force: force, seedOption: seedOption)
      return
    }
    guard pools == 1 else {
      throw DataError("--pools \(self.pools): --format \(format.rawValue) shows one pool; many pools are written as a pack file (--format csv, list or 17lands)")
    }
    if let out, out.hasSuffix(".gz") {
      throw DataError("--out \(out): a .gz name is for a pack file, written gzipped (--format csv, list or 17lands); --format \(format.rawValue) writes plain text")
    }
    let library = Library.fromEnvironment()
    if let save {
      try library.checkFreeName(save, replacing: force)
    } else if force && out == nil {
      throw ValidationError("--force only makes sense with --save NAME or --out FILE")
    }
    let job = try OpenJob(source: planOptions.source(for: set), seed: seed)
    try job.requireCardData(for: "sealed open shows cards by name", alternative: "open it on its card keys with --format csv or list")
    seedOption.noteRandom((job.seed, job.seedWasGiven))
    try show(job.pools(1)[0], of: job, library: library)
  }

  /// Saves the pool when asked (`--save`), then prints it or writes it to `--out`.
  private func show(_ pool: OpenedPool, of job: OpenJob, library: Library) throws {
    let plan = job.plan
    if let save {
      let deck = try library.savePool(
        pool, plan: plan, seed: job.seed, boosterMax: job.boosterMax, set: job.loaded.set, as: save, toolVersion: SealedCommand.version,
        replacing: force)
      Note.write(
        "saved pool \(save) and deck \(save) (\(deck.size) cards: its rares and mythics) in \(library.path); next: sealed deck show \(save)")
      if let note = deck.poolLackingDataNote { Note.write("note: \(note)") }
    }
    let terminal = out == nil ? Terminal.standardOutput : .plain
    let text =
      format == .json
      ? JSONOutput.encode(PoolJSON(plan: plan, seed: job.seed, pool: pool))
      : PoolText.render(pool, plan: plan, seed: job.seed, terminal: terminal)
    if let out {
      try OutputFile.write(Data(text.utf8), to: out, option: "--out", force: force)
      Note.write("wrote \(out): pool of \(plan.setCode) under \(plan.rulesName), seed \(job.seed), as \(format.rawValue)")
    } else {
      print(text, terminator: "")
    }
  }
}
