import Benchmark

extension BenchmarkMetric {
  /// Boosters generated per second of wall-clock time, timed around the generating call only.
  /// Shown raw (not scaled, unit "#") so that every benchmark reports it the same way.
  public static var boostersPerSecond: BenchmarkMetric {
    .custom("Boosters / s", polarity: .prefersLarger, useScalingFactor: false)
  }

  /// The engine's speed as a percentage of another implementation's, both timed back to back
  /// in the same iteration on the same thread.
  public static var percentOfReference: BenchmarkMetric {
    .custom("Engine / C (%)", polarity: .prefersLarger, useScalingFactor: false)
  }

  /// War mtgwtf's boosters per second as a percentage of war sealed's, both timed back to back
  /// in the same iteration on the same thread.
  public static var percentOfSealed: BenchmarkMetric {
    .custom("mtgwtf / sealed (%)", polarity: .prefersLarger, useScalingFactor: false)
  }
}

extension Benchmark.Configuration {
  /// The metrics every pool benchmark reports.
  public static func pools(
    scalingFactor: BenchmarkScalingFactor, extraMetrics: [BenchmarkMetric] = [],
    maxDuration: Duration = .seconds(1), maxIterations: Int = 10_000
  ) -> Benchmark.Configuration {
    Benchmark.Configuration(
      metrics: [.wallClock, .throughput, .boostersPerSecond, .mallocCountTotal] + extraMetrics,
      units: [.boostersPerSecond: .count],
      scalingFactor: scalingFactor,
      maxDuration: maxDuration,
      maxIterations: maxIterations
    )
  }
}

extension Benchmark {
  /// Runs `work`, which generates `boosters` boosters, and records their rate as
  /// `boostersPerSecond`. The clock reads cost tens of nanoseconds, against the hundreds of
  /// microseconds or more that every measured call takes.
  @inline(__always)
  public func recordBoosterRate<T>(boosters: Int, _ work: () -> T) -> T {
    let clock = ContinuousClock()
    let start = clock.now
    let result = work()
    let elapsed = start.duration(to: clock.now)
    let (seconds, attoseconds) = elapsed.components
    let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    if nanoseconds > 0 {
      measurement(.boostersPerSecond, Int((Double(boosters) * 1e9 / nanoseconds).rounded()))
    }
    return result
  }
}
