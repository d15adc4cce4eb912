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

  /// A copy of `sealed` at `target`, for a test that runs it away from its build folder: a hard
  /// link where the file system allows one (no file is written, so no child process another test
  /// starts meanwhile can inherit a descriptor open for writing on it), else a copy.
  package static func copy(to target: URL) throws {
    if link(url.path, target.path) == 0 { return }
    try FileManager.default.copyItem(at: url, to: target)
  }

  /// Starts `executable` with pipes for its three standard streams. A freshly copied executable
  /// can be "busy" (ETXTBSY) for a moment: a process another test forked while the copy was being
  /// written holds the copy's descriptor until it execs. Starting again a little later is then
  /// the answer, up to about two seconds; any other failure is thrown at once.
  package static func launch(
    _ executable: URL, arguments: [String], environment: [String: String], workingDirectory: URL?
  ) throws -> (Process, out: Pipe, err: Pipe, input: Pipe) {
    var attempt = 0
    while true {
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.environment = environment
      if let workingDirectory { process.currentDirectoryURL = workingDirectory }
      let (out, err, input) = (Pipe(), Pipe(), Pipe())
      process.standardOutput = out
      process.standardError = err
      process.standardInput = input
      do {
        try process.run()
        return (process, out, err, input)
      } catch let error as NSError where isBusyText(error) && attempt < 100 {
        attempt += 1
        usleep(20_000)
      }
    }
  }

  /// Whether starting a process failed because its executable was open for writing (ETXTBSY).
  package static func isBusyText(_ error: NSError) -> Bool {
    let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
    return [error, underlying].contains { $0?.domain == NSPOSIXErrorDomain && $0?.code == Int(ETXTBSY) }
  }

  /// Runs `sealed` with `arguments`; `environment` entries are added to (or, with an empty value,
  /// removed from) the test process's environment, or to `replacingEnvironment` when given.
  package static func run(
    _ arguments: [String], environment: [String: String] = [:], workingDirectory: URL? = nil,
    stdin: String? = nil, executable: URL? = nil, replacingEnvironment: [String: String]? = nil
  ) throws -> CommandResult {
    var env = replacingEnvironment ?? ProcessInfo.processInfo.environment
    for (key, value) in environment {
      env[key] = value.isEmpty ? nil : value
    }
    let (process, out, err, input) = try launch(
      executable ?? url, arguments: arguments, environment: env, workingDirectory: workingDirectory)
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
