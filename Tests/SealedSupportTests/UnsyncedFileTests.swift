import Foundation
import SealedSupport
import SealedTestSupport
import Testing

/// `UnsyncedFile` writes a report's files into its staging folder: whole, emptying a file that
/// was there, and naming the file and the system's reason when it cannot.
@Suite struct UnsyncedFileTests {
  @Test func writesTheBytesAndEmptiesAFileThatWasThere() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("checks.csv").path
    try UnsyncedFile.write(Data("check,verdict\nsheet common,pass\n".utf8), to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "check,verdict\nsheet common,pass\n")
    try UnsyncedFile.write(Data("short\n".utf8), to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "short\n")
    let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try UnsyncedFile.write(bytes, to: path)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
  }

  @Test func aFolderThatIsMissingIsNamedWithTheSystemsReason() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("gone/report.html").path
    #expect {
      try UnsyncedFile.write(Data("x".utf8), to: path)
    } throws: { error in
      let failure = error as? AtomicFile.Failure
      return failure?.path == path && failure?.reason == "no such file or directory"
    }
  }
}
