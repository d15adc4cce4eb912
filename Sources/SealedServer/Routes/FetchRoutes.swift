import Hummingbird

/// Downloads from the browser: a product's cards, or a newer release of booster data; start
/// one, follow its progress, cancel it.
enum FetchRoutes {
  static func add(to router: Router<BasicRequestContext>, state: AppState) {
    router.get("/api/fetches") { _, _ in Reply.json(state.fetches.all) }
    router.post("/api/fetches") { request, _ in
      let body = try await JSONBody.decode(BrowserFetches.Request.self, from: request)
      return Reply.json(try state.fetches.start(body), status: .accepted)
    }
    router.get("/api/fetches/:id") { _, context in
      Reply.json(try state.fetches.status(try id(context)))
    }
    router.post("/api/fetches/:id/cancel") { _, context in
      Reply.json(try state.fetches.cancel(try id(context)))
    }
  }

  static func id(_ context: BasicRequestContext) throws(APIError) -> Int {
    let text = context.parameters.get("id") ?? ""
    guard let id = Int(text) else { throw APIError.badRequest("fetch \"\(text)\": expected a fetch number, as /api/fetches lists them") }
    return id
  }
}
