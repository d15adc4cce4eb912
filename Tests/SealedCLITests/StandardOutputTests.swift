import Foundation
@testable import SealedCLI
import SealedTestSupport
import Testing

/// What a command prints must reach its file: on a full disk (`/dev/full`), a command whose
/// output is redirected fails with one line naming the cause (it printed nothing and exited 0,
/// leaving a cut file), whether its output is small (the last flush fails) or large (a write in
/// the middle fails); a reader that stops early (`| head`) is no error.
@Suite struct StandardOutputTests {
  /// `sealed ARGUMENTS` run by the shell with `redirect` after it (`> /dev/full`, `| head -c 10`).
  func shell(_ arguments: [String], _ redirect: String, home: URL) throws -> CommandResult {
    let line = "\"$0\" " + arguments.map { "'\($0)'" }.joined(separator: " ") + " " + redirect
    return try SealedExecutable.run(
      ["-c", line, SealedExecutable.url.path], environment: ["SEALED_HOME": home.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
  }

  // `sets` prints some 70 KB (a write in the middle fails), `open` a few (the last flush does).
  @Test(arguments: [["sets"], ["open", "war", "--seed", "1", "--cards", Fixtures.shippedCards],
                    ["open", "war", "--seed", "1", "--format", "json", "--cards", Fixtures.shippedCards],
                    // A pack file to standard output, written by its own writer (it said
                    // "<stdout>: cannot write the pack file": a review).
                    ["open", "war", "--seed", "1", "--pools", "3", "--format", "list", "--cards", Fixtures.shippedCards]])
  func aFullDiskFailsTheCommandInOneLine(arguments: [String]) throws {
    let home = try Fixtures.temporaryDirectory()
    let result = try shell(arguments, "> /dev/full", home: home)
    #expect(result.status == 2, "\(result.stderr)")
    // The cause is named whether the write that failed was the last flush or one before it,
    // whose errno is gone by the end (`sets` said only "a write failed").
    #expect(result.stderr == "sealed: error: standard output: no space left on device; what it holds is incomplete\n")
  }

  /// A file on a full file system: the superuser is refused when no block is free at all,
  /// anyone else already when only the blocks kept back for the superuser are.
  @Test func aFullFileSystemIsToldByTheBlocksLeftToTheUser() {
    var space = statvfs()
    space.f_bfree = 100
    space.f_bavail = 0
    #expect(StandardOutputCheck.fileSystemIsFull(space, superuser: false))
    #expect(!StandardOutputCheck.fileSystemIsFull(space, superuser: true))
    space.f_bfree = 0
    #expect(StandardOutputCheck.fileSystemIsFull(space, superuser: true))
    space.f_bavail = 7
    space.f_bfree = 7
    #expect(!StandardOutputCheck.fileSystemIsFull(space, superuser: false))
  }

  /// With SIGPIPE at its default the reader's going ends `sealed`; with SIGPIPE ignored (a
  /// parent that ignores it, here the shell's `trap '' PIPE`, passes that on) its writes fail
  /// with EPIPE, which is no error either (it said "a write failed; what it holds is incomplete").
  @Test(arguments: ["", "trap '' PIPE; "])
  func aReaderThatStopsEarlyIsNoError(trap: String) throws {
    let home = try Fixtures.temporaryDirectory()
    let line = trap + "\"$0\" sets | head -c 10"
    let result = try SealedExecutable.run(
      ["-c", line, SealedExecutable.url.path], environment: ["SEALED_HOME": home.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(result.stdout.count == 10)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  /// Pack files written to standard output (`open --out -`) end quietly too when their reader
  /// goes with SIGPIPE ignored (it said "cannot write the pack file (broken pipe)", exit 2).
  @Test(arguments: ["csv", "list"])
  func aPackFileOnStandardOutputEndsQuietly(format: String) throws {
    let home = try Fixtures.temporaryDirectory()
    let line = "trap '' PIPE; \"$0\" open war --rules retail --pools 2000 --seed 1 --format \(format) --out - | head -c 10"
    let result = try SealedExecutable.run(
      ["-c", line, SealedExecutable.url.path], environment: ["SEALED_HOME": home.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(result.stdout.count == 10)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }
}
