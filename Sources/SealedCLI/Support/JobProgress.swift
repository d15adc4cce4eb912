import SealedSupport

/// Runs a job's work under Ctrl-C handling and a progress bar on standard error: `body` gets
/// the progress callback and the stop flag to hand to the job. The interrupt handler is
/// restored and the bar finished however `body` ends.
enum JobProgress {
  static func run<T>(
    total: Int, unit: String = "pools", quiet: Bool, _ body: (_ progress: @escaping @Sendable (Int) -> Void, _ stop: InterruptFlag) throws -> T
  ) rethrows -> T {
    let interrupt = InterruptFlag()
    defer { interrupt.restore() }
    let progress = ProgressBar(total: total, unit: unit, enabled: !quiet)
    defer { progress.finish() }
    return try body({ progress.update($0) }, interrupt)
  }
}
