import Foundation
import SealedSupport
import SealedCards
import SealedRules
import SealedNetwork
import SealedScryfall
import SealedJobs

/// Downloads started from the browser, each on the job board (`JobBoard`) while the page polls
/// its progress, one at a time: a product's cards (the sets its sheets name that the card data
/// lacks, fetched from Scryfall as `sealed cards fetch --product CODE` fetches them), or a
/// newer release of booster data (`sealed rules fetch`'s job). A cancelled fetch stores nothing
/// more (a set is stored whole or not at all; a release is installed whole or not at all).
/// When a fetch stores anything, the product listing and the kept plans are made again.
final class BrowserFetches: Sendable {
  /// What the page asks for: `kind` `cards` (with `product`) or `release`.
  struct Request: Decodable, Sendable, RequestFields {
    var kind: String
    var product: String?
    static let fields = ["": ["kind", "product"]]
  }

  /// A fetch as the page sees it.
  struct Status: JobStatus {
    var id: Int
    /// `cards` or `release`.
    var kind: String
    /// The product whose cards are fetched (`cards`).
    var product: String?
    /// Its set and code, to open it once its cards are in (`cards`).
    var set: String?
    var state: JobState
    /// What it is doing, in words (`fetching otj (2 of 4 sets)`, `downloading`, `reading`).
    var step: String
    /// How far the step is: `done` of `total` (nil: not known) `unit`s (`cards` or `bytes`).
    var done: Int64
    var total: Int64?
    var unit: String
    var seconds: Double
    /// What it did, in one line, once done.
    var result: String?
    /// Why it failed, in one line with what to do.
    var error: String?
  }

  let board = JobBoard<Status>(noun: "fetch")
  let plans: PlanCache
  let products: ProductCatalog
  /// Scryfall's API (`SEALED_SCRYFALL_API`, for tests and mirrors; else Scryfall's).
  let scryfallAPI: URL
  /// Where a release is fetched from (`SEALED_RELEASE_FROM`; nil: mtg.wtf's published file).
  let releaseFrom: String?

  init(plans: PlanCache, products: ProductCatalog, scryfallAPI: URL, releaseFrom: String?) {
    self.plans = plans
    self.products = products
    self.scryfallAPI = scryfallAPI
    self.releaseFrom = releaseFrom
  }

  /// Validates `request` and starts the fetch, or refuses it (400 for a bad request, 404 for
  /// an unknown product, 409 while another fetch runs).
  func start(_ request: Request) throws(APIError) -> Status {
    if let running = board.running { throw APIError.conflict(Self.busy(running)) }
    switch request.kind {
    case "cards":
      let code = (request.product ?? "").trimmingCharacters(in: .whitespaces).lowercased()
      guard PlanCache.isCode(code) else { throw APIError.badRequest("Product \"\(code)\": expected a product code such as fin-play") }
      // Fetched cards go to the card folder, which card data given by --cards or SEALED_CARDS
      // replaces: the fetch would end "done" and the product still lack its cards.
      if case .given(let path, let givenBy) = plans.location.kind {
        throw APIError.conflict(
          "Cards cannot be fetched here: this app reads its card data from \(path) (given by \(givenBy)), not from the card folder fetched cards go to. Start it without \(givenBy) to fetch cards.")
      }
      let (release, product) = try Self.product(code)
      return try board.start(
        status: { id in
          Status(
            id: id, kind: "cards", product: product.code, set: product.set_code.lowercased(), state: .running,
            step: "finding the sets it lacks", done: 0, total: nil, unit: "cards", seconds: 0)
        }, busy: Self.busy, body: { context in self.fetchCards(of: product, release: release, context: context) })
    case "release":
      var settings = ReleaseFetchJob.Settings(toolVersion: SealedVersion.current)
      settings.from = releaseFrom
      settings.cards = plans.cards
      let job = try APIError.refusing { try ReleaseFetchJob(settings) }
      return try board.start(
        status: { id in
          Status(id: id, kind: "release", state: .running, step: "downloading", done: 0, total: nil, unit: "bytes", seconds: 0)
        }, busy: Self.busy, body: { context in self.fetchRelease(job, context: context) })
    default:
      throw APIError.badRequest("Fetch \"\(request.kind)\": expected cards (with a product) or release")
    }
  }

  /// The product `code` of the release in use, or a 404.
  static func product(_ code: String) throws(APIError) -> (BoosterRelease, CompiledBoosterData.Product) {
    do {
      let release = try BoosterRelease.resolve(nil)
      return (release, try release.read().find(code).product)
    } catch {
      throw APIError.notFound(error.description)
    }
  }

  /// What to do after a failed fetch: the connection when a request failed (the fetchers say
  /// "the request to HOST failed (...)" or "the request failed (...)"), else the server's
  /// answer, which pressing Fetch at once would meet again (a cut page, HTML, data of another
  /// kind: it said "Check the connection" for those too).
  static func advice(after error: DataError, command: String) -> String {
    let requestFailed = error.message.range(of: #"the request (to \S+ )?failed \("#, options: .regularExpression) != nil
    return requestFailed
      ? "Check the connection and press Fetch again, or run \(command) where there is one."
      : "The server's answer was not one Sealed can use: press Fetch again later, or run \(command) where there is one."
  }

  static func busy(_ running: Status) -> String {
    let what = running.kind == "cards" ? "the cards of \(running.product ?? "a product")" : "a release of booster data"
    return "a fetch of \(what) is running: wait for it, or press its Cancel button"
  }

  /// Fetches each set `product` lacks, in turn. A cancel stops it within a tenth of a second,
  /// between pages or during a request: the set under way is not stored, the sets fetched
  /// before it are. Every failure is one line with what to do.
  private func fetchCards(of product: CompiledBoosterData.Product, release: BoosterRelease, context: JobBoard<Status>.Context) {
    var stored: [String] = []
    var current = ""
    func fetched() -> String { stored.isEmpty ? "nothing fetched" : "fetched \(stored.joined(separator: ", "))" }
    do throws(DataError) {
      let needs = try ProductCardSets(product, source: release.label, loader: CardSetLoader(location: plans.location))
      var fetcher = ScryfallFetcher(api: scryfallAPI, timeout: 30, userAgent: "Sealed/\(SealedVersion.current)")
      fetcher.shouldStop = { context.shouldStop }
      let store = CardStore.fromEnvironment()
      for (index, set) in needs.sets.enumerated() {
        if context.shouldStop { break }
        let step = "fetching \(set) (\(index + 1) of \(needs.sets.count) set\(needs.sets.count == 1 ? "" : "s"))"
        context.update { $0.step = step; $0.done = 0; $0.total = nil }
        fetcher.progress = { _, cards, total in context.update { $0.done = Int64(cards); $0.total = total.map(Int64.init) } }
        current = set
        try store.checkReplaceable(set)
        _ = try fetcher.fetch(set: set, into: store)
        stored.append(set)
      }
      if !stored.isEmpty { refresh() }
      let after = try ProductCardSets(product, source: release.label, loader: CardSetLoader(location: plans.location))
      let cancelled = context.shouldStop && stored.count < needs.sets.count
      let result = "\(product.code): \(fetched()); \(after.summary)"
      context.update {
        $0.state = cancelled ? .cancelled : .done
        $0.step = ""
        $0.result = result
      }
    } catch {
      if !stored.isEmpty { refresh() }
      if context.shouldStop {
        let result = "\(product.code): \(fetched()); cancelled while fetching \(current), of which nothing was stored"
        context.update {
          $0.state = .cancelled
          $0.step = ""
          $0.result = result
        }
        return
      }
      let kept = stored.isEmpty ? "" : " (stored before it: \(stored.joined(separator: ", ")))"
      context.update {
        $0.state = .failed
        $0.step = ""
        $0.error = "\(error.description)\(kept). \(Self.advice(after: error, command: "sealed cards fetch --product \(product.code)"))"
      }
    }
  }

  /// `sealed rules fetch`'s job, its download's bytes as progress.
  private func fetchRelease(_ job: ReleaseFetchJob, context: JobBoard<Status>.Context) {
    do throws(DataError) {
      let outcome = try job.run(
        progress: { progress in
          context.update {
            $0.done = progress.received
            $0.total = progress.expected
            if progress.expected == progress.received { $0.step = "reading and linting the release" }
          }
        }, shouldStop: context.stopTest)
      guard let outcome else {
        context.update { $0.state = .cancelled; $0.step = ""; $0.result = "cancelled; nothing was installed" }
        return
      }
      if outcome.installed != nil { refresh() }
      let now = outcome.installed?.release.name ?? outcome.previous.reference
      let result =
        outcome.installed == nil
        ? "\(now), the release in use, is this download; nothing was installed"
        : "\(now) is \(ReleaseFetchJob.standing(of: now)): \(outcome.changed ? outcome.changeCounts : "no product changed") against \(outcome.previous.reference)"
      context.update { $0.result = result }
      context.update { $0.state = .done; $0.step = "" }
    } catch {
      context.update {
        $0.state = .failed
        $0.step = ""
        $0.error = "\(error.description). \(Self.advice(after: error, command: "sealed rules fetch"))"
      }
    }
  }

  /// The listing and the plans made again from the card data and release as they are now.
  private func refresh() {
    plans.forget()
    products.restart()
  }

  /// Every fetch of this server's run, newest first.
  var all: [Status] { board.all }

  func status(_ id: Int) throws(APIError) -> Status { try board.status(id) }

  func cancel(_ id: Int) throws(APIError) -> Status { try board.cancel(id) }

  func cancelAll(waiting seconds: Double = 60) { board.cancelAll(waiting: seconds) }
}
