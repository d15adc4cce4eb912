import ArgumentParser
import Foundation
import SealedSupport
import SealedCards
import SealedNetwork
import SealedScryfall

/// `sealed cards fetch SET... | --product CODE...`: download whole sets from Scryfall's API.
struct CardsFetchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fetch",
    abstract: "Download every card of the given sets, or of a product's sets, from Scryfall into your card folder.",
    discussion: """
      --product CODE (repeatable) fetches every set the product's sheets name (its own, Special \
      Guests, The List, bonus sheets) of which the card data lacks a card they list: a set it \
      lacks, or holds only in part (the shipped extracts hold first printings). The product is \
      one of the booster data in use (--data, SEALED_DATA, else the newest release sealed rules \
      fetch installed, else the shipped one); afterwards each product's cards are counted again. \
      Each set is written whole or not at all: a failure (no connection, a timeout, an unknown \
      set, a bad page) leaves the card folder as it was and exits with status 2. Requests keep \
      to Scryfall's etiquette: 100 ms apart, with a User-Agent and Accept header; HTTP 429 and \
      5xx answers are tried again after a wait, --retries times.
      """)

  @Argument(help: ArgumentHelp("Set codes, like war or mh3.", valueName: "set"))
  var sets: [String] = []

  @Option(name: .customLong("product"), help: ArgumentHelp("A product whose sets lacking card data are fetched, like fin-play (repeatable).", valueName: "code"))
  var products: [String] = []

  @OptionGroup var dataOption: DataOption

  @Option(help: ArgumentHelp("The API's base address.", valueName: "url"))
  var api: String = ScryfallFetcher.defaultAPI.absoluteString

  @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for each answer.", valueName: "seconds"), transform: DecimalText.parse)
  var timeout: Double = 30

  @Option(parsing: .unconditional, help: ArgumentHelp("How many times an answer of 429 or 5xx is tried again (0 to 10).", valueName: "n"))
  var retries: WholeNumber = WholeNumber(3)

  @Option(parsing: .unconditional, help: .hidden, transform: DecimalText.parse)
  var backoff: Double = 1

  @Flag(help: "No progress line on standard error.")
  var quiet = false

  @Flag(help: "Replace a set file of your card folder that Sealed did not store (put there by hand); a set fetched or imported before is replaced anyway.")
  var force = false

  func validate() throws {
    guard !sets.isEmpty || !products.isEmpty else { throw ValidationError("give set codes, or --product CODE") }
  }

  func run() throws {
    if let refusal = HTTPClient.timeoutRefusal(timeout) { throw DataError(refusal) }
    let retries = try self.retries.value("--retries", in: 0...10, unit: "retries")
    guard backoff >= 0, backoff <= 60 else { throw DataError("--backoff \(backoff): expected 0 to 60 seconds") }
    guard let base = URL(string: api), base.scheme == "http" || base.scheme == "https", base.host != nil else {
      throw DataError("--api \(api): expected an http or https address like https://api.scryfall.com")
    }
    let wanted = try ProductSetsToFetch(products, data: dataOption.data)
    var store = CardStore.fromEnvironment()
    store.replacesUnrecorded = force
    let codes = Self.unique(sets.map { $0.lowercased() } + wanted.sets)
    for code in codes {
      try CardStore.validate(setCode: code)
      try store.checkReplaceable(code)
    }
    var fetcher = ScryfallFetcher(api: base, timeout: timeout, userAgent: "Sealed/\(SealedCommand.version)")
    fetcher.maxRetries = retries
    fetcher.backoff = backoff
    try fetch(codes, with: &fetcher, into: store)
    wanted.reportAfterwards()
  }

  /// Fetches each set in turn, printing what was stored; a failure names the sets stored before it.
  private func fetch(_ codes: [String], with fetcher: inout ScryfallFetcher, into store: CardStore) throws {
    let showProgress = !quiet && isatty(STDERR_FILENO) == 1
    fetcher.onWait = { wait in
      let clear = showProgress ? "\r\u{1B}[2K" : ""
      FileHandle.standardError.write(Data("\(clear)sealed: \(wait.description)\n".utf8))
    }
    if showProgress {
      fetcher.progress = { code, cards, total in
        let of = total.map { "/\($0)" } ?? ""
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(code): \(cards)\(of) cards".utf8))
      }
    }
    var stored: [String] = []
    for code in codes {
      do {
        let cards = try fetcher.fetch(set: code, into: store)
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        let summary = SetSummary(CardSet(code: code, cards: cards))
        let warnings = summary.warnings.isEmpty ? "" : " (warning: \(summary.warnings.joined(separator: "; ")))"
        print("\(code): \(cards.count) cards stored in \(store.file(forSet: code))\(warnings)")
        stored.append(code)
      } catch {
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        let kept = stored.isEmpty ? "" : " (stored before it: \(stored.joined(separator: ", ")))"
        throw DataError(error.description + kept)
      }
    }
  }

  /// `codes` without repeats, in order.
  static func unique(_ codes: [String]) -> [String] {
    var seen: Set<String> = []
    return codes.filter { seen.insert($0).inserted }
  }
}
