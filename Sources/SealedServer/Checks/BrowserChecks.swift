import Foundation
import Synchronization
import SealedSupport
import SealedRules
import SealedJobs

/// The checks started from the browser: each the run layer's `CheckJob`, as `sealed check SET
/// --rules RULES --pools N --seed S --out DIR` makes it, validated when it is asked for (a bad
/// request is refused at once, nothing written), then run on a thread of its own while the
/// page polls its progress (the job's progress callback); a check can be cancelled (the job's
/// stop callback: it stops between chunks and writes the report of the pools done, with no
/// verdict, as Ctrl-C does to `sealed check`). One check runs at a time: it uses every core.
final class BrowserChecks: Sendable {
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
  let plans: PlanCache

  /// Pools a check from the browser runs unless it asks for another number.
  static let defaultPools = 100_000

  init(reportsFolder: String, plans: PlanCache) {
    self.reportsFolder = reportsFolder
    self.plans = plans
  }

  /// Validates `request` and starts the check, or refuses it (400 for bad values, 404 for an
  /// unknown set or rules, 409 while another check runs).
  func start(_ request: Request) throws(APIError) -> Status {
    let rules = request.rules ?? "sealed"
    let pools: Int
    do {
      pools = try RunLimits.appCheckPools(request.pools ?? Self.defaultPools)
    } catch {
      throw APIError.badRequest(error.description)
    }
    guard PlanCache.isCode(request.set), PlanCache.isCode(rules) else {
      throw APIError.badRequest("set \"\(request.set)\" and rules \"\(rules)\": expected codes such as war and sealed")
    }
    let folder = request.folder ?? "\(request.set.lowercased())-\(rules)"
    guard PlanCache.isCode(folder.replacingOccurrences(of: ".", with: "_")), !folder.hasPrefix(".") else {
      throw APIError.badRequest("folder \"\(folder)\": expected a folder name (letters, digits, '-', '_', '.')")
    }
    if let running = jobs.withLock({ $0.values.first { $0.status.state == "running" } }) {
      throw APIError.conflict("check \(running.status.id) (\(running.status.set), \(running.status.rules)) is running; cancel it or wait for it")
    }
    let seed = request.seed ?? .random()
    var simulation = SimulationJob.Settings(source: plans.source(set: request.set, rules: rules), toolVersion: SealedVersion.current)
    simulation.pools = WholeNumber(pools)
    simulation.seed = seed.value
    simulation.out = (reportsFolder as NSString).appendingPathComponent(folder)
    let job = try APIError.refusing { () throws -> CheckJob in
      simulation.spec = try SpecLoader.load(namedBy: RuleSetLoader.load(rules))
      return try CheckJob(CheckJob.Settings(simulation: simulation))
    }
    let id = nextID.add(1, ordering: .relaxed).oldValue
    let status = Status(
      id: id, set: job.plan.setCode, rules: rules, pools: pools, seed: seed, folder: folder, state: "running",
      done_pools: 0, started_at: Date().formatted(.iso8601))
    let stop = StopFlag()
    let running = jobs.withLock { jobs -> Status? in
      if let running = jobs.values.first(where: { $0.status.state == "running" }) { return running.status }
      jobs[id] = Job(status: status, stop: stop)
      return nil
    }
    if let running {
      throw APIError.conflict("check \(running.id) (\(running.set), \(running.rules)) is running; cancel it or wait for it")
    }
    let thread = Thread { [self] in self.run(job, id: id, stop: stop) }
    thread.stackSize = 8 << 20
    thread.start()
    return status
  }

  /// Runs the check and writes its report folder, as `sealed check` does.
  private func run(_ job: CheckJob, id: Int, stop: StopFlag) {
    let outcome: Result<CheckJob.Outcome, DataError>
    do {
      let checked = try job.run(progress: { [self] done in update(id) { $0.done_pools = done } }, shouldStop: { stop.isRaised })
      _ = try job.write(checked)
      outcome = .success(checked)
    } catch {
      outcome = .failure(error)
    }
    update(id) { status in
      switch outcome {
      case .success(let checked):
        let stopped = checked.interrupted ? (done: checked.pools, requested: checked.poolsRequested) : nil
        status.state = checked.interrupted ? "cancelled" : "done"
        status.verdict = checked.checks?.summary(interrupted: stopped).text
        status.passed = checked.interrupted ? nil : checked.passed
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
