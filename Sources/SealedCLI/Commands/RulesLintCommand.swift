import Foundation
import ArgumentParser
import SealedJobs

/// `sealed rules lint [FILE]`: the lint of check-products alone.
struct RulesLintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Hold every product of a release to the conventions its source format states, without simulating.",
    discussion: """
      The lint sealed check-products reports in its lint and warnings columns, alone and in \
      seconds, holding every product to the conventions mtg.wtf's and MTGJSON's formats state: \
      a sheet named foil (or non-foil) holds cards of that finish, and no sheet mixes both; \
      Special Guests and bonus sheets are drawn by their own set's boosters; a sheet named for \
      a rarity holds that rarity (card data's rarities; cards without data are not judged); \
      every Play and Draft Booster has a rare slot, every Play Booster 3 uncommons; a colour-balanced sheet is drawn more than 5 \
      times; a weight is not 10, 100 or 1000 times out of line with its group; a booster has \
      the size its kind is published at; every card key names a card, each card once a sheet; every sheet is drawn, \
      every drawn sheet exists, total_weight is its sheet's sum, weights are positive whole \
      numbers, draws fit their sheets, source_set_codes are the sets the sheets name. Prints \
      one line per warning (rule, product, where, what) and writes them to DIR/findings.csv; \
      with --baseline FILE (an earlier findings.csv) only the new ones fail the run. Exit \
      status: 0 (1 with --strict when anything warns; with --baseline, when anything is new), \
      2 bad input.
      """)

  @Argument(help: ArgumentHelp("mtg.wtf's compiled booster data or an MTGJSON file, plain or gzipped, or a release (shipped, previous, a release's name); default: the release in use (the newest sealed rules fetch installed, else the data shipped with Sealed).", valueName: "file"))
  var file: String?

  @Option(name: .customLong("products"), help: ArgumentHelp("Product codes to lint: a glob (*-play, mkm-*), repeatable or comma separated (default: all).", valueName: "pattern"))
  var patterns: [String] = []

  @Flag(help: "Exit 1 when any product warns.")
  var strict = false

  @Option(help: ArgumentHelp("An earlier run's findings.csv (of rules lint or check-products), or shipped for the known findings of the shipped data: the run fails only on lint findings it lacks.", valueName: "file"))
  var baseline: String?

  @Option(help: ArgumentHelp("Folder for findings.csv and run.csv.", valueName: "dir"))
  var out = "reports/rules-lint"

  @Flag(help: "Replace what the folder holds that an earlier report or run left, and keep files Sealed did not write beside the report.")
  var force = false

  @OptionGroup var cardOptions: CardOptions

  func run() throws {
    var settings = ReleaseLintJob.Settings()
    (settings.file, settings.patterns, settings.cards) = (file, patterns, cardOptions.cards)
    (settings.baseline, settings.out, settings.force, settings.toolVersion) = (baseline, out, force, SealedCommand.version)
    let job = try ReleaseLintJob(settings)
    let outcome = try job.run()
    try job.write(outcome)
    let warned = outcome.warned
    for entry in warned {
      for warning in entry.warnings { print(warning.text) }
    }
    print(outcome.totals)
    print(FindingsOutput.render(outcome.findings, comparison: outcome.comparison, file: (out as NSString).appendingPathComponent("findings.csv")), terminator: "")
    if let comparison = outcome.comparison {
      print(FindingsOutput.verdict(comparison))
      if !comparison.nothingNew { throw CommandFailure(status: 1) }
    } else if strict && !warned.isEmpty {
      // The last line, as check-products' (a CI step reading it once missed the FAIL above).
      print("FAIL: --strict: the lint of \(warned.count) product(s) warns")
      throw CommandFailure(status: 1)
    }
  }
}
