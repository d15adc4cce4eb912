import Dispatch
import Foundation
import Synchronization
import SealedSupport

/// Turns Ctrl-C into a flag the simulation polls between chunks, so an interrupted run can
/// still write the report of the pools it finished. A second Ctrl-C exits at once; with
/// `quitting`, the first does (for a command that has nothing to write until its end, or that
/// is writing its files). Exiting, it removes the files left unfinished (`PendingFiles`).
///
/// One signal source serves the whole process (`Listener`): libdispatch installs its handler
/// for SIGINT once, so a second source made after `signal(SIGINT, ...)` was reset never heard
/// Ctrl-C (a run's writing, after its simulation's flag, ignored it). Between flags, Ctrl-C
/// removes the unfinished files and ends the process with status 130.
final class InterruptFlag: Sendable {
  private let raised = Atomic<Bool>(false)
  private let message: String
  private let quitting: Bool

  /// `message` is what the first Ctrl-C prints (after `sealed: `): what the command does now;
  /// with `quitting`, what stopping now leaves, before it exits with status 130.
  init(
    message: String = "interrupted; finishing the current chunks and writing the report (Ctrl-C again to quit now)",
    quitting: Bool = false
  ) {
    self.message = message
    self.quitting = quitting
    Listener.shared.listen(self)
  }

  var isRaised: Bool { raised.load(ordering: .relaxed) }

  /// Makes Ctrl-C and SIGTERM, from now on, remove the unfinished files (`PendingFiles`) before
  /// they end the process (status 130 and 143, as the shell reports a process they killed):
  /// a command that sets no flag (`cards fetch`, `export`) left its hidden partial file behind.
  /// Called once as the process starts; cost: two signal sources registered.
  static func removeUnfinishedFilesOnQuit() {
    _ = Listener.shared
    _ = TerminationListener.shared
  }

  /// Stops listening: Ctrl-C ends the process again (after removing unfinished files).
  func restore() {
    Listener.shared.stopListening(self)
  }

  /// Ctrl-C, heard while this flag listens.
  fileprivate func heard() {
    if quitting { Self.quit(saying: message) }
    if raised.exchange(true, ordering: .relaxed) { Self.quit(saying: "interrupted again; exiting without a report") }
    FileHandle.standardError.write(Data("\nsealed: \(message)\n".utf8))
  }

  private static func quit(saying message: String) -> Never {
    FileHandle.standardError.write(Data("\nsealed: \(message)\n".utf8))
    PendingFiles.removeAllAndExit(130)
  }

  /// The process's one SIGINT source and the flag it tells.
  // `source` is set once in init and never touched again (kept only to keep it alive).
  private final class Listener: @unchecked Sendable {
    static let shared = Listener()
    private final class Current: Sendable {
      let flag = Mutex<InterruptFlag?>(nil)
    }
    private let current = Current()
    private let source: DispatchSourceSignal

    private init() {
      signal(SIGINT, SIG_IGN)
      source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "sealed.interrupt"))
      source.setEventHandler { [current] in
        guard let flag = current.flag.withLock({ $0 }) else {
          // No command stage is listening: end the process as Ctrl-C does by default (status
          // 130), once the files are removed. (Not raise(SIGINT): libdispatch blocks it on the
          // thread this runs on, so the process would go on.)
          PendingFiles.removeAllAndExit(130)
        }
        flag.heard()
      }
      // libdispatch registers the source on its own thread, after `resume()`; until then
      // Ctrl-C meets SIG_IGN and is lost. Wait for the registration (microseconds, unless the
      // machine is loaded: once a test's two Ctrl-Cs were both lost, and this window is the
      // likely cause), so that Ctrl-C is heard from the moment a flag exists.
      Self.register(source)
    }

    func listen(_ flag: InterruptFlag) { current.flag.withLock { $0 = flag } }

    /// Registers `source` and waits until libdispatch has (see `init`).
    static func register(_ source: DispatchSourceSignal) {
      let registered = DispatchSemaphore(value: 0)
      source.setRegistrationHandler { registered.signal() }
      source.resume()
      _ = registered.wait(timeout: .now() + 10)
    }

    func stopListening(_ flag: InterruptFlag) {
      current.flag.withLock { if $0 === flag { $0 = nil } }
    }
  }

  /// SIGTERM (`kill`, `timeout`, a job scheduler), heard at any time: the unfinished files are
  /// removed and the process ends with status 143. A run stopped so writes no report (Ctrl-C
  /// is the way to stop one that should).
  // `source` is set once in init and never touched again (kept only to keep it alive).
  private final class TerminationListener: @unchecked Sendable {
    static let shared = TerminationListener()
    private let source: DispatchSourceSignal

    private init() {
      signal(SIGTERM, SIG_IGN)
      source = DispatchSource.makeSignalSource(signal: SIGTERM, queue: DispatchQueue(label: "sealed.terminate"))
      source.setEventHandler { PendingFiles.removeAllAndExit(143) }
      Listener.register(source)
    }
  }
}
