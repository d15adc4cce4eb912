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

  /// Runs a job's writing of its files (after `run`): Ctrl-C quits at once, removing the files
  /// left unfinished (a report's staging folder, `pools.csv` of many samples), with a line
  /// saying so; what was already put in place stays.
  static func writing<T>(interrupted: Bool = false, _ body: () throws -> T) throws -> T {
    let interrupt = InterruptFlag(
      message: "interrupted while writing; the unfinished files are removed (files already in place stay)", quitting: true)
    defer { interrupt.restore() }
    do {
      return try body()
    } catch let error as DataError where interrupted {
      // A run Ctrl-C stopped whose report could not be written (a complete one is in the way)
      // still exits as an interrupted run.
      throw CommandFailure(status: 130, message: error.description)
    }
  }
}
