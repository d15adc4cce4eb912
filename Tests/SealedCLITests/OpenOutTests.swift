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

  /// A product whose cards are partly known by their keys alone writes a CSV (empty names) and
  /// a text list (`1 EOE 350`) that `sealed audit` reads: a generator's reference file (`open`
  /// refused: "pack files name their cards"); 17lands' layout, a column per name, still needs
  /// the data. (The shipped card data, eoe's partial, not `--cards` of the nine full sets.)
  @Test func aProductWithCardsKnownByKeysWritesCSVAndListButNot17lands() throws {
    let dir = try Fixtures.temporaryDirectory()
    let open = ["open", "eoe", "--rules", "eoe-play", "--pools", "10", "--seed", "3"]
    let csv = dir.appendingPathComponent("eoe.csv").path
    let written = try SealedExecutable.run(open + ["--format", "csv", "--out", csv])
    #expect(written.status == 0, "\(written.stderr)")
    let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").dropFirst().map { CSVLine.fields(String($0)) }
    #expect(rows.contains { $0[3].isEmpty } && rows.contains { !$0[3].isEmpty }, "names: \(Set(rows.map { $0[3].isEmpty }))")
    #expect(!rows.contains { $0[3].contains(":") }, "a key written as a name")
    let list = try SealedExecutable.run(open + ["--format", "list"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.split(separator: "\n").contains { $0.firstMatch(of: /^1 [A-Z0-9]+ [0-9A-Za-z★]+( \*F\*)?$/) != nil })
    let audited = try SealedExecutable.run(
      ["audit", "eoe", "--rules", "eoe-play", "--packs", csv, "--resamples", "99", "--seed", "1", "--out", dir.appendingPathComponent("audit").path, "--quiet"])
    #expect(audited.status == 0, "\(audited.stdout)\(audited.stderr)")
    let refused = try SealedExecutable.run(open + ["--format", "17lands", "--out", dir.appendingPathComponent("x.csv").path])
    #expect(refused.status == 2)
    #expect(refused.stderr.hasPrefix("sealed: error: 17lands' layout names every card, and "), "\(refused.stderr)")
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

  /// An `--out` whose folder runs through a file is named as given (relative stays relative)
  /// in the system's words, not Foundation's "The operation could not be completed".
  @Test func aFolderThatIsAFileIsNamedAsGiven() throws {
    let dir = try Fixtures.temporaryDirectory()
    try Fixtures.write("x\n", to: "pool.txt", in: dir)
    for format in ["text", "csv"] {
      let result = try SealedExecutable.run(
        ["open", "war", "--seed", "1", "--format", format, "--out", "pool.txt/x.txt"] + cards, workingDirectory: dir)
      #expect(result.status == 2)
      #expect(result.stderr == "sealed: error: pool.txt: cannot create the folder (a file of that name is in the way)\n", "\(result.stderr)")
    }
  }

  /// A pool shown as text or json is plain text: a `.gz` name, which pack files are gzipped by,
  /// is refused rather than given plain text under a gzip name.
  @Test func aGzipNameForPlainTextIsRefused() throws {
    let dir = try Fixtures.temporaryDirectory()
    for format in ["text", "json"] {
      let result = try SealedExecutable.run(
        ["open", "war", "--seed", "1", "--format", format, "--out", "pool.gz"] + cards, workingDirectory: dir)
      #expect(result.status == 2)
      #expect(
        result.stderr == "sealed: error: --out pool.gz: a .gz name is for a pack file, written gzipped (--format csv, list or 17lands); --format \(format) writes plain text\n",
        "\(result.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
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
