import ArgumentParser
import Foundation
import SealedSupport
import SealedJobs

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
    let job = try SimulationJob(runOptions.settings(source: planOptions.source(for: set)), note: Note.write)
    runOptions.seedOption.noteRandom((job.request.seed, job.seedWasGiven))
    let outcome = try JobProgress.run(total: job.request.shardPools, quiet: runOptions.quiet) { progress, stop in
      try job.run(progress: progress, shouldStop: { stop.isRaised })
    }
    let written = try JobProgress.writing(interrupted: outcome.result.interrupted) { try job.write(outcome.files) }
    Note.replaced(written.replaced, in: job.folder.path)
    print(SimulationSummary.line(job, outcome.result))
    print("reports: \(job.folder.path)/")
    if let samples = written.samples { print("samples: \(samples)") }
    if outcome.result.interrupted { throw CommandFailure(status: 130) }
  }
}
