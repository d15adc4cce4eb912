import ArgumentParser
import Foundation
import SealedSupport

/// `sealed simulate`: many pools, tallied, written as CSV reports.
struct SimulateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Simulate many pools and write CSV reports with observed and expected frequencies.",
    discussion: """
      Writes run.csv, slot_rarity.csv, card_frequency.csv, pool_mythics.csv, mythic_position.csv, \
      events.csv, sheet_frequency.csv, tallies.json and report.html (the same numbers as \
      charts) into the report folder, completely or not at all. The same \
      seed gives the same report whatever the thread count. Ctrl-C stops cleanly and writes the \
      report of the pools completed so far (status interrupted in run.csv).
      """)

  @Argument(help: "The set code, for example war.")
  var set: String

  @OptionGroup var planOptions: PlanOptions
  @OptionGroup var runOptions: RunOptions

  func run() throws {
    let runner = try SimulationRunner(set: set, planOptions: planOptions, options: runOptions)
    let result = runner.simulate()
    let info = runner.runInfo(result, command: "simulate")
    let samples = try runner.commit(runner.reportFiles(result, run: info, report: runner.report(result, run: info)))
    print(runner.summary(result))
    print("reports: \(runner.folder.path)/")
    if let samples { print("samples: \(samples)") }
    if result.interrupted { throw CommandFailure(status: 130) }
  }
}
