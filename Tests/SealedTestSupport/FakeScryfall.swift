import Foundation

/// Scryfall's search API played by a `LocalHTTPServer` on 127.0.0.1: `/cards/search?q=e:SET`
/// pages the shipped card data 175 cards at a time, as Scryfall does, with `has_more`,
/// `next_page` and `total_cards`; a `Fault` makes it fail the way the real service can.
/// Not part of Sealed's API.
package final class FakeScryfall: @unchecked Sendable {
  /// A way to misbehave.
  package enum Fault: Sendable, Equatable {
    case none
    /// Answer 429 (with `Retry-After: 0`) to the first `count` requests.
    case rateLimited(count: Int)
    /// Answer 503 (without `Retry-After`) to the first `count` requests.
    case serverError(count: Int)
    /// Answer page `page` with only the first half of its JSON (a complete HTTP answer).
    case truncatedPage(page: Int)
    /// Send half of page `page`, then close the connection before the announced length.
    case droppedConnection(page: Int)
    /// Answer page `page` with an HTML error page (status 200).
    case htmlPage(page: Int)
    /// Put a card of another set on page `page`.
    case foreignCard(page: Int)
    /// Say nothing for `seconds` to every request.
    case silent(seconds: Double)
    /// Answer the pages before `page`, then say nothing for `seconds` (a fetch under way).
    case silentFrom(page: Int, seconds: Double)
    /// Announce one card more than the pages hold.
    case wrongTotal
    /// Every page says `has_more` with a `next_page` naming itself (an endless loop), and
    /// announces `total` cards (nil: the set's own count).
    case loopingPages(total: Int?)
  }

  package static let pageSize = 175
  package let server: LocalHTTPServer
  package var baseURL: String { server.baseURL }
  package var requests: [LocalHTTPServer.Request] { server.requests }

  /// - Parameter cards: raw card objects per lowercase set code, in collector-number order.
  package init(cards: [String: [Data]], fault: Fault = .none) throws {
    let state = State()
    server = try LocalHTTPServer { request in
      Self.reply(to: request, cards: cards, fault: fault, state: state)
    }
    state.setBase("http://127.0.0.1:\(server.port)")
  }

  /// Serves the shipped card data of the given sets.
  package convenience init(shippedSets: [String], fault: Fault = .none) throws {
    var cards: [String: [Data]] = [:]
    for code in shippedSets {
      cards[code] = try Self.cardObjects(inFile: Fixtures.shippedCardFile("\(code).json"))
    }
    try self.init(cards: cards, fault: fault)
  }

  /// The card objects of a JSON array file, each re-encoded on its own.
  package static func cardObjects(inFile path: String) throws -> [Data] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let array = try JSONSerialization.jsonObject(with: data) as? [Any] else {
      throw LocalHTTPServer.ServerError("\(path) is not a JSON array")
    }
    return try array.map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
  }

  private final class State: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var base = ""
    func next() -> Int {
      lock.lock()
      defer { lock.unlock() }
      count += 1
      return count
    }
    func setBase(_ value: String) {
      lock.lock()
      base = value
      lock.unlock()
    }
    var baseURL: String {
      lock.lock()
      defer { lock.unlock() }
      return base
    }
  }

  private static func json(_ status: Int, _ object: [String: Any], headers: [String: String] = [:]) -> LocalHTTPServer.Reply {
    let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return .respond(status: status, headers: headers, body: body)
  }

  private static func reply(
    to request: LocalHTTPServer.Request, cards: [String: [Data]], fault: Fault, state: State
  ) -> LocalHTTPServer.Reply {
    let number = state.next()
    switch fault {
    case .rateLimited(let count) where number <= count:
      return json(429, ["object": "error", "code": "rate_limited", "status": 429, "details": "Too many requests; slow down."], headers: ["Retry-After": "0"])
    case .serverError(let count) where number <= count:
      return json(503, ["object": "error", "code": "unavailable", "status": 503, "details": "The service is briefly unavailable."])
    case .silent(let seconds):
      return .silence(seconds: seconds)
    default:
      break
    }
    guard request.path == "/cards/search", let q = request.query["q"], q.hasPrefix("e:") else {
      return json(404, ["object": "error", "code": "not_found", "status": 404, "details": "No such endpoint."])
    }
    let code = String(q.dropFirst(2)).lowercased()
    guard let all = cards[code], !all.isEmpty else {
      return json(404, [
        "object": "error", "code": "not_found", "status": 404,
        "details": "Your query didn’t match any cards. Adjust your search terms or refer to the syntax guide at https://scryfall.com/docs/reference",
      ])
    }
    let page = Int(request.query["page"] ?? "1") ?? 1
    if case .silentFrom(let first, let seconds) = fault, page >= first { return .silence(seconds: seconds) }
    let start = (page - 1) * pageSize
    guard start >= 0, start < all.count else {
      return json(422, ["object": "error", "code": "bad_request", "status": 422, "details": "You have paginated past the end of the results."])
    }
    var slice = Array(all[start..<min(start + pageSize, all.count)])
    if fault == .foreignCard(page: page) {
      var object = (try? JSONSerialization.jsonObject(with: slice[0])) as? [String: Any] ?? [:]
      object["set"] = "dom"
      slice[0] = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? slice[0]
    }
    var loopTotal: Int??
    if case .loopingPages(let total) = fault { loopTotal = .some(total) }
    let hasMore = loopTotal != nil || start + pageSize < all.count
    let nextNumber = loopTotal != nil ? page : page + 1
    var body = Data(#"{"object":"list","total_cards":"#.utf8)
    let total = (loopTotal ?? nil) ?? all.count + (fault == .wrongTotal ? 1 : 0)
    body.append(Data("\(total),\"has_more\":\(hasMore),".utf8))
    if hasMore {
      let next = "\(state.baseURL)/cards/search?q=e%3A\(code)&unique=prints&order=set&include_extras=true&include_variations=true&page=\(nextNumber)"
      body.append(Data("\"next_page\":\"\(next)\",".utf8))
    }
    body.append(Data(#""data":["#.utf8))
    for (index, card) in slice.enumerated() {
      if index > 0 { body.append(UInt8(ascii: ",")) }
      body.append(card)
    }
    body.append(Data("]}".utf8))
    switch fault {
    case .truncatedPage(page):
      return .respond(status: 200, headers: [:], body: body.prefix(body.count / 2))
    case .droppedConnection(page):
      return .truncated(status: 200, body: body, bytes: body.count / 2)
    case .htmlPage(page):
      return .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html><body>Gateway error</body></html>".utf8))
    default:
      return .respond(status: 200, headers: [:], body: body)
    }
  }
}
