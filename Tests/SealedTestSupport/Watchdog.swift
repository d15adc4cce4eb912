import Dispatch
import Foundation

extension SealedExecutable {
  /// Kills `process` (SIGKILL) if it is still running after `seconds`, so that a test of
  /// Ctrl-C fails instead of hanging, and leaves no process behind. Cancel it when done.
  public static func killAfter(_ seconds: Double, _ process: Process) -> DispatchWorkItem {
    let pid = process.processIdentifier
    let item = DispatchWorkItem { if process.isRunning { kill(pid, SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
    return item
  }
}
