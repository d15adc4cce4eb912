import Benchmark
import BenchmarkFixtures
import SealedEngine
import WarSealedReference

// Pool generation with SealedEngine.
//
// Reading the figures (see also README.md):
//
// - "Boosters / s" is boosters generated per second of wall-clock time, timed around the
//   generating call. It is not scaled: read it as is.
// - Everything else uses the scaling factor: ONE SCALED ITERATION IS ONE POOL of 6 boosters
//   (`plan.boostersPerPool`, checked in setup). Each measured iteration generates
//   `scalingFactor` pools in a single call (1,000 pools for the single-threaded benchmarks,
//   1,000,000 for the `Simulation.run` ones), and the tool divides by that, marking such rows
//   with `*`. So "Time (wall clock) *" is the time per pool (per booster: divide by 6), and
//   "Malloc (total) *" is allocations per pool (0: none per pool or booster; the few of a whole
//   call, if any, round away).
// - "Throughput" is pools per second in the unit its header shows (K = thousands, M =
//   millions); boosters per second = 6 × throughput. It is an integer count of iterations per
//   second, so it is coarse for the long `Simulation.run` iterations: use "Boosters / s" there.
//
// Pass `--scale` to the plugin to see per-iteration figures instead.
//
// Tallying: the engine's per-booster counting is internal and happens inside the draw loop, so
// it cannot be timed alone. "war sealed pool" is draw + tally; "war sealed draw only" is the
// same draw with only a checksum; tallying costs the difference. "war sealed tally merge" times
// `SimulationTally.add`, which a run does once per thread and `sealed merge` once per shard.

/// One single-threaded generator and its random stream, built in the setup closure; with
/// `compilingLoop`, drawing with the plan's compiled loop when it has one (as a long
/// `sealed simulate` does), else from the engine's tables.
final class SamplerFixture {
  let sampler: PoolSampler
  var rng = Xoshiro256StarStar(seed: 1)

  init(set: String, rules: String, compilingLoop: Bool = false) {
    let plan = Fixtures.plan(set: set, rules: rules)
    precondition(plan.boostersPerPool == 6, "the per-booster conversion assumes 6 boosters per pool")
    sampler = PoolSampler(plan: plan, compilingLoop: compilingLoop)
  }

  var boostersPerPool: Int { sampler.plan.boostersPerPool }
}

/// The pools each side of a ratio benchmark generates per iteration.
let pairPools = 20_000

/// War under `mtgwtf` (boosters as printed) and under `sealed`, for the ratio benchmark.
final class PrintedPair {
  let printed = SamplerFixture(set: "war", rules: "mtgwtf", compilingLoop: true)
  let sealed = SamplerFixture(set: "war", rules: "sealed", compilingLoop: true)
  let turns = Turns()

  init() {
    precondition(printed.sampler.drawsWithCompiledLoop && sealed.sampler.drawsWithCompiledLoop, "no compiled loop: is clang on PATH?")
  }
}

/// The engine and the C kernel side by side, for the ratio benchmark.
final class ReferencePair {
  let sampler: PoolSampler
  var rng = Xoshiro256StarStar(seed: 1)
  let reference: UnsafeMutablePointer<WarSealedReference>
  let turns = Turns()

  init(compilingLoop: Bool) {
    sampler = PoolSampler(plan: Fixtures.plan(set: "war", rules: "sealed"), compilingLoop: compilingLoop)
    precondition(sampler.drawsWithCompiledLoop == compilingLoop, "no compiled loop for war sealed: is clang on PATH?")
    reference = .allocate(capacity: 1)
    war_sealed_reference_init(reference, 1)
  }
}

/// The two C kernels, war mtgwtf's and war sealed's.
final class ReferenceKernels {
  let printed: UnsafeMutablePointer<WarMtgwtfReference>
  let sealed: UnsafeMutablePointer<WarSealedReference>
  let turns = Turns()

  init() {
    printed = .allocate(capacity: 1)
    war_mtgwtf_reference_init(printed, 1)
    sealed = .allocate(capacity: 1)
    war_sealed_reference_init(sealed, 1)
  }
}

/// War mtgwtf's engine and its C kernel.
final class PrintedReferencePair {
  let engine = SamplerFixture(set: "war", rules: "mtgwtf", compilingLoop: true)
  let reference: UnsafeMutablePointer<WarMtgwtfReference>
  let turns = Turns()

  init() {
    precondition(engine.sampler.drawsWithCompiledLoop, "no compiled loop for war mtgwtf: is clang on PATH?")
    reference = .allocate(capacity: 1)
    war_mtgwtf_reference_init(reference, 1)
  }
}

/// Times two sides back to back, taking turns at going first from one iteration to the next.
final class Turns {
  private var firstGoesFirst = false
  private let clock = ContinuousClock()

  /// The first side's speed as a percentage of the second's (both doing the same number of
  /// pools): the second's time over the first's.
  func percent(_ first: () -> Void, against second: () -> Void) -> Int {
    func time(_ side: () -> Void) -> Duration {
      let start = clock.now
      side()
      return start.duration(to: clock.now)
    }
    firstGoesFirst.toggle()
    let (firstTime, secondTime) =
      firstGoesFirst ? (time(first), time(second)) : { let s = time(second); return (time(first), s) }()
    return Int((100 * (secondTime / firstTime)).rounded())
  }
}

extension Benchmark.Configuration {
  /// A ratio benchmark: only its percentage, up to 1,000 iterations in 3 seconds.
  static func ratio(_ metric: BenchmarkMetric) -> Benchmark.Configuration {
    .init(metrics: [metric], units: [metric: .count], maxDuration: .seconds(3), maxIterations: 1_000)
  }
}

let benchmarks: @Sendable () -> Void = {
  let singleThreaded = Benchmark.Configuration.pools(scalingFactor: .kilo)

  // 1,000,000 pools per iteration take a few hundred milliseconds: allow a few seconds.
  let multiThreaded = Benchmark.Configuration.pools(
    scalingFactor: .mega, extraMetrics: [.cpuTotal], maxDuration: .seconds(4), maxIterations: 50)

  // Draw and tally, as every simulation does.
  for (name, set, rules) in [
    ("war sealed pool", "war", "sealed"),
    ("war retail pool", "war", "retail"),
    ("war mtgwtf pool", "war", "mtgwtf"),
    ("grn sealed pool", "grn", "sealed"),
  ] {
    Benchmark(name, configuration: singleThreaded) { benchmark, fixture in
      let pools = benchmark.scaledIterations.count
      benchmark.recordBoosterRate(boosters: pools * fixture.boostersPerPool) {
        fixture.sampler.generate(pools: pools, using: &fixture.rng)
      }
      blackHole(fixture.sampler.tally.pools)
    } setup: {
      SamplerFixture(set: set, rules: rules)
    }
  }

  // The same draws as "war sealed pool" without tallying.
  Benchmark("war sealed draw only", configuration: singleThreaded) { benchmark, fixture in
    let pools = benchmark.scaledIterations.count
    let checksum = benchmark.recordBoosterRate(boosters: pools * fixture.boostersPerPool) {
      fixture.sampler.generateUntallied(pools: pools, using: &fixture.rng)
    }
    blackHole(checksum)
  } setup: {
    SamplerFixture(set: "war", rules: "sealed")
  }

  // The same work with war's rules written into C: what the machine gives such a loop in this
  // run, to read the engine's figures against (the VM's speed changes from minute to minute).
  Benchmark("war sealed C reference (rules in the code)", configuration: singleThreaded) { benchmark, state in
    let pools = benchmark.scaledIterations.count
    let checksum = benchmark.recordBoosterRate(boosters: pools * 6) {
      war_sealed_reference_run(state, Int64(pools))
    }
    blackHole(checksum)
  } setup: {
    let state = UnsafeMutablePointer<WarSealedReference>.allocate(capacity: 1)
    war_sealed_reference_init(state, 1)
    return state
  }

  // The engine against the C kernel, timed back to back on the same thread in every iteration
  // (20,000 pools each, taking turns at going first): their ratio hardly depends on how fast
  // the machine runs at the time. The engine's time includes its chunk bookkeeping (clearing
  // and adding up its counters every 4,096 pools), which the C kernel does not do.
  // Both with the engine drawing from its compiled loop and, as runs too short to compile a loop
  // for do, from its tables.
  let enginePairs = [("war sealed engine / C reference", true), ("war sealed engine tables / C reference", false)]
  for (name, compilingLoop) in enginePairs {
    Benchmark(name, configuration: .ratio(.percentOfReference)) { benchmark, pair in
      benchmark.measurement(
        .percentOfReference,
        pair.turns.percent(
          { pair.sampler.generate(pools: pairPools, using: &pair.rng) },
          against: { blackHole(war_sealed_reference_run(pair.reference, Int64(pairPools))) }))
    } setup: {
      ReferencePair(compilingLoop: compilingLoop)
    }
  }

  // Boosters as printed against war sealed, timed back to back on the same thread in every
  // iteration (20,000 pools each, taking turns at going first): war mtgwtf's boosters per second
  // as a percentage of war sealed's.
  Benchmark("war mtgwtf / war sealed", configuration: .ratio(.percentOfSealed)) { benchmark, pair in
    benchmark.measurement(
      .percentOfSealed,
      pair.turns.percent(
        { pair.printed.sampler.generate(pools: pairPools, using: &pair.printed.rng) },
        against: { pair.sealed.sampler.generate(pools: pairPools, using: &pair.sealed.rng) }))
  } setup: {
    PrintedPair()
  }

  // The same pair as C kernels with each booster's shape written into the code, as a loop
  // generated per plan would have it (`Sources/WarSealedReference`): what the machine gives the
  // printed booster's draws against war sealed's, the most a generated loop could bring
  // `war mtgwtf / war sealed` to, were the engine as fast as the C kernel for both.
  Benchmark("war mtgwtf C / war sealed C", configuration: .ratio(.percentOfSealed)) { benchmark, pair in
    benchmark.measurement(
      .percentOfSealed,
      pair.turns.percent(
        { blackHole(war_mtgwtf_reference_run(pair.printed, Int64(pairPools))) },
        against: { blackHole(war_sealed_reference_run(pair.sealed, Int64(pairPools))) }))
  } setup: {
    ReferenceKernels()
  }

  // War mtgwtf's engine against its C kernel, as `war sealed engine / C reference` is: how far
  // the engine's segments are from a loop with the printed booster written into the code.
  Benchmark("war mtgwtf engine / C reference", configuration: .ratio(.percentOfReference)) { benchmark, pair in
    benchmark.measurement(
      .percentOfReference,
      pair.turns.percent(
        { pair.engine.sampler.generate(pools: pairPools, using: &pair.engine.rng) },
        against: { blackHole(war_mtgwtf_reference_run(pair.reference, Int64(pairPools))) }))
  } setup: {
    PrintedReferencePair()
  }

  // One scaled iteration here is one `SimulationTally.add` of a war sealed tally, not a pool:
  // "Throughput" is merges per second and "Time (wall clock) *" the time of one merge.
  Benchmark(
    "war sealed tally merge",
    configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo)
  ) { (benchmark: Benchmark, fixture: SamplerFixture) in
    var total = SimulationTally(plan: fixture.sampler.plan)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      total.add(fixture.sampler.tally)
    }
    benchmark.stopMeasurement()
    blackHole(total.pools)
  } setup: {
    let fixture = SamplerFixture(set: "war", rules: "sealed")
    fixture.sampler.generate(pools: 10_000, using: &fixture.rng)
    return fixture
  }

  // Whole runs, as `sealed simulate` makes them: 1,000,000 pools (245 chunks of 4,096) per
  // iteration, including starting the threads and merging their tallies. With 2 threads,
  // "Time (total CPU) *" should be about twice "Time (wall clock) *" when both cores are free.
  for threads in [1, 2] {
    Benchmark("war sealed \(threads) thread\(threads == 1 ? "" : "s")", configuration: multiThreaded) {
      benchmark, plan in
      let pools = benchmark.scaledIterations.count
      let result = benchmark.recordBoosterRate(boosters: pools * plan.boostersPerPool) {
        Simulation.run(.init(plan: plan, pools: pools, seed: 1, threads: threads))
      }
      precondition(result.tally.pools == pools, "the run stopped early")
      blackHole(result.tally.boosters)
    } setup: {
      Fixtures.plan(set: "war", rules: "sealed")
    }
  }
}
