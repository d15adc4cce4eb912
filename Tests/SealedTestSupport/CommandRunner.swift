import Foundation

/// Runs the built `sealed` executable and captures what it printed.
package struct CommandResult: Sendable {
  package var status: Int32
  package var stdout: String
  package var stderr: String
}

package enum SealedExecutable {
  /// The `sealed` binary beside the test bundle in the build products folder.
  package static var url: URL {
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = bundle.deletingLastPathComponent()
    // On macOS the test binary sits inside an .xctest bundle.
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("sealed").path),
      folder.path != "/"
    {
      folder = folder.deletingLastPathComponent()
    }
    return folder.appendingPathComponent("sealed")
  }

  /// Runs `sealed` with `arguments`; `environment` entries are added to (or, with an empty value,
  /// removed from) the test process's environment, or to `replacingEnvironment` when given.
  package static func run(
    _ arguments: [String], environment: [String: String] = [:], workingDirectory: URL? = nil,
    stdin: String? = nil, executable: URL? = nil, replacingEnvironment: [String: String]? = nil
  ) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable ?? url
    process.arguments = arguments
    var env = replacingEnvironment ?? ProcessInfo.processInfo.environment
    for (key, value) in environment {
      env[key] = value.isEmpty ? nil : value
    }
    process.environment = env
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    try process.run()
    // Written beside the reading, as a shell's pipe would be, by a thread of its own that blocks
    // SIGPIPE: a child that stops reading early (a refusal at some line) ends the writing with
    // EPIPE, not the test process; the signal, pending on that thread, goes with it, and no
    // child inherits an ignored or blocked SIGPIPE.
    let group = DispatchGroup()
    let writing = input.fileHandleForWriting
    group.enter()
    let writer = Thread {
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
      if let stdin { try? writing.write(contentsOf: Data(stdin.utf8)) }
      try? writing.close()
      group.leave()
    }
    writer.start()
    // Read both pipes before waiting so a large output cannot block the child.
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
      outData = out.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    errData = err.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CommandResult(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
