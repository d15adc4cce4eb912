import Foundation
import SealedSupport
import SealedCards
import SealedNetwork
import SealedScryfall
import SealedTestSupport
import Synchronization
import Testing

/// `ScryfallFetcher` against a real HTTP server on 127.0.0.1 that pages the shipped data as
/// Scryfall does (175 cards a page) or fails the ways Scryfall can. No test touches the internet.
@Suite struct ScryfallFetcherTests {
  /// A fetcher of `server`. The default timeout is long: on a loaded 2-core machine (the whole
  /// suite in parallel) a 10 s limit once ran out on a request to 127.0.0.1; the tests that
  /// test a timeout give their own.
  func fetcher(_ server: FakeScryfall, timeout: Double = 60) -> ScryfallFetcher {
    var fetcher = ScryfallFetcher(api: URL(string: server.baseURL)!, timeout: timeout, userAgent: "SealedTests/1")
    fetcher.requestInterval = 0.05
    fetcher.backoff = 0.01
    return fetcher
  }

  func emptyStore() throws -> CardStore {
    CardStore(path: try Fixtures.temporaryDirectory("sealed-fetch").appendingPathComponent("cards").path)
  }

  /// A store that already holds a small `war` set, to show that failures leave it alone.
  func storeWithEarlierWar() throws -> (CardStore, Data) {
    let store = try emptyStore()
    let pending = try store.beginSet("war", source: "earlier")
    try pending.append(cardObject: Array(Fixtures.cardJSON(set: "war", number: "1", name: "Earlier").utf8))
    try pending.commit(origin: "test")
    return (store, try Data(contentsOf: URL(fileURLWithPath: store.file(forSet: "war"))))
  }

  /// The store's folder holds exactly `war.json` with the bytes it had.
  func expectUntouched(_ store: CardStore, _ bytes: Data) throws {
    #expect(try Data(contentsOf: URL(fileURLWithPath: store.file(forSet: "war"))) == bytes)
    #expect(try FileManager.default.contentsOfDirectory(atPath: store.path) == ["war.json"])
  }

  @Test func aFetchedSetGivesExactlyTheShippedCards() throws {
    let server = try FakeScryfall(shippedSets: ["war"])
    let store = try emptyStore()
    var fetcher = fetcher(server)
    let cards = try fetcher.fetch(set: "WAR", into: store)
    let shipped = try CardDatabase.load(path: Fixtures.shippedCardFile("war.json")).cards(ofSet: "war")
    #expect(cards == shipped)
    let stored = try CardDatabase.load(path: store.file(forSet: "war")).cards(ofSet: "war")
    #expect(stored == shipped)
    // 275 cards: two pages, each asked for with Scryfall's etiquette headers.
    let requests = server.requests
    #expect(requests.count == 2)
    #expect(requests[0].query["q"] == "e:war")
    #expect(requests[0].query["unique"] == "prints")
    #expect(requests[1].query["page"] == "2")
    #expect(requests.allSatisfy { $0.headers["user-agent"] == "SealedTests/1" })
    #expect(requests.allSatisfy { $0.headers["accept"]?.hasPrefix("application/json") == true })
    #expect(store.source(ofSet: "war")?.hasPrefix("fetched from \(server.baseURL) on ") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: store.path) == ["war.json"])
  }

  /// A set fetched while Scryfall still previews it (its cards released after the day of the
  /// fetch) may lack cards: its source line says so, and it is not counted as listing every
  /// printing (a number it lacks is then a card lacking data, not a card that does not exist).
  @Test func aSetFetchedBeforeItsReleaseIsNotCountedComplete() throws {
    let future = try FakeScryfall.cardObjects(inFile: Fixtures.shippedCardFile("war.json")).map {
      Data(String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "2019-05-03", with: "2999-01-01").utf8)
    }
    for (cards, release) in [(future, "2999-01-01"), (nil, nil)] as [([Data]?, String?)] {
      let server = try cards.map { try FakeScryfall(cards: ["war": $0]) } ?? FakeScryfall(shippedSets: ["war"])
      let store = try emptyStore()
      var fetcher = fetcher(server)
      #expect(try fetcher.fetch(set: "war", into: store).count == 275)
      let source = try #require(store.source(ofSet: "war"))
      #expect(source.hasSuffix(release.map { ", before the set's release on \($0)" } ?? utcDate(Date())), "\(source)")
      let complete = CardDataLocation(kind: .layered(store: store, shipped: nil)).setsListingEveryPrinting()
      #expect(complete.contains("war") == (release == nil))
    }
  }

  @Test func requestsAreSpacedOut() throws {
    let server = try FakeScryfall(shippedSets: ["war"])
    var fetcher = fetcher(server)
    fetcher.requestInterval = 0.3
    let start = Date()
    _ = try fetcher.fetch(set: "war", into: try emptyStore())
    #expect(Date().timeIntervalSince(start) >= 0.3)
  }

  @Test func rateLimitsAndServerErrorsAreTriedAgain() throws {
    // Each wait is told: Scryfall's Retry-After (0) for a 429, the doubling backoff for a 503.
    let expected: [[RetryWait]] = [
      (1...2).map { RetryWait(status: 429, seconds: 0, retry: $0, retries: 3, askedByServer: true) },
      [0.01, 0.02, 0.04].enumerated().map { RetryWait(status: 503, seconds: $1, retry: $0 + 1, retries: 3, askedByServer: false) },
    ]
    for (fault, waits) in zip([FakeScryfall.Fault.rateLimited(count: 2), .serverError(count: 3)], expected) {
      let server = try FakeScryfall(shippedSets: ["war"], fault: fault)
      var fetcher = fetcher(server)
      let told = Mutex<[RetryWait]>([])
      fetcher.onWait = { wait in told.withLock { $0.append(wait) } }
      let cards = try fetcher.fetch(set: "war", into: try emptyStore())
      #expect(cards.count == 275)
      #expect(told.withLock { $0 } == waits)
    }
  }

  /// Each failure: a one-line error saying what went wrong, and the earlier set untouched.
  @Test(arguments: [
    (FakeScryfall.Fault.rateLimited(count: 100), "set war, page 1: Scryfall answered HTTP 429 after 4 tries: Too many requests; slow down.; nothing was stored"),
    (.serverError(count: 100), "set war, page 1: Scryfall answered HTTP 503 after 4 tries: The service is briefly unavailable.; nothing was stored"),
    (.truncatedPage(page: 2), "not a valid Scryfall page: the input ends in the middle of the JSON (truncated?)"),
    (.droppedConnection(page: 2), "set war, page 2: the request to 127.0.0.1 failed (transfer closed with "),
    (.htmlPage(page: 2), "not a valid Scryfall page: expected a JSON object ('{'), found '<' at line 1, column 1"),
    (.foreignCard(page: 2), "card 1 is of set dom, not war; expected only cards of war"),
    (.wrongTotal, "set war: Scryfall announced 276 cards (total_cards) but the pages held 275; nothing was stored"),
    // It once followed the loop to its 1,000-page cap, a request every 100 ms.
    (.loopingPages(total: nil), "the pages hold 350 cards, more than the 275 Scryfall announced (total_cards); nothing was stored"),
    (.loopingPages(total: 100_000), "next_page names page 2 again; stopped following next_page, nothing was stored"),
  ])
  func badAnswersStoreNothing(fault: FakeScryfall.Fault, message: String) throws {
    let server = try FakeScryfall(shippedSets: ["war"], fault: fault)
    let (store, before) = try storeWithEarlierWar()
    var fetcher = fetcher(server)
    #expect {
      try fetcher.fetch(set: "war", into: store)
    } throws: { error in
      let text = (error as? DataError)?.description ?? "\(error)"
      return text.contains(message) && !text.contains("\n")
    }
    try expectUntouched(store, before)
  }

  @Test func anUnknownSetShowsScryfallsDetails() throws {
    let server = try FakeScryfall(shippedSets: ["war"])
    var fetcher = fetcher(server)
    let store = try emptyStore()
    #expect {
      try fetcher.fetch(set: "zzz", into: store)
    } throws: { error in
      (error as? DataError)?.description
        == "set zzz, page 1: Scryfall knows no cards of set zzz: Your query didn’t match any cards. Adjust your search terms or refer to the syntax guide at https://scryfall.com/docs/reference; nothing was stored"
    }
    #expect(store.storedSets().isEmpty)
  }

  @Test func aTimeoutIsOneLine() throws {
    let server = try FakeScryfall(shippedSets: ["war"], fault: .silent(seconds: 5))
    let (store, before) = try storeWithEarlierWar()
    var fetcher = fetcher(server, timeout: 1)
    #expect {
      try fetcher.fetch(set: "war", into: store)
    } throws: { error in
      (error as? DataError)?.description == "set war, page 1: the request to 127.0.0.1 failed (timed out after 1 s); nothing was stored"
    }
    try expectUntouched(store, before)
  }

  @Test func noConnectionIsOneLine() throws {
    // A port that was just closed: nothing listens there.
    let server = try LocalHTTPServer { _ in .silence(seconds: 0) }
    let port = server.port
    server.stop()
    let (store, before) = try storeWithEarlierWar()
    var fetcher = ScryfallFetcher(api: URL(string: "http://127.0.0.1:\(port)")!, timeout: 5, userAgent: "SealedTests/1")
    #expect {
      try fetcher.fetch(set: "war", into: store)
    } throws: { error in
      (error as? DataError)?.description == "set war, page 1: the request to 127.0.0.1 failed (connection refused); nothing was stored"
    }
    try expectUntouched(store, before)
  }
}
