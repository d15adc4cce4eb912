import Foundation
import SealedTestSupport
import Testing

/// The app's downloads against servers on 127.0.0.1 (never the internet): a newer release of
/// booster data fetched from the Choose screen's button (`sealed rules fetch`'s job) becomes the
/// release the listing names and lists; a product whose cards lack names has its sets fetched
/// (the fetcher of `sealed cards fetch --product`) and then opens; offline, a fetch fails in one
/// line saying what to do; a fetch is cancelled and installs nothing.
@Suite struct FetchAPITests {
  /// Serves the tests' newer release (4 products: otj-play-arena added, otj-play changed) and a
  /// download that never answers.
  static func releaseServer() throws -> LocalHTTPServer {
    let newer = try ReleaseFixtures.newerSmall()
    return try LocalHTTPServer { request in
      switch request.path {
      case "/newest.json": .respond(status: 200, headers: [:], body: newer)
      case "/stall.json": .stalled(status: 200, body: newer, bytes: newer.count / 3, seconds: 30)
      default: .respond(status: 404, headers: [:], body: Data())
      }
    }
  }

  /// Scryfall played with a card for every key otj-play-arena's sheets name.
  static func scryfall() throws -> FakeScryfall {
    let product = try #require(try ReleaseFixtures.products(["otj-play-arena"], of: ReleaseFixtures.newer).first)
    let sheets = product["sheets"] as! [String: [String: Any]]
    let keys = Set(sheets.values.flatMap { ($0["cards"] as! [String: Any]).keys }.map { $0.split(separator: ":").prefix(2).joined(separator: ":") })
    var bySet: [String: [Data]] = [:]
    for key in keys.sorted() {
      let parts = key.split(separator: ":").map(String.init)
      bySet[parts[0], default: []].append(Data(Fixtures.cardJSON(set: parts[0], number: parts[1], name: "Card \(key)").utf8))
    }
    return try FakeScryfall(cards: bySet)
  }

  func start(_ server: RunningServer, _ body: String) throws -> Int {
    let reply = try server.post("/api/fetches", json: body)
    #expect(reply.status == 202, "\(reply.text)")
    return try JSONValue.object(reply)["id"] as! Int
  }

  func finished(_ server: RunningServer, _ id: Int, seconds: Double = 120) throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let status = try JSONValue.object(server.get("/api/fetches/\(id)"))
      if status["state"] as? String != "running" { return status }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw TestFailure("fetch \(id) did not finish in \(seconds) s")
  }

  /// Card data given by --cards replaces the card folder that fetched cards go to: a fetch of
  /// cards is refused saying so (it ended "done" with the product's cards still lacking, the
  /// button there to press again).
  @Test func aCardsFetchIsRefusedWhenTheCardDataIsGiven() throws {
    let server = try RunningServer(arguments: ["--cards", Fixtures.shippedCards])
    defer { server.stop() }
    let reply = try server.post("/api/fetches", json: #"{"kind": "cards", "product": "dom-draft"}"#)
    #expect(reply.status == 409, "\(reply.text)")
    #expect(reply.text.contains("Cards cannot be fetched here: this app reads its card data from \(Fixtures.shippedCards) (given by --cards)"), "\(reply.text)")
  }

  @Test(.heavy) func aNewerReleaseIsFetchedThenAProductsCardsAndItOpens() throws {
    let releases = try Self.releaseServer()
    let scryfall = try Self.scryfall()
    let server = try RunningServer(variables: [
      "SEALED_RELEASE_FROM": releases.baseURL + "/newest.json", "SEALED_SCRYFALL_API": scryfall.baseURL, "NO_PROXY": "127.0.0.1",
    ])
    defer { server.stop() }
    let shipped = try server.productListing()
    #expect(shipped["release"] as? String == "sealed_basic_data_2025-07.json.gz")

    let release = try finished(server, try start(server, #"{"kind":"release"}"#))
    #expect(release["state"] as? String == "done", "\(release)")
    let result = try #require(release["result"] as? String)
    let name = try #require(result.firstMatch(of: /^(mtgwtf-[0-9a-f]{8}) is the release in use now: 1 added, 535 removed, 1 changed against shipped$/)?.1)
    #expect(release["done"] as? Int == release["total"] as? Int && (release["done"] as? Int ?? 0) > 0)
    let listed = try server.productListing()
    #expect(listed["release"] as? String == String(name))
    #expect((listed["release_label"] as? String)?.hasPrefix("\(name): fetched ") == true)
    let products = (listed["kinds"] as! [[String: Any]]).flatMap { $0["products"] as! [[String: Any]] }
    #expect(products.map { $0["code"] as! String }.sorted() == ["dom-draft", "otj-play", "otj-play-arena", "war-draft"])
    let arena = try #require(products.first { $0["code"] as? String == "otj-play-arena" })
    #expect(arena["simulates"] as? String == "keys")
    #expect(try server.get("/api/pools?set=otj&rules=otj-play-arena&seed=1").status == 422)

    let cards = try finished(server, try start(server, #"{"kind":"cards","product":"otj-play-arena"}"#))
    #expect(cards["state"] as? String == "done", "\(cards)")
    #expect(cards["result"] as? String == "otj-play-arena: fetched big, otj, otp, spg; every card of its sheets has card data (391)")
    #expect(cards["set"] as? String == "otj")
    #expect(Set(scryfall.requests.compactMap { $0.query["q"] }) == ["e:big", "e:otj", "e:otp", "e:spg"])
    // It opens now, and the listing says so.
    let pools = try server.get("/api/pools?set=otj&rules=otj-play-arena&seed=1")
    #expect(pools.status == 200, "\(pools.text)")
    let relisted = (try server.productListing()["kinds"] as! [[String: Any]]).flatMap { $0["products"] as! [[String: Any]] }
    #expect(relisted.first { $0["code"] as? String == "otj-play-arena" }?["simulates"] as? String == "names")
    // The command line sees the same release and cards.
    let opened = try server.sealed(["open", "otj", "--rules", "otj-play-arena", "--seed", "1"])
    #expect(opened.status == 0, "\(opened.stderr)")
  }

  /// A cancel reaches a cards fetch during a request (Scryfall's first page stalls for 30 s):
  /// it ends cancelled long before the page would have, and nothing of the set is stored.
  @Test(.heavy) func aCardsFetchIsCancelledDuringARequestAndStoresNothingOfTheSet() throws {
    let page = Data(#"{"object":"list","total_cards":1,"has_more":false,"data":[]}"#.utf8)
    let scryfall = try LocalHTTPServer { _ in .stalled(status: 200, body: page, bytes: 10, seconds: 30) }
    let server = try RunningServer(variables: ["SEALED_SCRYFALL_API": scryfall.baseURL, "NO_PROXY": "127.0.0.1"])
    defer { server.stop() }
    let id = try start(server, #"{"kind":"cards","product":"fin-play"}"#)
    // Cancelled once the request for fca's first page has reached Scryfall's stand-in (a cancel
    // before the fetch reaches its first set would end it with nothing asked for).
    let deadline = Date().addingTimeInterval(60)
    while scryfall.requests.isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    #expect(!scryfall.requests.isEmpty, "the fetch never asked Scryfall's stand-in for a page")
    let asked = Date()
    #expect(try server.post("/api/fetches/\(id)/cancel", json: "{}").status == 200)
    let cancelled = try finished(server, id, seconds: 20)
    #expect(Date().timeIntervalSince(asked) < 10, "the fetch waited for the stalled page")
    #expect(cancelled["state"] as? String == "cancelled", "\(cancelled)")
    #expect(cancelled["result"] as? String == "fin-play: nothing fetched; cancelled while fetching fca, of which nothing was stored")
    let cards = server.home.appendingPathComponent("cards")
    let stored = ((try? FileManager.default.contentsOfDirectory(atPath: cards.path)) ?? []).filter { $0.hasSuffix(".json") }
    #expect(stored.isEmpty, "\(stored)")
  }

  @Test(.heavy) func offlineAFetchSaysSoInOneLineAndACancelledOneInstallsNothing() throws {
    let releases = try Self.releaseServer()
    let server = try RunningServer(variables: [
      "SEALED_RELEASE_FROM": releases.baseURL + "/stall.json", "SEALED_SCRYFALL_API": "http://127.0.0.1:9", "NO_PROXY": "127.0.0.1",
    ])
    defer { server.stop() }
    let offline = try finished(server, try start(server, #"{"kind":"cards","product":"fin-play"}"#))
    #expect(offline["state"] as? String == "failed")
    #expect(
      offline["error"] as? String
        == "set fca, page 1: the request to 127.0.0.1 failed (connection refused); nothing was stored. Check the connection and press Fetch again, or run sealed cards fetch --product fin-play where there is one.")
    let unknown = try server.post("/api/fetches", json: #"{"kind":"cards","product":"zzz-play"}"#)
    #expect(unknown.status == 404 && unknown.errorMessage?.hasPrefix("no product \"zzz-play\" in the data") == true, "\(unknown.text)")
    let bad = try server.post("/api/fetches", json: #"{"kind":"everything"}"#)
    #expect(bad.status == 400)

    let id = try start(server, #"{"kind":"release"}"#)
    let busy = try server.post("/api/fetches", json: #"{"kind":"release"}"#)
    #expect(busy.status == 409 && busy.errorMessage == "a fetch of a release of booster data is running: wait for it, or press its Cancel button")
    Thread.sleep(forTimeInterval: 0.5)
    #expect(try server.post("/api/fetches/\(id)/cancel", json: "{}").status == 200)
    let cancelled = try finished(server, id, seconds: 20)
    #expect(cancelled["state"] as? String == "cancelled", "\(cancelled)")
    #expect(cancelled["result"] as? String == "cancelled; nothing was installed")
    let releasesFolder = server.home.appendingPathComponent("releases")
    let left = (try? FileManager.default.contentsOfDirectory(atPath: releasesFolder.path)) ?? []
    #expect(left.allSatisfy { $0.hasPrefix(".") }, "\(left)")
    let releasesListed = try server.sealed(["rules", "releases"])
    #expect(releasesListed.stdout.contains("shipped  yes"), "\(releasesListed.stdout)")
  }
}
