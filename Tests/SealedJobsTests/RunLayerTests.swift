import Foundation
import Synchronization
import SealedSupport
import SealedRules
import SealedEngine
import SealedReports
import SealedJobs
import SealedTestSupport
import Testing

/// The run layer's jobs called as the browser app calls them: settings validated when a job is
/// made (one message per limit), progress and stop callbacks, typed outcomes whose files the
/// report layer writes.
@Suite struct RunLayerTests {
  func settings(_ pools: String, out: URL) -> SimulationJob.Settings {
    var settings = SimulationJob.Settings(source: PlanSource(set: "war", cards: Fixtures.shippedCards), toolVersion: "test")
    settings.pools = WholeNumber(argument: pools)
    settings.seed = 1
    settings.threads = WholeNumber(2)
    settings.out = out.path
    return settings
  }

  @Test(.heavy) func everyLimitIsCheckedWhenTheJobIsMade() throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("r")
    let cases: [(SimulationJob.Settings, String)] = [
      (settings("-5", out: out), "--pools -5: expected a positive number of pools"),
      (settings("1e30", out: out), "--pools 1e30: too large to count exactly; at most 107228562556440 pools for this rule set (split the run with --shard)"),
      ({ var s = settings("5000", out: out); s.shard = Simulation.Shard(index: 1, count: 3); return s }(),
       "--shard 1/3: a run of 5000 pools has only 2 chunk(s) of 4096 pools; use at most 2 shards"),
      ({ var s = settings("5000", out: out); s.shard = Simulation.Shard(index: 2, count: 2); s.samples = WholeNumber(3); return s }(),
       "--samples with --shard 2/2: samples are the run's first pools, which shard 1/2 holds"),
      ({ var s = settings("50", out: out); s.samples = WholeNumber(51); return s }(), "--samples 51: expected 0 to 50 pools (at most --pools and 100000)"),
      ({ var s = settings("50", out: out); s.threads = WholeNumber(0); return s }(), "--threads 0: expected between 1 and 1024"),
      ({ var s = settings("50", out: out); s.seed = nil; s.shard = Simulation.Shard(index: 1, count: 2); return s }(),
       "--shard 1/2 without --seed: every shard of a run must be given the run's seed (each would draw its own); add --seed S, the same for every shard"),
    ]
    for (settings, message) in cases {
      #expect(throws: DataError(message)) { try SimulationJob(settings) }
    }
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  /// A check as the app runs it: progress reaches the run's pools, the outcome's files are the
  /// check folder's, and writing them makes the folder `sealed report` reads.
  @Test func aCheckReportsProgressAndWritesItsFolder() throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("check")
    let job = try CheckJob(CheckJob.Settings(simulation: settings("10000", out: out), compare: "none"))
    let seen = Mutex(0)
    let outcome = try job.run(progress: { done in seen.withLock { $0 = max($0, done) } })
    #expect(seen.withLock { $0 } == 10_000 && outcome.pools == 10_000 && !outcome.interrupted)
    #expect(outcome.checks?.passed == true)
    #expect(Set(outcome.files.map(\.name)).isSubset(of: Set(ReportFile.checkFolder.names)))
    #expect(outcome.files.contains { $0.name == "checks.csv" } && outcome.files.contains { $0.name == "report.html" })
    _ = try job.write(outcome)
    let checks = try String(contentsOf: out.appendingPathComponent("checks.csv"), encoding: .utf8)
    #expect(checks == outcome.files.first { $0.name == "checks.csv" }?.contents)
  }

  /// A stop request (the app's Cancel) ends the run at a chunk boundary with no verdict; the
  /// command that reproduces it names the pools it ran, or the pools asked for when it stopped
  /// before any (it named `--pools 0`, which no command takes).
  @Test func aStoppedCheckIsInterruptedAndHasNoVerdict() throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("stopped")
    let job = try CheckJob(CheckJob.Settings(simulation: settings("200000", out: out), compare: "none"))
    let outcome = try job.run(progress: nil, shouldStop: { true })
    #expect(outcome.interrupted && outcome.pools < 200_000 && outcome.pools % 4096 == 0)
    let run = try String(contentsOf: { _ = try job.write(outcome); return out.appendingPathComponent("run.csv") }(), encoding: .utf8)
    #expect(run.contains("\nstatus,interrupted\n"))
    let named = outcome.pools == 0 ? 200_000 : outcome.pools
    #expect(run.contains(" --pools \(named) "), "\(outcome.pools) pools: \(run)")
  }

  /// A check stopped during its `--compare` simulations, after every pool of its own, has no
  /// verdict and says it ran all its pools (it said "after 10000 of 10000 pools", as if some were
  /// missing); its tallies are whole, `tallies.json` records them so, and `--tallies` checks them
  /// without simulating again, to the verdict the run would have given.
  @Test func aCheckStoppedDuringItsComparisonsKeepsItsWholeTallies() throws {
    let folder = try Fixtures.temporaryDirectory()
    let out = folder.appendingPathComponent("compared")
    // The spec the rules name, as `sealed check` and the app resolve it: its lanes are counted.
    var simulation = settings("10000", out: out)
    simulation.spec = try SpecLoader.load("sealed")
    let job = try CheckJob(CheckJob.Settings(simulation: simulation, compare: "retail"))
    let comparing = Mutex(false)
    let outcome = try job.run(
      step: { step in if case .comparing = step { comparing.withLock { $0 = true } } },
      shouldStop: { comparing.withLock { $0 } })
    #expect(outcome.interrupted && outcome.pools == 10_000 && outcome.comparisonsRun == 0)
    let page = try #require(outcome.files.first { $0.name == "report.html" }?.contents)
    #expect(page.contains("INTERRUPTED after all 10000 pools: no verdict (on those pools none of "), "\(page.prefix(300))")
    _ = try job.write(outcome)
    var again = CheckJob.TalliesSettings(directory: out.path, set: "war", toolVersion: "test")
    again.cards = Fixtures.shippedCards
    again.compare = "none"
    again.out = folder.appendingPathComponent("again").path
    let checked = try CheckJob(tallies: again).run()
    #expect(!checked.interrupted && checked.pools == 10_000 && checked.checks?.passed == true)
    simulation.out = folder.appendingPathComponent("whole").path
    let whole = try #require(try CheckJob(CheckJob.Settings(simulation: simulation, compare: "none")).run().files.first { $0.name == "checks.csv" })
    #expect(checked.files.first { $0.name == "checks.csv" }?.contents == whole.contents)
  }
}
