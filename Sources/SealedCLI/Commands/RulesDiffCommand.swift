import ArgumentParser
import Foundation
import SealedCheck
import SealedSupport
import SealedCards
import SealedRules
import SealedReports
import SealedRelease

/// `sealed rules diff OLD [NEW]`: two releases of booster data compared exactly.
struct RulesDiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Compare two releases of booster data exactly: products added, removed, renamed and changed.",
    discussion: """
      OLD and NEW are mtg.wtf's compiled booster data or MTGJSON files (a set file or \
      AllPrintings.json), plain or gzipped; without NEW, the data shipped with Sealed. Products \
      are paired by code, an old code finding the one it was renamed to as sealed rules import \
      finds it (war: war-draft). For each product in both, every share is computed exactly from \
      the JSON, without simulating: each variant's share of boosters, each booster size's, each \
      sheet's, each card's expected copies per booster, and each rarity's share of each sheet's \
      draws where the card data gives rarities. Prints the largest relative changes and writes \
      run.csv, products.csv (every product with its status), changes.csv (every measure that \
      changed, largest relative change first) and report.html to DIR. Exit status: 0 nothing \
      changed, 1 something did, 2 bad input.
      """)

  @Argument(help: ArgumentHelp("The older release: mtg.wtf's compiled booster data or an MTGJSON file, plain or gzipped.", valueName: "old"))
  var old: String

  @Argument(help: ArgumentHelp("The newer release (default: the data shipped with Sealed, July 2025).", valueName: "new"))
  var new: String?

  @Option(help: ArgumentHelp("Changes to print, largest first (default 15; changes.csv has all).", valueName: "n"))
  var top: Int = 15

  @Option(help: ArgumentHelp("Folder of the report (default: reports/rules-diff/).", valueName: "dir"))
  var out: String = "reports/rules-diff"

  @Flag(help: "Replace a report folder that holds files Sealed did not write.")
  var force = false

  @OptionGroup var cardOptions: CardOptions

  func run() throws {
    guard top >= 0 else { throw DataError("--top \(top): expected 0 or more changes to print") }
    let newPath = try new ?? CompiledBoosterData.shippedPath()
    let command = (["sealed", "rules", "diff", old] + (new.map { [$0] } ?? []) + ["--out", out]).map(ReproduceCommand.quote)
      .joined(separator: " ")
    var job = ReleaseDiffRun(oldPath: old, newPath: newPath, out: out, force: force, toolVersion: SealedCommand.version, command: command)
    if new == nil { job.newName = CompiledBoosterData.shippedFileName }
    let outcome = try job.run(cards: CardSetLoader(location: try CardDataLocation.resolve(option: cardOptions.cards)))
    print(Self.render(outcome, top: top), terminator: "")
    if outcome.diff.changed { throw CommandFailure(status: 1) }
  }

  /// What the command prints: the two files, the products by status, the largest changes.
  static func render(_ outcome: ReleaseDiffRun.Outcome, top: Int) -> String {
    let diff = outcome.diff
    var text = "old: \(outcome.old.path) (\(outcome.old.form.rawValue), \(outcome.old.products.count) products)\n"
    text += "new: \(outcome.new.path) (\(outcome.new.form.rawValue), \(outcome.new.products.count) products)\n"
    text += "products: " + ReleaseDiff.Status.allCases.map { "\(diff.count($0)) \($0.rawValue)" }.joined(separator: ", ") + "\n"
    for status in [ReleaseDiff.Status.removed, .renamed] {
      let entries = diff.products.filter { $0.status == status }
      guard !entries.isEmpty else { continue }
      let names = entries.prefix(12).map { status == .renamed ? "\($0.oldCode!) -> \($0.newCode!)" : $0.oldCode! }
      text += "\(status.rawValue): \(names.joined(separator: ", "))\(entries.count > 12 ? ", ... (\(entries.count) in all)" : "")\n"
    }
    if diff.changes.isEmpty {
      text += diff.changed ? "no measure of a product in both releases changed\n" : "nothing changed\n"
    } else {
      text += "\(diff.changes.count) measures changed in \(diff.products.filter { $0.changes > 0 }.count) products; the largest:\n"
      var table = TextTable([
        ("product", .left), ("measure", .left), ("subject", .left), ("old", .right), ("new", .right), ("relative change", .right),
      ])
      for row in outcome.report.changes.prefix(top) {
        table.append([row.product, row.measure, ProductTable.shortened(row.subject, to: 48), row.old, row.new, row.relative])
      }
      text += table.text
    }
    text += "report: \(outcome.folder)/ (run.csv, products.csv, changes.csv, report.html)\n"
    if diff.changed {
      let counts = ReleaseDiff.Status.allCases.filter { $0 != .unchanged && diff.count($0) > 0 }.map { "\(diff.count($0)) \($0.rawValue)" }
      text += "FAIL: the releases differ: \(counts.joined(separator: ", ")) (\(diff.changes.count) measures changed)\n"
    } else {
      text += "PASS: the releases are the same: \(diff.products.count) products, no measure changed\n"
    }
    return text
  }
}

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
    let release = try ReleaseFile.read(path: try file ?? CompiledBoosterData.shippedPath())
    let products = try ProductPattern.select(release.products, patterns: patterns)
    let loader = CardSetLoader(location: try CardDataLocation.resolve(option: cardOptions.cards))
    let linted = try ReleaseLintRun.run(products, cards: loader)
    let warned = linted.filter { !$0.warnings.isEmpty }
    for entry in warned {
      for warning in entry.warnings { print(warning.text) }
    }
    let count = warned.reduce(0) { $0 + $1.warnings.count }
    print(
      (strict && !warned.isEmpty ? "FAIL: " : "")
        + (warned.isEmpty
          ? "lint: no warnings (\(linted.count) products)"
          : "lint: \(warned.count) of \(linted.count) products warn (\(count) warning\(count == 1 ? "" : "s"))"))
    if strict && !warned.isEmpty { throw CommandFailure(status: 1) }
  }
}
