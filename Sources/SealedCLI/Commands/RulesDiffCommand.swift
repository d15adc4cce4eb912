import ArgumentParser
import Foundation
import SealedJobs
import SealedSupport

/// `sealed rules diff OLD [NEW]`: two releases of booster data compared exactly.
struct RulesDiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Compare two releases of booster data exactly: products added, removed, renamed and changed.",
    discussion: """
      OLD and NEW are mtg.wtf's compiled booster data or MTGJSON files (a set file or \
      AllPrintings.json), plain or gzipped, or releases (shipped, previous, a name sealed rules \
      releases lists); without NEW, the release in use (the newest sealed rules fetch installed, \
      else the data shipped with Sealed). Products \
      are paired by code, an old code finding the one it was renamed to as sealed rules import \
      finds it (war: war-draft). For each product in both, every share is computed exactly from \
      the JSON, without simulating: each variant's share of boosters, each booster size's, each \
      sheet's, each card's expected copies per booster, and each rarity's share of each sheet's \
      draws where the card data gives rarities. Prints, per changed product, one line of what \
      changed in words, most consequential first (booster size, a sheet's finish, variants and \
      sheets, flags, cards, the largest odds changes with exact values), then the largest \
      relative changes among values both releases have, and writes run.csv, products.csv \
      (every product with its status and what changed), changes.csv (every measure that \
      changed, largest relative change first) and report.html to DIR. Exit status: 0 nothing \
      changed, 1 something did, 2 bad input; with --fail-on removed, 1 only when a product of \
      OLD is not in NEW (a release that lost products), whatever else changed.
      """)

  /// What makes the command exit 1.
  enum FailOn: String, ExpressibleByArgument, CaseIterable {
    /// Anything changed: a product added, removed, renamed or changed.
    case change
    /// A product of the old release that the new one lacks (renamed ones are paired).
    case removed
  }

  @Argument(help: ArgumentHelp("The older release: mtg.wtf's compiled booster data or an MTGJSON file, plain or gzipped.", valueName: "old"))
  var old: String

  @Argument(help: ArgumentHelp("The newer release (default: the release in use: the newest sealed rules fetch installed, else the data shipped with Sealed, July 2025).", valueName: "new"))
  var new: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Changes to print, largest first, among values both releases have (default 15; changes.csv has all).", valueName: "n"))
  var top: WholeNumber = WholeNumber(15)

  @Option(help: ArgumentHelp("What exits 1: change (anything changed; the default) or removed (only a product of OLD missing from NEW: for a release pipeline that expects changes but no lost products).", valueName: "what"))
  var failOn: FailOn = .change

  @Option(help: ArgumentHelp("Folder of the report (default: reports/rules-diff/).", valueName: "dir"))
  var out: String = "reports/rules-diff"

  @Flag(help: "Replace a report folder that holds files Sealed did not write.")
  var force = false

  @OptionGroup var cardOptions: CardOptions

  func run() throws {
    let top = try top.value("--top", in: 0 ... Int.max, expected: "0 or more changes to print")
    var settings = ReleaseDiffJob.Settings(old: old, toolVersion: SealedCommand.version)
    (settings.new, settings.cards, settings.out, settings.force) = (new, cardOptions.cards, out, force)
    let job = try ReleaseDiffJob(settings)
    let outcome = try job.run()
    try job.write(outcome)
    print(ReleaseDiffOutput.render(outcome, of: job, top: top, failOnRemovedOnly: failOn == .removed), terminator: "")
    let fails = failOn == .removed ? outcome.diff.count(.removed) > 0 : outcome.diff.changed
    if fails { throw CommandFailure(status: 1) }
  }
}
