import Dispatch
import Foundation

extension SealedExecutable {
  /// Kills `process` (SIGKILL) if it is still running after `seconds`, so that a test of
  /// Ctrl-C fails instead of hanging, and leaves no process behind. Cancel it when done.
  package static func killAfter(_ seconds: Double, _ process: Process) -> DispatchWorkItem {
    let pid = process.processIdentifier
    let item = DispatchWorkItem { if process.isRunning { kill(pid, SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
    return item
  }
}

/// A `sealed` process started for a Ctrl-C test, standard output and error piped.
package struct StartedSealed {
  package let process: Process
  package let output: Pipe
  /// What standard error said up to the text waited for (or all of it, if it closed first).
  package let stderr: String
  let errors: Pipe

  /// Standard output to its end (call after the signal; it returns when the process closes it).
  package func readOutput() -> String {
    String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// Standard error after `stderr`, to its end (call after the signal).
  package func readErrors() -> String {
    String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// Standard error after `stderr`, read until `text` appears (or the process closes it, or a
  /// minute passes and it is killed): for a test that signals again once the first was heard.
  /// `finish` then returns what follows.
  package func readErrors(until text: String) -> String {
    let watchdog = SealedExecutable.killAfter(60, process)
    defer { watchdog.cancel() }
    var read = ""
    while !read.contains(text) {
      let data = errors.fileHandleForReading.availableData
      guard !data.isEmpty else { break }
      read += String(decoding: data, as: UTF8.self)
    }
    return read
  }

  /// Once the test has sent its signals: standard output and error to their end and the exit
  /// status, the process killed if it still runs after `seconds` (a Ctrl-C test then fails
  /// instead of hanging).
  package func finish(within seconds: Double = 60) -> (status: Int32, output: String, errors: String) {
    let watchdog = SealedExecutable.killAfter(seconds, process)
    defer { watchdog.cancel() }
    let output = readOutput()
    let errors = readErrors()
    process.waitUntilExit()
    return (process.terminationStatus, output, errors)
  }
}

extension SealedExecutable {
  /// Starts `sealed arguments` and reads its standard error until `text` appears: a process the
  /// test runner starts inherits SIGINT ignored until sealed installs its handler, so a Ctrl-C
  /// test waits for a line printed after that before it sends SIGINT.
  package static func start(_ arguments: [String], waitingFor text: String, workingDirectory: URL? = nil) throws -> StartedSealed {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    var stderr = ""
    while !stderr.contains(text) {
      let data = errors.fileHandleForReading.availableData
      guard !data.isEmpty else { break }
      stderr += String(decoding: data, as: UTF8.self)
    }
    return StartedSealed(process: process, output: output, stderr: stderr, errors: errors)
  }
}
