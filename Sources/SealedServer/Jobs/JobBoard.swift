import Foundation
import Synchronization

/// The state of a job the page follows.
enum JobState: String, Encodable, Sendable {
  case running, done, cancelled, failed
}

/// What a job's status must tell the board: its number and state. Everything else (what it
/// does, its progress, its result) is the job's own.
protocol JobStatus: Encodable, Sendable {
  var id: Int { get }
  var state: JobState { get set }
  /// Seconds since the job started (until it ended), kept by the board.
  var seconds: Double { get set }
}

/// Long jobs started from the page and followed by it: a check (`BrowserChecks`), a download
/// of a product's cards or of a release (`BrowserFetches`), each kind on a board of its own.
/// Each job runs on a thread of its own (never on the server's tasks: it may take minutes of
/// CPU), writes its progress into its status as it goes (the page polls it), and can be
/// cancelled (its body polls `shouldStop` and ends `cancelled`). A board runs one job at a
/// time: a check uses every core. Safe to use from several tasks.
final class JobBoard<Status: JobStatus>: Sendable {
  /// What a job's body is given: its number, a way to change its status, and whether it was
  /// asked to stop.
  struct Context: Sendable {
    let id: Int
    let board: JobBoard<Status>
    fileprivate let stop: StopFlag

    /// Changes the job's status (its progress, its result).
    func update(_ change: (inout Status) -> Void) { board.update(id, change) }

    /// Whether the job was cancelled (or the server is stopping).
    var shouldStop: Bool { stop.isRaised }

    /// The stop test, as the run layer's jobs take it.
    var stopTest: @Sendable () -> Bool {
      let stop = stop
      return { stop.isRaised }
    }
  }

  /// A flag the job polls.
  fileprivate final class StopFlag: Sendable {
    private let raised = Atomic(false)
    func raise() { raised.store(true, ordering: .relaxed) }
    var isRaised: Bool { raised.load(ordering: .relaxed) }
  }

  private struct Job {
    var status: Status
    let stop: StopFlag
    let started: Date

    /// The status, its seconds counted to now while it runs.
    var current: Status {
      var status = status
      if status.state == .running { status.seconds = Date().timeIntervalSince(started) }
      return status
    }
  }

  private let jobs = Mutex([Int: Job]())
  private let nextID = Atomic(1)
  /// What the jobs are called in refusals ("check").
  let noun: String

  init(noun: String) {
    self.noun = noun
  }

  /// The running job, if any.
  var running: Status? { jobs.withLock { $0.values.first { $0.status.state == .running }?.current } }

  /// Starts a job: `status` makes its first status from its number, `body` runs it on a
  /// thread of its own and sets its final state. Refused (409) while another job of this board
  /// runs, with `busy`'s words for the running one.
  func start(
    status: (Int) -> Status, busy: (Status) -> String, body: @escaping @Sendable (Context) -> Void
  ) throws(APIError) -> Status {
    let id = nextID.add(1, ordering: .relaxed).oldValue
    let first = status(id)
    let stop = StopFlag()
    let running = jobs.withLock { jobs -> Status? in
      if let running = jobs.values.first(where: { $0.status.state == .running }) { return running.status }
      jobs[id] = Job(status: first, stop: stop, started: Date())
      return nil
    }
    if let running { throw APIError.conflict(busy(running)) }
    let context = Context(id: id, board: self, stop: stop)
    let thread = Thread { body(context) }
    thread.stackSize = 8 << 20
    thread.start()
    return first
  }

  /// Changes job `id`'s status.
  func update(_ id: Int, _ change: (inout Status) -> Void) {
    jobs.withLock { jobs in
      if var job = jobs[id] {
        let wasRunning = job.status.state == .running
        change(&job.status)
        if wasRunning && job.status.state != .running { job.status.seconds = Date().timeIntervalSince(job.started) }
        jobs[id] = job
      }
    }
  }

  /// Every job of this server's run, newest first.
  var all: [Status] { jobs.withLock { $0.values.map(\.current) }.sorted { $0.id > $1.id } }

  /// Job `id`, or a 404.
  func status(_ id: Int) throws(APIError) -> Status {
    guard let job = jobs.withLock({ $0[id] }) else { throw APIError.notFound("no \(noun) \(id) since the server started") }
    return job.current
  }

  /// Asks job `id` to stop; it ends `cancelled` (a check with the report of the pools done).
  func cancel(_ id: Int) throws(APIError) -> Status {
    guard let job = jobs.withLock({ $0[id] }) else { throw APIError.notFound("no \(noun) \(id) since the server started") }
    job.stop.raise()
    return job.current
  }

  /// Asks every running job to stop (the server is shutting down) and waits, at most
  /// `seconds`, until each has ended.
  func cancelAll(waiting seconds: Double = 60) {
    for job in jobs.withLock({ Array($0.values) }) { job.stop.raise() }
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline, running != nil {
      usleep(50_000)
    }
  }
}
