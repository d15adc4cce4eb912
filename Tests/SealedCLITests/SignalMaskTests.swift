import Foundation
import SealedTestSupport
import Testing

/// `sealed` hears Ctrl-C even when started with SIGINT blocked: a child inherits its parent
/// thread's signal mask through Foundation's Process, and the worker threads of a test runner
/// (or of any program using Dispatch) block every signal. Before, such a `sealed simulate`
/// never heard SIGINT, and `InterruptTests` hung whenever its child was spawned from such a
/// thread.
@Suite struct SignalMaskTests {
  /// Starts `sealed` from a thread that blocks SIGINT, the way a worker thread does.
  static func startWithSIGINTBlocked(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = SealedExecutable.url
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    nonisolated(unsafe) var failure: (any Error)?
    let thread = Thread {
      var blocked = sigset_t()
      sigemptyset(&blocked)
      sigaddset(&blocked, SIGINT)
      pthread_sigmask(SIG_BLOCK, &blocked, nil)
      do { try process.run() } catch { failure = error }
    }
    thread.start()
    while !thread.isFinished { usleep(1000) }
    if let failure { throw failure }
    return process
  }

  /// Whether the process's signal mask blocks SIGINT (Linux: /proc/PID/status, `SigBlk`, a
  /// hexadecimal mask whose bit 1 is signal 2).
  static func blocksSIGINT(_ pid: Int32) -> Bool? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
      let mask = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    else { return nil }
    return mask & (1 << (UInt64(SIGINT) - 1)) != 0
  }

  @Test func aRunStartedWithSIGINTBlockedUnblocksIt() throws {
    let dir = try Fixtures.temporaryDirectory()
    let process = try Self.startWithSIGINTBlocked(
      ["simulate", "war", "--pools", "1000000000", "--seed", "3", "--out", dir.appendingPathComponent("report").path, "--quiet",
       "--cards", Fixtures.shippedCards])
    defer {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    // It starts with the mask it inherited and clears SIGINT from it first thing: wait for that
    // (a run that never clears it would go on for hours and not hear Ctrl-C).
    let deadline = Date().addingTimeInterval(30)
    var blocked = Self.blocksSIGINT(process.processIdentifier)
    while blocked != false && process.isRunning && Date() < deadline {
      usleep(10_000)
      blocked = Self.blocksSIGINT(process.processIdentifier)
    }
    #expect(blocked == false, "sealed still blocks SIGINT, so Ctrl-C would never reach it")
  }
}
