/// The query parameters of API routes that take none: refused, where they were ignored
/// (`POST /api/decks/delete?name=CON` deleted the deck its body named).
enum QueryGuard {
  /// The API routes that read a query (`/api/pools` checks its own parameters).
  static let routesWithQueries: Set = ["/api/pools"]

  /// Throws for the first of `parameters` given to `path`, an API route that takes none. The
  /// path is read as the router reads it, empty segments dropped (`//api/catalog` is
  /// `/api/catalog`, `/api/pools/` is `/api/pools`).
  static func refuse(path: String, parameters: [String]) throws(APIError) {
    let route = "/" + path.split(separator: "/").joined(separator: "/")
    guard route.hasPrefix("/api/"), !routesWithQueries.contains(route), let name = parameters.first else { return }
    throw APIError.badRequest("\(name): unknown parameter; \(route) takes none")
  }
}
