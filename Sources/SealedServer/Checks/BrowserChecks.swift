import Foundation
import SealedSupport
import SealedRules
import SealedJobs

/// The checks started from the browser: each the run layer's `CheckJob`, as `sealed check SET
/// --rules RULES --pools N --seed S --out DIR` makes it, validated when it is asked for (a bad
/// request is refused at once, nothing written), then run on the job board (`JobBoard`) while
/// the page polls its progress: its own simulation, each comparison's, then the tests. Each
/// check writes a report folder of its own (`NewReportFolder`: set, rules, seed and time), so
/// an earlier report is never replaced or mixed with; a cancelled check stops between chunks
/// and writes the report of the pools done, with no verdict, as Ctrl-C does to `sealed check`.
/// One check runs at a time: it uses every core.
final class BrowserChecks: Sendable {
  /// What the page asks for.
  struct Request: Decodable, Sendable, RequestFields {
    var set: String
    var rules: String?
    var pools: PoolCount?
    /// Absent or blank: a random seed.
    var seed: BlankableSeed?
    /// Boosters draw from collector numbers 1 to it (nil: the set's own range).
    var booster_max: Int?
    static let fields = ["": ["set", "rules", "pools", "seed", "booster_max"]]
  }

  /// A check as the page sees it.
  struct Status: JobStatus {
    var id: Int
    var set: String
    var rules: String
    var pools: Int
    var seed: SeedText
    var booster_max: Int?
    /// The report folder's name under the reports folder.
    var folder: String
    var state: JobState
    /// Pools of the check's own simulation done.
    var done_pools: Int
    /// What it is doing (`simulating`, `comparing with retail (1 of 3)`, `testing`), and the
    /// pools of that step done, of `step_total` (0 for the tests).
    var step: String
    var step_done: Int
    var step_total: Int
    var seconds: Double
    var verdict: String?
    var passed: Bool?
    var error: String?
    /// The report page, once written.
    var report: String?
    var started_at: String
  }

  let board = JobBoard<Status>(noun: "check")
  let reportsFolder: String
  let plans: PlanCache
  /// The most pools a check runs (`sealed serve --max-check-pools`).
  let maximumPools: Int

  /// Pools a check from the browser runs unless it asks for another number.
  static let defaultPools = 100_000

  init(reportsFolder: String, plans: PlanCache, maximumPools: Int = RunLimits.maximumAppCheckPools) {
    self.reportsFolder = reportsFolder
    self.plans = plans
    self.maximumPools = maximumPools
  }

  /// Validates `request`, makes its report folder and starts the check, or refuses it (400 for
  /// bad values, 404 for an unknown set or rules, 409 while another check runs).
  func start(_ request: Request) throws(APIError) -> Status {
    let rules = request.rules.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.flatMap { $0.isEmpty ? nil : $0 } ?? "sealed"
    let set = request.set.trimmingCharacters(in: .whitespaces).lowercased()
    let pools = try (request.pools ?? PoolCount(Self.defaultPools)).value(in: 1...maximumPools)
    guard PlanCache.isCode(set) else { throw APIError.badRequest("Set \"\(set)\": expected a set code such as war (letters and digits)") }
    guard PlanCache.isCode(rules) else {
      throw APIError.badRequest("Rules or product \"\(rules)\": expected a rule set such as sealed or a product code such as war-draft")
    }
    if let boosterMax = request.booster_max, boosterMax < 1 {
      throw APIError.badRequest("Booster range \(boosterMax): expected a collector number of at least 1 (boosters draw from 1 to it)")
    }
    if let running = board.running { throw APIError.conflict(Self.busy(running)) }
    let seed = request.seed?.value ?? .random()
    let folder = try APIError.refusing { try NewReportFolder.make(in: reportsFolder, set: set, rules: rules, seed: seed.value) }
    let path = (reportsFolder as NSString).appendingPathComponent(folder)
    do {
      let job = try makeJob(set: set, rules: rules, boosterMax: request.booster_max, pools: pools, seed: seed, out: path)
      return try board.start(
        status: { id in
          Status(
            id: id, set: job.plan.setCode, rules: rules, pools: pools, seed: seed, booster_max: request.booster_max, folder: folder,
            state: .running, done_pools: 0,
            step: "starting", step_done: 0, step_total: pools, seconds: 0, started_at: UTCTimestamp.seconds(Date()))
        }, busy: Self.busy, body: { context in Self.run(job, context: context, folder: path) })
    } catch {
      rmdir(path)
      throw error
    }
  }

  /// The check of `set` under `rules`, as `sealed check` makes it, writing into `out`.
  private func makeJob(set: String, rules: String, boosterMax: Int?, pools: Int, seed: SeedText, out: String) throws(APIError) -> CheckJob {
    var simulation = SimulationJob.Settings(
      source: plans.source(set: set, rules: rules, boosterMax: boosterMax), toolVersion: SealedVersion.current)
    simulation.pools = WholeNumber(pools)
    simulation.seed = seed.value
    simulation.out = out
    return try APIError.refusing { () throws -> CheckJob in
      simulation.spec = try SpecLoader.load(namedBy: RuleSetLoader.load(rules))
      return try CheckJob(CheckJob.Settings(simulation: simulation))
    }
  }

  static func busy(_ running: Status) -> String {
    "check \(running.id) (\(running.set), \(running.rules)) is running: wait for it, or press its Cancel button"
  }

  /// Runs the check and writes its report folder, as `sealed check` does.
  private static func run(_ job: CheckJob, context: JobBoard<Status>.Context, folder: String) {
    let outcome: Result<CheckJob.Outcome, DataError>
    do {
      let checked = try job.run(step: { step in context.update { $0.show(step) } }, shouldStop: context.stopTest)
      context.update { $0.step = "writing the report" }
      _ = try job.write(checked)
      outcome = .success(checked)
    } catch {
      outcome = .failure(error)
    }
    if case .failure = outcome { rmdir(folder) }  // only if nothing was written into it
    context.update { status in
      switch outcome {
      case .success(let checked):
        let stopped = checked.interrupted ? (done: checked.pools, requested: checked.poolsRequested) : nil
        status.state = checked.interrupted ? .cancelled : .done
        status.done_pools = checked.pools
        status.verdict = checked.checks?.summary(interrupted: stopped).text
        status.passed = checked.interrupted ? nil : checked.passed
        status.report = "/reports/\(status.folder)/report.html"
      case .failure(let error):
        status.state = .failed
        status.error = error.description
      }
      status.step = ""
    }
  }

  /// Every check of this server's run, newest first.
  var all: [Status] { board.all }

  /// The check `id`, or a 404.
  func status(_ id: Int) throws(APIError) -> Status { try board.status(id) }

  /// Asks check `id` to stop; it writes the report of the pools done.
  func cancel(_ id: Int) throws(APIError) -> Status { try board.cancel(id) }

  /// Asks every running check to stop (the server is shutting down) and waits, at most
  /// `seconds`, until each has written the report of the pools it did.
  func cancelAll(waiting seconds: Double = 60) { board.cancelAll(waiting: seconds) }
}

extension BrowserChecks.Status {
  /// Shows the check's step: its own simulation's pools, a comparison's, or the tests.
  mutating func show(_ step: CheckJob.Step) {
    switch step {
    case .simulating(let done):
      done_pools = max(done_pools, done)
      self.step = "simulating"
      step_done = done_pools
      step_total = pools
    case .comparing(let rules, let number, let count, let done):
      let text = "comparing with \(rules) (\(number) of \(count))"
      step_done = self.step == text ? max(step_done, done) : done
      self.step = text
      step_total = done_pools
    case .testing:
      self.step = "testing the counts"
      step_done = 0
      step_total = 0
    }
  }
}
