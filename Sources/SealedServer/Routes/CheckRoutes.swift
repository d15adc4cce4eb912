import Hummingbird

/// Checks from the browser: start one, follow its progress, cancel it.
enum CheckRoutes {
  static func add(to router: Router<BasicRequestContext>, state: AppState) {
    router.get("/api/checks") { _, _ in Reply.json(state.checks.all) }
    router.post("/api/checks") { request, _ in
      let body = try await JSONBody.decode(BrowserChecks.Request.self, from: request)
      return Reply.json(try state.checks.start(body), status: .accepted)
    }
    router.get("/api/checks/:id") { _, context in
      Reply.json(try state.checks.status(try id(context)))
    }
    router.post("/api/checks/:id/cancel") { _, context in
      Reply.json(try state.checks.cancel(try id(context)))
    }
  }

  static func id(_ context: BasicRequestContext) throws(APIError) -> Int {
    let text = context.parameters.get("id") ?? ""
    guard let id = Int(text) else { throw APIError.badRequest("check \"\(text)\": expected a check number, as /api/checks lists them") }
    return id
  }
}
