import Foundation
import SealedTestSupport
import Testing

/// Issue 24, item 11: `open --out` writes every format `open` prints, creating a missing folder
/// as the other commands do.
@Suite struct OpenOutTests {
  let cards = ["--cards", Fixtures.shippedCards]

  @Test(.heavy) func everyFormatGoesIntoAFileInAFolderThatDidNotExist() throws {
    let dir = try Fixtures.temporaryDirectory()
    for format in ["text", "json", "csv", "list", "17lands"] {
      let path = dir.appendingPathComponent("new/\(format)/pool.out").path
      let written = try SealedExecutable.run(["open", "war", "--seed", "5", "--format", format, "--out", path] + cards)
      #expect(written.status == 0, "\(format): \(written.stderr)")
      #expect(written.stdout.isEmpty, "\(format)")
      let printed = try SealedExecutable.run(["open", "war", "--seed", "5", "--format", format] + cards)
      #expect(try String(contentsOfFile: path, encoding: .utf8) == printed.stdout, "\(format)")
    }
    // The text written to a file is plain even where the terminal would be coloured.
    let text = try String(contentsOfFile: dir.appendingPathComponent("new/text/pool.out").path, encoding: .utf8)
    #expect(!text.contains("\u{1B}["))
    #expect(text.hasPrefix("War of the Spark (war) · rules: sealed · seed 5\n"))
  }

  @Test func anExistingFileIsReplacedOnlyWithForceAndManyPoolsNeedAPackFile() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write("mine\n", to: "pool.json", in: dir)
    let refused = try SealedExecutable.run(["open", "war", "--seed", "5", "--format", "json", "--out", path] + cards)
    #expect(refused.status == 2)
    #expect(refused.stderr == "sealed: error: \(path): the file exists; choose another --out, or pass --force to replace it\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine\n")
    let replaced = try SealedExecutable.run(["open", "war", "--seed", "5", "--format", "json", "--out", path, "--force"] + cards)
    #expect(replaced.status == 0, "\(replaced.stderr)")
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"seed\" : 5"))
    let many = try SealedExecutable.run(["open", "war", "--pools", "3", "--out", dir.appendingPathComponent("x").path] + cards)
    #expect(many.status == 2)
    #expect(many.stderr == "sealed: error: --pools 3: --format text shows one pool; many pools are written as a pack file (--format csv, list or 17lands)\n")
  }

  /// A file name of one character in the working folder (`--out a`) once stopped the process
  /// (Foundation's deletingLastPathComponent traps on such paths); `--out -` is standard output,
  /// for a pool and for a pack file, as `audit --packs -` reads standard input.
  @Test func aFileNameOfOneCharacterIsWrittenAndADashIsStandardOutput() throws {
    let dir = try Fixtures.temporaryDirectory()
    for format in ["text", "list"] {
      let printed = try SealedExecutable.run(["open", "war", "--seed", "5", "--format", format] + cards)
      let written = try SealedExecutable.run(
        ["open", "war", "--seed", "5", "--format", format, "--out", "a", "--force"] + cards, workingDirectory: dir)
      #expect(written.status == 0, "\(format): \(written.stderr)")
      #expect(try String(contentsOfFile: dir.appendingPathComponent("a").path, encoding: .utf8) == printed.stdout)
      let dash = try SealedExecutable.run(
        ["open", "war", "--seed", "5", "--format", format, "--out", "-"] + cards, workingDirectory: dir)
      #expect(dash.status == 0, "\(format): \(dash.stderr)")
      #expect(dash.stdout == printed.stdout, "\(format)")
      #expect(dash.stderr.isEmpty, "\(format)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a"])
  }


  /// Ctrl-C while a long pack file is written: exit 130, a line saying the file is not written,
  /// and no file left behind, not even the hidden unfinished one.
  @Test(.heavy) func ctrlCLeavesNoUnfinishedPackFile() throws {
    let dir = try Fixtures.temporaryDirectory()
    let path = dir.appendingPathComponent("big.csv").path
    let started = try SealedExecutable.start(
      ["open", "war", "--pools", "1000000", "--format", "csv", "--out", path] + cards, waitingFor: " (repeat with --seed")
    Thread.sleep(forTimeInterval: 1)
    kill(started.process.processIdentifier, SIGINT)
    #expect(started.finish().status == 130)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
  }
}
