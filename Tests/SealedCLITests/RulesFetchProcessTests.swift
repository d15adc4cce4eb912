import Foundation
import SealedSupport
import SealedTestSupport
import Testing

/// `sealed rules fetch` in separate processes: Ctrl-C in the middle of a download installs
/// nothing and leaves nothing behind, and two fetches at the same moment both end with whole
/// releases. No test touches the internet.
@Suite struct RulesFetchProcessTests {
  /// Starts `sealed` with `arguments`, its output to files of `folder`.
  func start(_ arguments: [String], env: [String: String], folder: URL, label: String) throws -> (Process, URL, URL) {
    let process = Process()
    process.executableURL = SealedExecutable.url
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in env { environment[key] = value.isEmpty ? nil : value }
    process.environment = environment
    let out = folder.appendingPathComponent("\(label).out")
    let err = folder.appendingPathComponent("\(label).err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    return (process, out, err)
  }

  /// Waits for `process`, at most `seconds`; false when it did not end.
  func wait(_ process: Process, seconds: Double) -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < end { Thread.sleep(forTimeInterval: 0.05) }
    return !process.isRunning
  }

  @Test(.heavy) func ctrlCDuringADownloadInstallsNothing() throws {
    let server = try RulesFetchCommandTests.ReleaseServer()
    let (home, env) = try RulesFetchCommandTests.environment()
    let installed = try SealedExecutable.run(["rules", "fetch", "--from", server.base + "/older.json", "--quiet"], environment: env)
    let name = try #require(installed.stdout.firstMatch(of: /CHANGED: (mtgwtf-[0-9a-f]{8})/)?.1)
    let before = try RulesFetchCommandTests.snapshot(home)

    let (process, out, err) = try start(
      ["rules", "fetch", "--from", server.base + "/stall-midway.json", "--timeout", "60"], env: env, folder: home, label: "interrupted")
    // Interrupted once the server has sent a third of the file and the download waits for more.
    let asked = Date().addingTimeInterval(10)
    while !server.server.requests.contains(where: { $0.path == "/stall-midway.json" }) && Date() < asked { Thread.sleep(forTimeInterval: 0.05) }
    Thread.sleep(forTimeInterval: 0.5)
    #expect(process.isRunning)
    process.interrupt()
    #expect(wait(process, seconds: 10), "sealed rules fetch did not stop on Ctrl-C")
    #expect(process.terminationStatus == 130)
    let stderr = try String(contentsOf: err, encoding: .utf8)
    #expect(stderr.contains("sealed: interrupted; stopping (nothing is installed unless the release was already being put in place)\n"), "\(stderr)")
    #expect(stderr.hasSuffix("sealed: error: interrupted; nothing was installed (the release in use is still \(name))\n"), "\(stderr)")
    #expect(try String(contentsOf: out, encoding: .utf8).isEmpty)
    // Nothing installed, nothing half-made left behind, and the release in use answers.
    #expect(try RulesFetchCommandTests.snapshot(home) == before)
    let lint = try SealedExecutable.run(["rules", "lint", "--out", home.appendingPathComponent("lint").path], environment: env)
    #expect(lint.stdout.hasPrefix("lint: no warnings (3 products)\n"), "\(lint.stdout)")
  }

  @Test(.heavy) func twoFetchesAtOnceEachInstallAWholeRelease() throws {
    // Each answer is held back a second, so that the two downloads overlap.
    let server = try RulesFetchCommandTests.ReleaseServer(delay: 1)
    let (home, env) = try RulesFetchCommandTests.environment()
    let fetches = try [("older", "/older.json"), ("newer", "/newest.json"), ("newer-again", "/newest.json")].map { label, path in
      try start(["rules", "fetch", "--from", server.base + path, "--quiet"], env: env, folder: home, label: label)
    }
    for (process, _, err) in fetches {
      #expect(wait(process, seconds: 60))
      let stderr = try String(contentsOf: err, encoding: .utf8)
      #expect(process.terminationStatus == 1, "\(stderr)")
    }
    // Two releases (the same download twice is one release), each whole, nothing half-made.
    let entries = try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("releases").path).sorted()
    #expect(entries.count == 2 && entries.allSatisfy { $0.hasPrefix("mtgwtf-") }, "\(entries)")
    let releases = try SealedExecutable.run(["rules", "releases"], environment: env)
    #expect(releases.stdout.split(separator: "\n").filter { $0.hasPrefix("mtgwtf-") }.count == 2, "\(releases.stdout)")
    for entry in entries {
      let lint = try SealedExecutable.run(["rules", "lint", entry, "--out", home.appendingPathComponent("lint-\(entry)").path], environment: env)
      #expect(lint.status == 0 && lint.stdout.hasPrefix("lint: no warnings ("), "\(entry): \(lint.stdout)\(lint.stderr)")
    }
    // Both same downloads ended installed (one put it in place, the other chose it again).
    let outputs = try fetches.map { fetch in try String(contentsOf: fetch.1, encoding: .utf8) }
    #expect(outputs[1].contains("CHANGED: ") && outputs[2].contains("CHANGED: "))
  }
}
