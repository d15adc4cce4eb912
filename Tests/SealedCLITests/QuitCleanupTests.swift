import Foundation
import SealedTestSupport
import Testing

/// Ctrl-C and SIGTERM remove the hidden partial files of a command that sets no interrupt flag
/// of its own: a `cards fetch` stopped during a set left `cards/.war.json.partial-PID-N` behind,
/// which no later fetch removed.
@Suite struct QuitCleanupTests {
  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func aQuitDuringAFetchLeavesNoPartialFile(signal: Int32, status: Int32) throws {
    // Page 1 of war's 264 cards comes, page 2 never does.
    let server = try FakeScryfall(shippedSets: ["war"], fault: .silentFrom(page: 2, seconds: 30))
    let home = try Fixtures.temporaryDirectory()
    let process = Process()
    process.executableURL = SealedExecutable.url
    process.arguments = ["cards", "fetch", "war", "--api", server.baseURL, "--quiet"]
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["SEALED_HOME": home.path, "SEALED_CARDS": "", "NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1"]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let watchdog = SealedExecutable.killAfter(90, process)
    defer { watchdog.cancel() }
    let cards = home.appendingPathComponent("cards").path
    func partials() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: cards)) ?? []).filter { $0.contains(".partial-") }
    }
    let deadline = Date().addingTimeInterval(60)
    while partials().isEmpty, process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    #expect(!partials().isEmpty, "the fetch never began the set's file")
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == status, "\(process.terminationReason) \(process.terminationStatus)")
    #expect(partials().isEmpty)
  }
}
