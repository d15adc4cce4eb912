import ArgumentParser
import SealedJobs

/// `sealed rules lint [FILE]`: the lint of check-products alone.
struct RulesLintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Hold every product of a release to the field's conventions, without simulating.",
    discussion: """
      The lint sealed check-products reports in its lint and warnings columns, alone and in \
      seconds: a weight 10, 100 or 1000 times out of line with the cards of its rarity and finish \
      on its sheet, a booster whose size is not the size its kind is published at, a card key the \
      card data does not have where it has every other card of that set the product names, a \
      sheet no variant draws, a variant drawing a sheet that does not exist, a total_weight that \
      is not its sheet's sum, a weight that is not a positive whole number, a draw its sheet \
      cannot give, source_set_codes that are not the sets the sheets name. Prints one line per \
      warning. Exit status: 0 (1 with --strict when anything warns), 2 bad input.
      """)

  @Argument(help: ArgumentHelp("mtg.wtf's compiled booster data or an MTGJSON file, plain or gzipped (default: the data shipped with Sealed).", valueName: "file"))
  var file: String?

  @Option(name: .customLong("products"), help: ArgumentHelp("Product codes to lint: a glob (*-play, mkm-*), repeatable or comma separated (default: all).", valueName: "pattern"))
  var patterns: [String] = []

  @Flag(help: "Exit 1 when any product warns.")
  var strict = false

  @OptionGroup var cardOptions: CardOptions

  func run() throws {
    var settings = ReleaseLintJob.Settings()
    (settings.file, settings.patterns, settings.cards) = (file, patterns, cardOptions.cards)
    let outcome = try ReleaseLintJob(settings).run()
    let warned = outcome.warned
    for entry in warned {
      for warning in entry.warnings { print(warning.text) }
    }
    print((strict && !warned.isEmpty ? "FAIL: " : "") + outcome.totals)
    if strict && !warned.isEmpty { throw CommandFailure(status: 1) }
  }
}
