import ArgumentParser
import Foundation
import SealedJobs
import SealedSupport

/// `sealed rules fetch [--from URL|FILE]`: a newer release of the field's booster data,
/// installed beside the one before and compared with it.
struct RulesFetchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fetch",
    abstract: "Download a release of the field's booster data, install it and say what changed.",
    discussion: """
      Downloads mtg.wtf's published compiled booster data (or --from any address or file of it, \
      or of an MTGJSON AllPrintings or set file, plain or gzipped) with the HTTP behaviour of \
      sealed cards fetch: 429 and 5xx answers tried again (Retry-After honoured), a timeout, one \
      line per error. The download is read whole as a release before anything is installed: \
      every product must parse and become a rule set, and the lint runs (sealed rules lint). A \
      download that is not a release (cut off, not JSON, not booster data) is refused in one \
      line and the installed release is untouched; so is one stopped by Ctrl-C. A good one is \
      installed under SEALED_HOME beside the release before it, which is kept, and becomes the \
      release in use: every command that reads booster data (--rules CODE, rules import, lint, \
      diff, check-products, audit, the app) uses it unless --data or SEALED_DATA names another \
      (sealed rules releases lists them). Then prints what changed against the release before, \
      in the words of sealed rules diff, and keeps that report in the release's diff/ folder. \
      Exit status: 0 nothing changed, 1 something did, 2 bad input or a failed download, 130 \
      interrupted.
      """)

  @Option(help: ArgumentHelp("An http or https address, a file: address or the path of a file (default: mtg.wtf's published file, \(ReleaseFetchJob.defaultAddress)).", valueName: "url|file"))
  var from: String?

  @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for the answer to start, and at most between two parts of it (default 60).", valueName: "seconds"), transform: DecimalText.parse)
  var timeout: Double = 60

  @Option(parsing: .unconditional, help: ArgumentHelp("How many times an answer of 429 or 5xx is tried again (0 to 10).", valueName: "n"))
  var retries: WholeNumber = WholeNumber(3)

  @Option(parsing: .unconditional, help: .hidden, transform: DecimalText.parse)
  var backoff: Double = 1

  @Option(parsing: .unconditional, help: ArgumentHelp("Changes to print, largest first (default 15; the release's diff/changes.csv has all).", valueName: "n"))
  var top: WholeNumber = WholeNumber(15)

  @Flag(help: "No progress bar on standard error.")
  var quiet = false

  @OptionGroup var cardOptions: CardOptions

  func run() throws {
    let top = try top.value("--top", in: 0 ... Int.max, expected: "0 or more changes to print")
    var settings = ReleaseFetchJob.Settings(toolVersion: SealedCommand.version)
    (settings.from, settings.timeout, settings.backoff, settings.cards) = (from, timeout, backoff, cardOptions.cards)
    settings.retries = try retries.value("--retries", in: 0...10, unit: "retries")
    let job = try ReleaseFetchJob(settings)
    let bar = DownloadProgress(label: "fetching \(job.download.name)", enabled: !quiet)
    let interrupt = InterruptFlag(message: "interrupted; stopping (nothing is installed unless the release was already being put in place)")
    defer { interrupt.restore() }
    let outcome = try job.run(
      progress: { bar.update($0) }, waiting: { bar.note($0.description) }, shouldStop: { interrupt.isRaised })
    bar.finish()
    guard let outcome else {
      throw CommandFailure(status: 130, message: "interrupted; nothing was installed (the release in use is still \(job.previous.reference))")
    }
    if interrupt.isRaised, outcome.installed != nil {
      FileHandle.standardError.write(Data("sealed: Ctrl-C came after the release was put in place: it is installed\n".utf8))
    }
    print(ReleaseFetchOutput.render(outcome, of: job, top: top), terminator: "")
    if outcome.changed { throw CommandFailure(status: 1) }
  }
}
