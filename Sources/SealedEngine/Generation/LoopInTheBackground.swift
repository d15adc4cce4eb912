import Foundation
import Synchronization
import SealedLoops

/// A run's compiled loop (`CompiledLoop`), loaded or compiled on a thread of its own while the
/// run's threads draw from the engine's tables: the same pools either way, so a thread takes the
/// loop up at its next chunk once it is ready, and the run's progress never waits for the
/// compiler (0.2 s or so alone, a second or more on a loaded machine, where a run's first
/// progress waited for it).
final class LoopInTheBackground: Sendable {
  private let loop = Mutex<CompiledLoop?>(nil)
  private let done = DispatchSemaphore(value: 0)
  private let started: Bool

  /// Starts loading `tables`' loop when `wanted` (its compiler and cache found through
  /// `environment`), and waits for it when not `inTheBackground`; else there is none.
  init(tables: EngineTables, environment: [String: String], wanted: Bool, inTheBackground: Bool) {
    started = wanted && inTheBackground
    guard wanted else { return }
    guard inTheBackground else {
      loop.withLock { $0 = CompiledLoop.load(for: tables, environment: environment) }
      return
    }
    let thread = Thread { [self] in
      let compiled = CompiledLoop.load(for: tables, environment: environment)
      loop.withLock { $0 = compiled }
      done.signal()
    }
    thread.start()
  }

  /// The loop once it is loaded; nil before, and when there is none.
  var ready: CompiledLoop? { loop.withLock { $0 } }

  /// Waits for the loading to end (a run that finished first leaves the cache its loop for the
  /// next run). Cost: nothing when it ended or never started.
  func waitUntilDone() {
    if started { done.wait() }
  }
}
