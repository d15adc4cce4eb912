import Foundation
import Hummingbird
import SealedSupport
import SealedDecks

/// The browser app: a Hummingbird server on the user's machine that serves the page's own files
/// (no CDN: it works with no network) and a small JSON API over the library (docs/serve.md).
/// Everything the page shows is computed here, by the library: deck rules, curves, hand odds,
/// exports, checks.
package enum SealedServer {
  /// Serves until the process receives SIGINT or SIGTERM (Ctrl-C), then stops accepting
  /// requests, cancels running checks and returns. `onReady` gets the address (with the port
  /// chosen when `port` is 0) once the server listens. Throws when the configuration is bad,
  /// there is no card data, or the address cannot be bound.
  package static func run(_ configuration: ServerConfiguration, onReady: @escaping @Sendable (String) -> Void) async throws {
    let configuration = try configuration.validated()
    let state = try AppState(configuration)
    // Every GET route answers HEAD too (its headers, no body), as HTTP asks of every server.
    let router = Router(options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestGuard(port: state.port, hostName: Self.isAddress(configuration.host) ? nil : configuration.host))
    AssetRoutes.add(to: router, state: state)
    DeckRoutes.add(to: router, state: state)
    JobRoutes.add(to: router, state: state)
    ReportRoutes.add(to: router, state: state)
    var app = Application(
      router: router,
      server: .http1(configuration: .init(idleTimeout: .seconds(Int64(Self.idleSeconds)))),
      configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "sealed"),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? configuration.port
        state.port.set(port)
        onReady(Self.address(host: configuration.host, port: port))
      })
    // The server's own log would repeat what the terminal already says; only errors show.
    app.logger.logLevel = .error
    defer {
      state.checks.cancelAll()
      state.fetches.cancelAll()
    }
    try await app.runService()
  }

  /// How long a connection may send nothing, partway through a request or between requests,
  /// before the server closes it: Ctrl-C waits for the requests under way, and a client that
  /// sent half a request and stalled held the server open until it hung up.
  static let idleSeconds = 30

  /// `http://127.0.0.1:8040/`; an IPv6 address in brackets.
  /// An unspecified address (`0.0.0.0`, `::`: every interface) is shown as this machine's
  /// loopback, the address a browser here opens (`http://0.0.0.0:PORT/` is no place to go).
  static func address(host: String, port: Int) -> String {
    let local = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
    let shown = local.contains(":") ? "[\(local)]" : local
    return "http://\(shown):\(port)/"
  }

  /// Whether `host` is an IP address literal rather than a name.
  static func isAddress(_ host: String) -> Bool {
    host.contains(":") || host.split(separator: ".").allSatisfy { UInt8($0) != nil }
  }
}

/// What the routes share: the configuration, card data and plans, the library, the product
/// listing, the running checks and fetches, and the reports folder.
final class AppState: Sendable {
  let configuration: ServerConfiguration
  let port: ListeningPort
  let plans: PlanCache
  let decks: DeckService
  let products = ProductCatalog()
  let checks: BrowserChecks
  let fetches: BrowserFetches
  let reports: ReportBrowser

  init(_ configuration: ServerConfiguration) throws(DataError) {
    self.configuration = configuration
    port = ListeningPort(configuration.port)
    plans = try PlanCache(cards: configuration.cards)
    decks = DeckService(plans: plans, access: LibraryAccess(configuration.library))
    reports = ReportBrowser(root: configuration.reportsFolder)
    checks = BrowserChecks(reportsFolder: configuration.reportsFolder, plans: plans, maximumPools: configuration.maximumCheckPools)
    fetches = BrowserFetches(plans: plans, products: products, scryfallAPI: configuration.scryfallAPI, releaseFrom: configuration.releaseFrom)
  }
}
