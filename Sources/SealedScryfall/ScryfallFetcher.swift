import Foundation
import SealedSupport
import SealedCards
import SealedNetwork

/// Downloads every card of a set from Scryfall's search API and stores it in a `CardStore`.
///
/// It asks `/cards/search?q=e:SET&unique=prints&order=set&include_extras=true&include_variations=true`
/// and follows `next_page` while `has_more` is true (Scryfall serves 175 cards a page). It keeps
/// to Scryfall's API etiquette: a User-Agent and an Accept header on every request, at least
/// `requestInterval` (100 ms) between requests, and on HTTP 429 or 5xx it waits (`Retry-After`
/// when given, else `backoff` doubling) and tries again, at most `maxRetries` times.
///
/// Every page is checked before anything is stored: valid JSON, a Scryfall `list` object, cards
/// only of the set asked for, and in the end as many cards as Scryfall announced. The set is
/// then written atomically, so a failure leaves the card folder as it was.
package struct ScryfallFetcher {
  /// Scryfall's API.
  package static let defaultAPI = URL(string: "https://api.scryfall.com")!

  package var api: URL
  package var client: HTTPClient
  /// The least time between two requests.
  package var requestInterval: TimeInterval = 0.1
  /// How many times a request answered with 429 or 5xx is tried again.
  package var maxRetries = 3
  /// The first wait before trying again when the answer has no `Retry-After`; doubles each time.
  package var backoff: TimeInterval = 1
  /// The longest wait honoured from a `Retry-After` header.
  package var maxWait: TimeInterval = 60
  /// Called after each page with the set, the cards so far and the total Scryfall announced.
  package var progress: ((String, Int, Int?) -> Void)?
  /// Told before each wait to try a request again (an answer of 429 or 5xx).
  package var onWait: (@Sendable (RetryWait) -> Void)?
  /// Polled before each page, ten times a second during a request and during the waits between
  /// tries: when it says yes the fetch stops, stores nothing of the set and throws. Without it
  /// a set is fetched to its end.
  package var shouldStop: (() -> Bool)?

  private var lastRequest: Date?

  /// - Parameters:
  ///   - api: the API's base address (tests point it at a local server).
  ///   - timeout: seconds to wait for each response.
  ///   - userAgent: the product and version that identify Sealed to Scryfall.
  package init(api: URL = defaultAPI, timeout: TimeInterval = 30, userAgent: String) {
    self.api = api
    self.client = HTTPClient(
      timeout: timeout,
      headers: ["User-Agent": userAgent, "Accept": "application/json;q=0.9,*/*;q=0.8"])
  }

  /// The first search page's address for a set.
  package func searchURL(forSet code: String) -> URL {
    var components = URLComponents(url: api, resolvingAgainstBaseURL: false)!
    components.path = (components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path) + "/cards/search"
    components.queryItems = [
      URLQueryItem(name: "q", value: "e:\(code)"),
      URLQueryItem(name: "unique", value: "prints"),
      URLQueryItem(name: "order", value: "set"),
      URLQueryItem(name: "include_extras", value: "true"),
      URLQueryItem(name: "include_variations", value: "true"),
    ]
    return components.url!
  }

  /// Downloads one set into `store`, replacing an earlier copy only when the whole set arrived
  /// and checked out. Returns the cards stored.
  ///
  /// Throws a one-line `DataError` naming the set, the page and what went wrong: no connection,
  /// a timeout, an unknown set (with Scryfall's `details`), 429 or 5xx beyond the retries, a
  /// truncated or non-JSON page, cards of another set.
  /// Cost: one request per 175 cards, at least `requestInterval` apart; one set in memory.
  package mutating func fetch(set code: String, into store: CardStore) throws(DataError) -> [Card] {
    let code = code.lowercased()
    try CardStore.validate(setCode: code)
    let fetched = Date()
    let source = "fetched from \(api.absoluteString) on \(utcDate(fetched))"
    let pending = try store.beginSet(code, source: source)
    var next: URL? = searchURL(forSet: code)
    var page = 0
    var announced: Int?
    // The pages followed, by address: a next_page naming one again would loop until the cap.
    var followed: [String: Int] = [:]
    while let url = next {
      if let earlier = followed[url.absoluteString] {
        throw DataError("set \(code), page \(page) (\(url.absoluteString)): next_page names page \(earlier) again; stopped following next_page, nothing was stored")
      }
      followed[url.absoluteString] = page + 1
      page += 1
      guard page <= 1000 else { throw DataError("set \(code): more than 1000 pages; stopped following next_page") }
      if let shouldStop, shouldStop() { throw stop(set: code, page: page) }
      let body = try get(url, set: code, page: page)
      if page == 1, let release = Self.newestRelease(in: body), release > utcDate(fetched) {
        pending.restate(source: source + CardStore.beforeReleaseMarker + release)
      }
      let meta = try Self.readPage(body, set: code, page: page, url: url, into: pending)
      announced = announced ?? meta.totalCards
      progress?(code, pending.count, announced)
      if let announced, pending.count > announced {
        throw DataError("set \(code), page \(page) (\(url.absoluteString)): the pages hold \(pending.count) cards, more than the \(announced) Scryfall announced (total_cards); nothing was stored")
      }
      if meta.hasMore {
        guard let link = meta.nextPage, let nextURL = URL(string: link), nextURL.scheme == "http" || nextURL.scheme == "https" else {
          throw DataError("set \(code), page \(page) (\(url.absoluteString)): has_more is true but next_page is missing or not an address")
        }
        guard meta.cardsOnPage > 0 else {
          throw DataError("set \(code), page \(page) (\(url.absoluteString)): has_more is true but the page has no cards")
        }
        next = nextURL
      } else {
        next = nil
      }
    }
    if let announced, announced != pending.count {
      throw DataError("set \(code): Scryfall announced \(announced) cards (total_cards) but the pages held \(pending.count); nothing was stored")
    }
    return try pending.commit(origin: "set \(code) from \(api.absoluteString)")
  }

  /// The latest `released_at` day of a page's cards (`yyyy-MM-dd`), nil when it names none: a
  /// day after the fetch's means the set is still being previewed. Cost: a scan of the page.
  static func newestRelease(in page: Data) -> String? {
    let text = String(decoding: page, as: UTF8.self)
    return text.matches(of: /"released_at"\s*:\s*"(\d{4}-\d{2}-\d{2})"/).map { String($0.output.1) }.max()
  }

  // MARK: - Requests

  private mutating func get(_ url: URL, set code: String, page: Int) throws(DataError) -> Data {
    var retries = HTTPRetries(maxRetries: maxRetries, backoff: backoff, maxWait: maxWait)
    retries.onWait = onWait
    do throws(HTTPFailure) {
      return try retries.run(shouldStop: shouldStop) { () throws(TransportError) -> HTTPResponse in
        waitForTurn()
        return try client.get(url, sink: nil, progress: nil, shouldStop: shouldStop)
      }.body
    } catch {
      switch error {
      case .transport(let reason):
        throw DataError("set \(code), page \(page): the request to \(url.host ?? url.absoluteString) failed (\(reason)); nothing was stored")
      case .stopped:
        throw stop(set: code, page: page)
      case .status(let status, let body, let tries, let retriable):
        let details = Self.errorDetails(body)
        let what = status == 404 ? "Scryfall knows no cards of set \(code)" : "Scryfall answered HTTP \(status)\(retriable ? HTTPRetries.afterTries(tries) : "")"
        throw DataError("set \(code), page \(page): \(what)\(details.map { ": \($0)" } ?? ""); nothing was stored")
      }
    }
  }

  /// The error of a fetch stopped by `shouldStop`.
  private func stop(set code: String, page: Int) -> DataError {
    DataError("set \(code), page \(page): stopped; nothing was stored")
  }

  private mutating func waitForTurn() {
    if let lastRequest {
      let elapsed = Date().timeIntervalSince(lastRequest)
      if elapsed < requestInterval { Thread.sleep(forTimeInterval: requestInterval - elapsed) }
    }
    lastRequest = Date()
  }

  /// The `details` of a Scryfall error object, when the body is one.
  static func errorDetails(_ body: Data) -> String? {
    struct ScryfallError: Decodable { var object: String?; var details: String? }
    guard let error = try? JSONDecoder().decode(ScryfallError.self, from: body), error.object == "error" else { return nil }
    return error.details?.replacingOccurrences(of: "\n", with: " ")
  }

  // MARK: - Pages

  struct PageInfo {
    var hasMore: Bool
    var nextPage: String?
    var totalCards: Int?
    var cardsOnPage: Int
  }

  /// Checks one page and appends its cards to `pending`.
  static func readPage(
    _ body: Data, set code: String, page: Int, url: URL, into pending: PendingSetFile
  ) throws(DataError) -> PageInfo {
    let place = "set \(code), page \(page) (\(url.absoluteString))"
    var scanner = JSONArrayScanner(target: .dataArrayOfObject)
    var cards = 0
    do {
      try scanner.feed(body) { element in
        guard let cardSet = element.set?.lowercased() else {
          throw DataError("\(place): card \(element.number) has no \"set\" field")
        }
        guard cardSet == code else {
          throw DataError("\(place): card \(element.number) is of set \(cardSet), not \(code); expected only cards of \(code)")
        }
        try pending.append(cardObject: element.bytes)
        cards += 1
      }
      try scanner.finish()
    } catch let error as DataError {
      throw error
    } catch let problem as JSONArrayScanner.Problem {
      throw DataError("\(place): not a valid Scryfall page: \(problem.message) at line \(problem.line), column \(problem.column); nothing was stored")
    } catch {
      throw DataError("\(place): \(error)")
    }
    struct ListHeader: Decodable {
      var object: String?
      var has_more: Bool?
      var next_page: String?
      var total_cards: Int?
    }
    guard let header = try? JSONDecoder().decode(ListHeader.self, from: body), header.object == "list" else {
      throw DataError("\(place): expected a Scryfall list object ({\"object\": \"list\", \"data\": [...]}); nothing was stored")
    }
    return PageInfo(hasMore: header.has_more ?? false, nextPage: header.next_page, totalCards: header.total_cards, cardsOnPage: cards)
  }
}
