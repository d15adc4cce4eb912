import Foundation
import Hummingbird
import Synchronization

/// Every request passes here first. It refuses:
///
/// - a request with more than one `Host` header (400), as HTTP/1.1 asks (RFC 9112, 3.2);
/// - a `Host` that is not this server (403): only `localhost`, an IP address, or the name given
///   to `--host`, with this server's port, so a page of another site whose name was made to
///   point at 127.0.0.1 (DNS rebinding) reads and changes nothing;
/// - a request that can change the library (any method but GET and HEAD) unless its `Origin` is
///   this server's own (`http://` + its `Host`) and `Sec-Fetch-Site`, when sent, is
///   `same-origin` (403): a page of another site cannot save, edit or delete through the user's
///   browser, which always sends `Origin` with such requests.
///
/// It adds to every response the headers that keep the app's pages to themselves
/// (`Content-Security-Policy`, `X-Content-Type-Options`, `Referrer-Policy`), and turns every
/// error into a one-line JSON refusal (with no body for HEAD).
struct RequestGuard<Context: RequestContext>: RouterMiddleware {
  /// The port the server listens on, known once it is bound (`--port 0` picks one).
  let port: ListeningPort
  /// A host name given by `--host`, accepted in `Host` beside localhost and IP addresses.
  let hostName: String?

  /// The app's own pages: scripts, styles and data from this server only; card images from
  /// Scryfall's image hosts.
  static var appPolicy: String {
    "default-src 'self'; img-src 'self' data: https://cards.scryfall.io https://api.scryfall.com; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
  }

  /// Report pages: self-contained (inline styles and charts), nothing from elsewhere.
  static var reportPolicy: String {
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data: 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    var response: Response
    do {
      try check(request)
      response = try await next(request, context)
    } catch let error as APIError {
      response = Reply.error(error)
    } catch let error as any HTTPResponseError {
      let message = error.status == .notFound ? "no such page or API route: \(request.method) \(request.uri.path)" : "\(error.status)"
      response = Reply.error(APIError(error.status.code < 500 ? error.status : .badRequest, message))
    } catch {
      response = Reply.error(APIError(.internalServerError, "\(error)"))
    }
    if response.headers[.contentSecurityPolicy] == nil {
      response.headers[.contentSecurityPolicy] = Self.appPolicy
    }
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.referrerPolicy] = "no-referrer"
    // A refusal of a HEAD request, like its answer, has no body.
    return request.method == .head ? response.createHeadResponse() : response
  }

  /// Throws the refusal of a request from elsewhere.
  func check(_ request: Request) throws(APIError) {
    // The first Host is the request's authority; any other stays among its header fields.
    guard request.headers[.host] == nil else {
      throw APIError.badRequest("the request has more than one Host header; expected one")
    }
    guard let host = request.head.authority, isOwnHost(host) else {
      throw APIError.forbidden("the Host header names another server; open the app at http://127.0.0.1:\(port.value)/")
    }
    try QueryGuard.refuse(path: request.uri.path, parameters: request.uri.queryParameters.map { String($0.key) })
    guard request.method != .get && request.method != .head else { return }
    guard let origin = request.headers[.origin] else {
      throw APIError.forbidden("a request that changes something must come from the app's page (Origin http://\(host)); it had no Origin")
    }
    guard origin == "http://\(host)" else {
      throw APIError.forbidden("refused a \(request.method) from \(origin): only the app's own page (http://\(host)) may change the library")
    }
    if let site = request.headers[.secFetchSite], site != "same-origin" {
      throw APIError.forbidden("refused a \(request.method) from another site (Sec-Fetch-Site: \(site))")
    }
  }

  /// Whether `host` (`name:port`) names this server: its port, and localhost, an IP address
  /// literal (which no DNS answer can stand for) or the name given to `--host`.
  func isOwnHost(_ host: String) -> Bool {
    guard let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...] == String(port.value) else { return false }
    var name = String(host[..<colon]).lowercased()
    if name.hasPrefix("[") && name.hasSuffix("]") {
      name = String(name.dropFirst().dropLast())
      return name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } && name.contains(":")
    }
    if name == "localhost" || name == hostName?.lowercased() { return true }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts.allSatisfy { part in UInt8(part).map { String($0) == part } ?? false }
  }
}

/// The port the server listens on, set once the socket is bound.
final class ListeningPort: Sendable {
  private let port: Atomic<Int>

  init(_ port: Int) { self.port = Atomic(port) }

  var value: Int { port.load(ordering: .acquiring) }

  func set(_ value: Int) { port.store(value, ordering: .releasing) }
}

/// The name of a header field (`HTTPField.Name` of swift-http-types, which Hummingbird uses).
typealias HeaderName = HTTPFields.Element.Name

extension HTTPFields.Element.Name {
  static let secFetchSite = HeaderName("Sec-Fetch-Site")!
  static let host = HeaderName("Host")!
  static let referrerPolicy = HeaderName("Referrer-Policy")!
}
