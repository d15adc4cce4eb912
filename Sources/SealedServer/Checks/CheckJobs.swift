import Foundation
import Synchronization
import SealedSupport
import SealedCards
import SealedRules

/// The checks started from the browser: each validated when it is asked for (a bad request is
/// refused at once, nothing written), then run on a thread of its own while the page polls its
/// progress; a check can be cancelled (it stops between chunks and writes the report of the
/// pools done, with no verdict, as Ctrl-C does to `sealed check`). One check runs at a time:
/// it uses every core.
final class CheckJobs: Sendable {
  /// What the page asks for.
  struct Request: Decodable, Sendable {
    var set: String
    var rules: String?
    var pools: Int?
    var seed: SeedText?
    /// The report folder's name under the reports folder (default `SET-RULES`).
    var folder: String?
  }

  /// A check as the page sees it.
  struct Status: Encodable, Sendable {
    var id: Int
    var set: String
    var rules: String
    var pools: Int
    var seed: SeedText
    var folder: String
    /// `running`, `done`, `cancelled` or `failed`.
    var state: String
    var done_pools: Int
    var verdict: String?
    var passed: Bool?
    var error: String?
    /// The report page, once written.
    var report: String?
    var started_at: String
  }

  private struct Job {
    var status: Status
    let stop: StopFlag
  }

  /// A flag the simulation polls.
  final class StopFlag: Sendable {
    private let raised = Atomic(false)
    func raise() { raised.store(true, ordering: .relaxed) }
    var isRaised: Bool { raised.load(ordering: .relaxed) }
  }

  private let jobs = Mutex([Int: Job]())
  private let nextID = Atomic(1)
  let reportsFolder: String
  let loader: CardSetLoader

  /// Pools a check from the browser may ask for, and the default.
  static let maximumPools = 10_000_000
  static let defaultPools = 100_000

  init(reportsFolder: String, loader: CardSetLoader) {
    self.reportsFolder = reportsFolder
    self.loader = loader
  }

  /// Validates `request` and starts the check, or refuses it (400 for bad values, 404 for an
  /// unknown set or rules, 409 while another check runs).
  func start(_ request: Request) throws(APIError) -> Status {
    let rules = request.rules ?? "sealed"
    let pools = request.pools ?? Self.defaultPools
    guard (1...Self.maximumPools).contains(pools) else {
      throw APIError.badRequest("pools \(pools): expected 1 to \(Self.maximumPools) pools (larger runs: sealed check on the command line)")
    }
    guard PlanSource.isCode(request.set), PlanSource.isCode(rules) else {
      throw APIError.badRequest("set \"\(request.set)\" and rules \"\(rules)\": expected codes such as war and sealed")
    }
    let folder = request.folder ?? "\(request.set.lowercased())-\(rules)"
    guard PlanSource.isCode(folder.replacingOccurrences(of: ".", with: "_")), !folder.hasPrefix(".") else {
      throw APIError.badRequest("folder \"\(folder)\": expected a folder name (letters, digits, '-', '_', '.')")
    }
    if let running = jobs.withLock({ $0.values.first { $0.status.state == "running" } }) {
      throw APIError.conflict("check \(running.status.id) (\(running.status.set), \(running.status.rules)) is running; cancel it or wait for it")
    }
    let seed = request.seed ?? .random()
    let out = (reportsFolder as NSString).appendingPathComponent(folder)
    let prepared = try APIError.refusing {
      try PreparedCheck(set: request.set, rules: rules, pools: pools, seed: seed.value, out: out, loader: loader)
    }
    let id = nextID.add(1, ordering: .relaxed).oldValue
    let status = Status(
      id: id, set: prepared.plan.setCode, rules: rules, pools: pools, seed: seed, folder: folder, state: "running",
      done_pools: 0, started_at: Date().formatted(.iso8601))
    let stop = StopFlag()
    jobs.withLock { $0[id] = Job(status: status, stop: stop) }
    let thread = Thread { [self] in self.run(prepared, id: id, stop: stop) }
    thread.stackSize = 8 << 20
    thread.start()
    return status
  }

  private func run(_ prepared: PreparedCheck, id: Int, stop: StopFlag) {
    let outcome: Result<PreparedCheck.Outcome, DataError>
    do {
      outcome = .success(
        try prepared.run(
          progress: { [self] done in update(id) { $0.done_pools = done } }, shouldStop: { stop.isRaised }))
    } catch {
      outcome = .failure(error)
    }
    update(id) { status in
      switch outcome {
      case .success(let result):
        status.state = result.interrupted ? "cancelled" : "done"
        status.verdict = result.verdict
        status.passed = result.interrupted ? nil : result.passed
        status.report = "/reports/\(status.folder)/report.html"
      case .failure(let error):
        status.state = "failed"
        status.error = error.description
      }
    }
  }

  private func update(_ id: Int, _ change: (inout Status) -> Void) {
    jobs.withLock { jobs in
      if var job = jobs[id] {
        change(&job.status)
        jobs[id] = job
      }
    }
  }

  /// Every check of this server's run, newest first.
  var all: [Status] { jobs.withLock { $0.values.map(\.status) }.sorted { $0.id > $1.id } }

  /// The check `id`, or a 404.
  func status(_ id: Int) throws(APIError) -> Status {
    guard let job = jobs.withLock({ $0[id] }) else { throw APIError.notFound("no check \(id) in this server's run") }
    return job.status
  }

  /// Asks check `id` to stop; it writes the report of the pools done.
  func cancel(_ id: Int) throws(APIError) -> Status {
    guard let job = jobs.withLock({ $0[id] }) else { throw APIError.notFound("no check \(id) in this server's run") }
    job.stop.raise()
    return job.status
  }

  /// Asks every running check to stop (the server is shutting down) and waits, at most
  /// `seconds`, until each has written the report of the pools it did.
  func cancelAll(waiting seconds: Double = 60) {
    for job in jobs.withLock({ Array($0.values) }) { job.stop.raise() }
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline, jobs.withLock({ $0.values.contains { $0.status.state == "running" } }) {
      usleep(50_000)
    }
  }
}
