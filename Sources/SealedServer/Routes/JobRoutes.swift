import Hummingbird

/// What the browser can do with a kind of long job the server runs on a `JobBoard` (checks,
/// downloads): start one from a request, list them, follow one, cancel one.
protocol BrowserJobs: Sendable {
  associatedtype Request: Decodable & Sendable & RequestFields
  associatedtype Status: JobStatus
  func start(_ request: Request) throws(APIError) -> Status
  var all: [Status] { get }
  func status(_ id: Int) throws(APIError) -> Status
  func cancel(_ id: Int) throws(APIError) -> Status
}

extension BrowserChecks: BrowserJobs {}
extension BrowserFetches: BrowserJobs {}

/// The routes of one kind of job under `/api/<plural>`: `GET` lists them, `POST` starts one (202),
/// `GET /:id` follows one, `POST /:id/cancel` cancels one. Checks (`/api/checks`) and downloads
/// (`/api/fetches`) are served so.
enum JobRoutes {
  static func add(to router: Router<BasicRequestContext>, state: AppState) {
    add(state.checks, at: "checks", noun: "check", to: router)
    add(state.fetches, at: "fetches", noun: "fetch", to: router)
  }

  static func add<Jobs: BrowserJobs>(_ jobs: Jobs, at plural: String, noun: String, to router: Router<BasicRequestContext>) {
    let path = "/api/\(plural)"
    router.get(RouterPath(path)) { _, _ in Reply.json(jobs.all) }
    router.post(RouterPath(path)) { request, _ in
      let body = try await JSONBody.decode(Jobs.Request.self, from: request)
      return Reply.json(try jobs.start(body), status: .accepted)
    }
    router.get(RouterPath("\(path)/:id")) { _, context in
      Reply.json(try jobs.status(try id(context, path: path, noun: noun)))
    }
    router.post(RouterPath("\(path)/:id/cancel")) { _, context in
      Reply.json(try jobs.cancel(try id(context, path: path, noun: noun)))
    }
  }

  /// The job number of the route's `:id`, or a 400 naming what was expected.
  static func id(_ context: BasicRequestContext, path: String, noun: String) throws(APIError) -> Int {
    let text = context.parameters.get("id") ?? ""
    guard let id = Int(text) else { throw APIError.badRequest("\(noun) \"\(text)\": expected a \(noun) number, as \(path) lists them") }
    return id
  }
}
