import Dispatch
import Foundation
import Synchronization

/// Turns Ctrl-C into a flag the simulation polls between chunks, so an interrupted run can
/// still write the report of the pools it finished. A second Ctrl-C exits at once; with
/// `quitting`, the first does (for a command that has nothing to write until its end).
// `source` is set once in init and only cancelled from the thread that created it.
final class InterruptFlag: @unchecked Sendable {
  private final class State: Sendable {
    let raised = Atomic<Bool>(false)
  }
  private let state = State()
  private let source: DispatchSourceSignal

  /// `message` is what the first Ctrl-C prints (after `sealed: `): what the command does now;
  /// with `quitting`, what stopping now leaves, before it exits with status 130.
  init(
    message: String = "interrupted; finishing the current chunks and writing the report (Ctrl-C again to quit now)",
    quitting: Bool = false
  ) {
    signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "sealed.interrupt"))
    source.setEventHandler { [state] in
      if quitting {
        FileHandle.standardError.write(Data("\nsealed: \(message)\n".utf8))
        exit(130)
      }
      if state.raised.exchange(true, ordering: .relaxed) {
        FileHandle.standardError.write(Data("\nsealed: interrupted again; exiting without a report\n".utf8))
        exit(130)
      }
      FileHandle.standardError.write(Data("\nsealed: \(message)\n".utf8))
    }
    source.resume()
  }

  var isRaised: Bool { state.raised.load(ordering: .relaxed) }

  func restore() {
    source.cancel()
    signal(SIGINT, SIG_DFL)
  }
}
