import Foundation
import SealedTestSupport
import Testing

/// The tests start copies of `sealed`; a copy still open for writing somewhere cannot be run
/// (ETXTBSY), which once failed a CI run. These check that the runner waits that out.
@Suite struct ExecutableLaunchTests {
  /// An executable script held open for writing by this process, and a descriptor to close.
  private func busyScript() throws -> (URL, Int32) {
    let script = try Fixtures.temporaryDirectory().appendingPathComponent("busy")
    let descriptor = open(script.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    try #require(descriptor >= 0)
    let text = "#!/bin/sh\necho started\n"
    #expect(write(descriptor, text, text.utf8.count) == text.utf8.count)
    return (script, descriptor)
  }

  @Test func anExecutableOpenForWritingIsRecognisedAsBusy() throws {
    let (script, descriptor) = try busyScript()
    defer { close(descriptor) }
    let process = Process()
    process.executableURL = script
    #expect {
      try process.run()
    } throws: { error in
      SealedExecutable.isBusyText(error as NSError)
    }
  }

  @Test func aBusyExecutableIsStartedOnceItIsClosed() throws {
    let (script, descriptor) = try busyScript()
    // A thread of its own: the global queue may be busy with other tests' blocking reads.
    Thread {
      Thread.sleep(forTimeInterval: 0.2)
      close(descriptor)
    }.start()
    let started = Date()
    let (process, out, _, _) = try SealedExecutable.launch(
      script, arguments: [], environment: [:], workingDirectory: nil)
    // It waited for the close (a first start succeeding at once would have been no test).
    #expect(Date().timeIntervalSince(started) >= 0.15)
    let printed = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(String(decoding: printed, as: UTF8.self) == "started\n")
    #expect(process.terminationStatus == 0)
  }
}
