import ArgumentParser
import Foundation
import SealedSupport
import SealedCards
import SealedScryfall

/// `sealed cards fetch SET...`: download whole sets from Scryfall's API.
struct CardsFetchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fetch",
    abstract: "Download every card of the given sets from Scryfall into your card folder.",
    discussion: """
      Each set is written whole or not at all: a failure (no connection, a timeout, an \
      unknown set, a bad page) leaves the card folder as it was and exits with status 2. \
      Requests keep to Scryfall's etiquette: 100 ms apart, with a User-Agent and Accept \
      header; HTTP 429 and 5xx answers are tried again after a wait, --retries times.
      """)

  @Argument(help: ArgumentHelp("Set codes, like war or mh3.", valueName: "set"))
  var sets: [String]

  @Option(help: ArgumentHelp("The API's base address.", valueName: "url"))
  var api: String = ScryfallFetcher.defaultAPI.absoluteString

  @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for each answer.", valueName: "seconds"))
  var timeout: Double = 30

  @Option(parsing: .unconditional, help: ArgumentHelp("How many times an answer of 429 or 5xx is tried again (0 to 10).", valueName: "n"))
  var retries: WholeNumber = WholeNumber(3)

  @Option(parsing: .unconditional, help: .hidden)
  var backoff: Double = 1

  @Flag(help: "No progress line on standard error.")
  var quiet = false

  @Flag(help: "Replace a set file of your card folder that Sealed did not store (put there by hand); a set fetched or imported before is replaced anyway.")
  var force = false

  func run() throws {
    guard timeout > 0, timeout.isFinite else { throw DataError("--timeout \(timeout): expected a positive number of seconds") }
    let retries = try self.retries.value("--retries", in: 0...10, unit: "retries")
    guard backoff >= 0, backoff <= 60 else { throw DataError("--backoff \(backoff): expected 0 to 60 seconds") }
    guard let base = URL(string: api), base.scheme == "http" || base.scheme == "https", base.host != nil else {
      throw DataError("--api \(api): expected an http or https address like https://api.scryfall.com")
    }
    var store = CardStore.fromEnvironment()
    store.replacesUnrecorded = force
    for code in sets {
      try CardStore.validate(setCode: code.lowercased())
      try store.checkReplaceable(code.lowercased())
    }
    var fetcher = ScryfallFetcher(api: base, timeout: timeout, userAgent: "Sealed/\(SealedCommand.version)")
    fetcher.maxRetries = retries
    fetcher.backoff = backoff
    let showProgress = !quiet && isatty(STDERR_FILENO) == 1
    if showProgress {
      fetcher.progress = { code, cards, total in
        let of = total.map { "/\($0)" } ?? ""
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(code): \(cards)\(of) cards".utf8))
      }
    }
    var stored: [String] = []
    for code in sets {
      do {
        let cards = try fetcher.fetch(set: code, into: store)
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        let summary = SetSummary(CardSet(code: code.lowercased(), cards: cards))
        let warnings = summary.warnings.isEmpty ? "" : " (warning: \(summary.warnings.joined(separator: "; ")))"
        print("\(code.lowercased()): \(cards.count) cards stored in \(store.file(forSet: code))\(warnings)")
        stored.append(code.lowercased())
      } catch {
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        let kept = stored.isEmpty ? "" : " (stored before it: \(stored.joined(separator: ", ")))"
        throw DataError(error.description + kept)
      }
    }
  }
}
