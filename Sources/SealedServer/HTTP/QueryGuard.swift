/// The query parameters of API routes that take none: refused, where they were ignored
/// (`POST /api/decks/delete?name=CON` deleted the deck its body named).
enum QueryGuard {
  /// The API routes that read a query (`/api/pools` checks its own parameters).
  static let routesWithQueries: Set = ["/api/pools"]

  /// Throws for the first of `parameters` given to `path`, an API route that takes none.
  static func refuse(path: String, parameters: [String]) throws(APIError) {
    guard path.hasPrefix("/api/"), !routesWithQueries.contains(path), let name = parameters.first else { return }
    throw APIError.badRequest("\(name): unknown parameter; \(path) takes none")
  }
}
