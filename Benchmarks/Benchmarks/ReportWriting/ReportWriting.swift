import Benchmark
import BenchmarkFixtures
import SealedSupport
import SealedRules
import SealedEngine
import SealedAnalysis
import SealedReports
import SealedReportHTML
import SealedJobs

// report.html for war under the sealed rules and spec, as `sealed check war` writes it after
// 1,000,000 pools: setup simulates and checks once (not measured); each iteration renders the
// page from the report's typed values (ReportContents → HTMLReport.render), which is what the
// command adds to its run. The budget is 0.2 s and 1 MB.

/// The report's values after one check run of war, sealed rules and spec, seed 1.
func warReportContents() -> ReportContents {
  let set = Fixtures.cardSet("war")
  do {
    let plan = try PlanCompiler.compile(try RuleSetLoader.builtIn("sealed"), for: set, spec: try SpecLoader.builtIn("sealed"))
    let expectations = try Expectations(plan: plan)
    let tally = Simulation.run(.init(plan: plan, pools: 1_000_000, seed: 1, threads: 2)).tally
    let run = RunInfo(toolVersion: "bench", seed: 1, poolsRequested: 1_000_000, threads: 2, elapsedSeconds: 1, startedAt: RunInfo.now(), command: "sealed check war --rules sealed --pools 1000000 --seed 1")
    return try CheckReport(plan: plan, expectations: expectations, tally: tally, run: run, record: ("tallies.json", ""), alpha: 0.001)
      .contents
  } catch {
    fatalError("Sealed benchmarks: cannot check war: \(error)")
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark(
    "war report.html (1,000,000 pools checked)",
    configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(3))
  ) { benchmark, contents in
    for _ in benchmark.scaledIterations {
      let html = try HTMLReport.render(contents)
      precondition(html.utf8.count < 1_000_000, "report.html is \(html.utf8.count) bytes")
      blackHole(html)
    }
  } setup: {
    warReportContents()
  }
}
