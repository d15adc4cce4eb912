import Foundation
import SealedSupport
import SealedTestSupport
import Testing

/// Issue 33: nothing is overwritten without --force. Every command that writes a file where the
/// user says refuses to replace one that is there with one message (`OutputFile.refusal`) and
/// leaves it as it was; with --force it replaces it. A report folder never mixes two runs.
@Suite struct OverwriteTests {
  let dir: URL
  let environment: [String: String]

  init() throws {
    dir = try Fixtures.temporaryDirectory()
    environment = ["SEALED_HOME": dir.appendingPathComponent("home").path, "SEALED_CARDS": ""]
  }

  func run(_ arguments: [String]) throws -> CommandResult {
    try SealedExecutable.run(arguments, environment: environment, workingDirectory: dir)
  }

  /// Puts `notes.txt` (the user's) at `name`, runs `arguments` with `name` where they write:
  /// refused with the one message and the file kept; then with --force, replaced.
  func expectRefusedThenForced(_ arguments: [String], writing name: String, option: String = "--out") throws {
    let path = try Fixtures.write("my notes\n", to: name, in: dir)
    let refused = try run(arguments)
    #expect(refused.status == 2, "\(arguments): \(refused.stderr)")
    #expect(refused.stderr == "sealed: error: \(OutputFile.refusal(name, option: option))\n", "\(arguments)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "my notes\n", "\(arguments) changed the file")
    let forced = try run(arguments + ["--force"])
    #expect(forced.status == 0, "\(arguments) --force: \(forced.stderr)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) != "my notes\n", "\(arguments) --force did not replace the file")
    #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).allSatisfy { !$0.hasPrefix(".") })
  }

  /// An `--out` that is a symbolic link is written through: a report folder put in place of a
  /// link once emptied the folder the link named (the user's notes with it) and broke the link
  /// off; a file put in place of a link replaced the link with a regular file.
  @Test func aLinkedOutIsWrittenThroughAndKept() throws {
    #expect(try run(["simulate", "war", "--pools", "100", "--seed", "1", "--out", "real", "--quiet"]).status == 0)
    try Fixtures.write("precious\n", to: "real/notes.txt", in: dir)
    try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link").path, withDestinationPath: "real")
    let forced = try run(["simulate", "war", "--pools", "100", "--seed", "2", "--out", "link", "--quiet", "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    // Written "link/", as a shell completes it: the same (lstat of "link/" follows the link).
    let slashed = try run(["simulate", "war", "--pools", "100", "--seed", "2", "--out", "link/", "--quiet", "--force"])
    #expect(slashed.status == 0, "\(slashed.stderr)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("link").path) == "real")
    #expect(try String(contentsOf: dir.appendingPathComponent("real/notes.txt"), encoding: .utf8) == "precious\n")
    #expect(try String(contentsOf: dir.appendingPathComponent("real/run.csv"), encoding: .utf8).contains("\nseed,2\n"))
    let entries = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(entries.contains("link") && entries.contains("real") && entries.allSatisfy { !$0.hasPrefix(".") }, "\(entries)")
    // A file: the link kept, its file replaced.
    try Fixtures.write("mine\n", to: "mine.txt", in: dir)
    try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("pool.txt").path, withDestinationPath: "mine.txt")
    let refused = try run(["open", "war", "--seed", "1", "--out", "pool.txt"])
    #expect(refused.stderr == "sealed: error: \(OutputFile.refusal("pool.txt", option: "--out"))\n")
    #expect(try run(["open", "war", "--seed", "1", "--out", "pool.txt", "--force"]).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("pool.txt").path) == "mine.txt")
    #expect(try String(contentsOf: dir.appendingPathComponent("mine.txt"), encoding: .utf8).hasPrefix("War of the Spark (war)"))
  }

  /// A FIFO is not replaced by a file even with --force, and an empty --out names the option.
  @Test func aPipeOrAnEmptyOutIsRefused() throws {
    #expect(mkfifo(dir.appendingPathComponent("pipe").path, 0o600) == 0)
    let pipe = try run(["open", "war", "--seed", "1", "--out", "pipe", "--force"])
    #expect(pipe.status == 2 && pipe.stderr == "sealed: error: pipe: is not a regular file (a pipe, device or socket), which Sealed does not replace; expected the name of a file for --out\n", "\(pipe.stderr)")
    for arguments in [["open", "war", "--seed", "1", "--out", ""], ["rules", "import", "--product", "war-draft", "--out", ""]] {
      let empty = try run(arguments)
      #expect(empty.status == 2 && empty.stderr == "sealed: error: --out: expected the name of a file, got an empty path\n", "\(arguments): \(empty.stderr)")
    }
  }

  @Test func everyFileWriterRefusesAnExistingFileWithoutForce() throws {
    #expect(try run(["open", "war", "--seed", "1", "--save", "alice"]).status == 0)
    try expectRefusedThenForced(["open", "war", "--seed", "1", "--out", "pool.txt"], writing: "pool.txt")
    try expectRefusedThenForced(["open", "war", "--pools", "2", "--seed", "1", "--format", "list", "--out", "box.txt"], writing: "box.txt")
    try expectRefusedThenForced(["export", "arena", "alice", "--out", "decks/alice.txt"], writing: "decks/alice.txt")
    try expectRefusedThenForced(["export", "tts", "alice", "--out", "alice.json"], writing: "alice.json")
    try expectRefusedThenForced(["rules", "import", "--product", "war-draft", "--out", "war-draft.yaml"], writing: "war-draft.yaml")
    // The card sheet is refused before the images are looked for.
    _ = try Fixtures.write("my image\n", to: "sheet.jpg", in: dir)
    let sheet = try run(["export", "tts", "alice", "--sheet", "sheet.jpg", "--images", "nowhere"])
    #expect(sheet.stderr == "sealed: error: \(OutputFile.refusal("sheet.jpg", option: "--sheet"))\n")
    // A folder where a file goes is refused even with --force.
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.txt"), withIntermediateDirectories: true)
    let folder = try run(["export", "arena", "alice", "--out", "folder.txt", "--force"])
    #expect(folder.stderr == "sealed: error: folder.txt: is a folder; expected the name of a file for --out\n")
  }

  /// `sealed report DIR` replaces the report.html Sealed wrote, but not one the folder's manifest
  /// does not list.
  @Test func reportReplacesOnlyTheReportPageSealedWrote() throws {
    #expect(try run(["simulate", "war", "--pools", "300", "--seed", "1", "--out", "sim", "--quiet"]).status == 0)
    #expect(try run(["report", "sim"]).status == 0)
    let manifest = dir.appendingPathComponent("sim/manifest.csv")
    let listed = try String(contentsOf: manifest, encoding: .utf8)
    #expect(listed.contains("\nreport.html,,\n"), "\(listed)")
    try listed.replacingOccurrences(of: "report.html,,\n", with: "").write(to: manifest, atomically: true, encoding: .utf8)
    let refused = try run(["report", "sim"])
    #expect(refused.status == 2)
    #expect(refused.stderr == "sealed: error: sim/report.html: the file exists and Sealed did not write it (the folder's manifest.csv does not list it); pass --force to replace it\n")
    #expect(try run(["report", "sim", "--force"]).status == 0)
  }

  /// The issue's case: simulate, then check-products into the same folder, left a folder of two
  /// runs. Now refused; --force drops the simulation's files, so the folder holds one run.
  @Test func checkProductsNeverMixesItsRunWithAnotherReport() throws {
    #expect(try run(["simulate", "war", "--pools", "300", "--seed", "1", "--out", "reports/one", "--quiet"]).status == 0)
    let products = ["check-products", "--products", "war-draft", "--pools", "300", "--seed", "1", "--out", "reports/one", "--quiet"]
    let refused = try run(products)
    #expect(refused.status == 2)
    #expect(refused.stderr.hasPrefix("sealed: error: \(dir.path)/reports/one: holds card_frequency.csv of an earlier run or report, which this run does not write; the folder would mix the two"), "\(refused.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("reports/one/tallies.json").path))
    let forced = try run(products + ["--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    let entries = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("reports/one").path).sorted()
    #expect(entries == ["findings.csv", "manifest.csv", "report.html", "run.csv", "summary.csv", "war-draft"])
    // The same run again needs no --force; a run of other products would leave war-draft's.
    #expect(try run(products).status == 0)
    let other = try run(["check-products", "--products", "dom-draft", "--pools", "300", "--seed", "1", "--out", "reports/one", "--quiet"])
    #expect(other.stderr.contains("holds war-draft of an earlier run or report"), "\(other.stderr)")
    // And the other way: a simulation into a check-products folder would drop its summary.
    let simulate = try run(["simulate", "war", "--pools", "300", "--seed", "1", "--out", "reports/one", "--quiet"])
    #expect(simulate.status == 2)
    #expect(simulate.stderr.contains("which this command does not write"), "\(simulate.stderr)")
    // A file of the user's is kept beside the run with --force, and refused without.
    _ = try Fixtures.write("mine\n", to: "reports/one/notes.txt", in: dir)
    #expect(try run(products).stderr.contains("holds notes.txt, which Sealed did not write"))
    #expect(try run(products + ["--force"]).status == 0)
    #expect(try String(contentsOf: dir.appendingPathComponent("reports/one/notes.txt"), encoding: .utf8) == "mine\n")
  }

  /// A file of the user's that check-products would replace (its own run.csv, report.html, a
  /// file named like a product) is refused even with --force, and kept: --force once replaced
  /// them, where `sealed simulate --force` refused its own names.
  @Test(arguments: ["run.csv", "report.html", "summary.csv", "war-draft"])
  func checkProductsKeepsAUsersFileItWouldReplaceEvenWithForce(name: String) throws {
    let path = try Fixtures.write("my,data\n", to: "mine/\(name)", in: dir)
    _ = try Fixtures.write("keep\n", to: "mine/notes.txt", in: dir)
    let products = ["check-products", "--products", "war-draft", "--pools", "300", "--seed", "1", "--out", "mine", "--quiet", "--force"]
    let refused = try run(products)
    #expect(refused.status == 2)
    #expect(refused.stderr == "sealed: error: \(dir.path)/mine: holds \(name), which Sealed did not write and this run would replace, even with --force: choose another --out\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "my,data\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("mine").path).sorted() == [name, "notes.txt"].sorted())
  }

  /// A set file put into the card folder by hand (no record of its source) is replaced by a
  /// fetch or an import only with --force; one Sealed stored is an update.
  @Test func theCardFolderKeepsASetPutThereByHand() throws {
    let cards = dir.appendingPathComponent("home/cards")
    let mine = try Fixtures.write("[" + Fixtures.cardJSON(set: "tst", number: "1", name: "Mine") + "]\n", to: "tst.json", in: cards)
    // Refused before any request: the address answers nothing.
    let fetch = try run(["cards", "fetch", "tst", "--api", "http://127.0.0.1:9", "--quiet"])
    #expect(fetch.status == 2)
    #expect(fetch.stderr == "sealed: error: \(mine): the file exists and Sealed did not store it (it records no source: put there by hand?); pass --force to replace it\n")
    let bulk = try Fixtures.write("[" + Fixtures.cardJSON(set: "tst", number: "2", name: "Theirs") + "]\n", to: "bulk.json", in: dir)
    let refused = try run(["cards", "import", bulk, "--quiet"])
    #expect(refused.status == 2, "\(refused.stdout)")
    // The card folder's file is named, not the input's first line (a review's finding).
    #expect(refused.stderr.hasPrefix("sealed: error: \(mine): the file exists and Sealed did not store it"), "\(refused.stderr)")
    #expect(try String(contentsOfFile: mine, encoding: .utf8).contains("Mine"))
    let list = try run(["cards", "list", "tst", "--format", "csv"])
    #expect(list.stdout.contains("tst,Test Set,1,local,put there by hand,"), "\(list.stdout)")
    #expect(try run(["cards", "import", bulk, "--quiet", "--force"]).status == 0)
    #expect(try String(contentsOfFile: mine, encoding: .utf8).contains("Theirs"))
    // Imported, it is listed as imported (not fetched), and importing again is an update.
    #expect(try run(["cards", "list", "tst", "--format", "csv"]).stdout.contains("tst,Test Set,1,imported,imported from bulk.json on "))
    #expect(try run(["cards", "import", bulk, "--quiet"]).status == 0)
  }

  /// `--samples` without `--out` go to notebooks-data/: a pools.csv Sealed did not write there is
  /// not replaced without --force.
  @Test func samplesDoNotReplaceAFileSealedDidNotWrite() throws {
    let simulate = ["simulate", "war", "--pools", "300", "--seed", "1", "--samples", "2", "--quiet"]
    #expect(try run(simulate).status == 0)
    #expect(try run(simulate).status == 0)
    let path = try Fixtures.write("pool,mine\n", to: "notebooks-data/war-sealed/pools.csv", in: dir)
    let refused = try run(simulate)
    #expect(refused.status == 2)
    #expect(refused.stderr == "sealed: error: notebooks-data/war-sealed/pools.csv: the file exists and is not samples Sealed wrote; choose another --out, or pass --force to replace it\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "pool,mine\n")
    #expect(try run(simulate + ["--force"]).status == 0)
  }

  /// Samples apart from their report have their run's facts beside them, `pools_run.csv`: the
  /// report's `run.csv`, a `cards_fingerprint` row (the card data's digest `tallies.json` holds)
  /// and a `samples` row, written anew with each run's samples, so that a notebook can tell them
  /// from another run's; a file of that name Sealed did not write is not replaced without --force.
  @Test func samplesApartHaveTheirRunsFactsBesideThem() throws {
    let facts = dir.appendingPathComponent("notebooks-data/war-sealed/pools_run.csv").path
    let report = dir.appendingPathComponent("reports/war-sealed/run.csv").path
    for seed in ["1", "2"] {
      #expect(try run(["simulate", "war", "--pools", "300", "--seed", seed, "--samples", "3", "--quiet"]).status == 0)
      let written = try String(contentsOfFile: facts, encoding: .utf8)
      let tallies = try String(contentsOf: dir.appendingPathComponent("reports/war-sealed/tallies.json"), encoding: .utf8)
      let fingerprint = try #require(tallies.firstMatch(of: /"cardsFingerprint" *: *"([0-9a-f]{64})"/)?.1)
      #expect(written == (try String(contentsOfFile: report, encoding: .utf8)) + "cards_fingerprint,\(fingerprint)\nsamples,3\n")
      #expect(written.contains("\nseed,\(seed)\n"))
    }
    // With --out the samples sit in the report folder, beside its own run.csv: no facts apart.
    try FileManager.default.removeItem(atPath: facts)
    #expect(try run(["simulate", "war", "--pools", "300", "--seed", "3", "--samples", "3", "--out", "mine", "--quiet"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: facts))
    _ = try Fixtures.write("mine\n", to: "notebooks-data/war-sealed/pools_run.csv", in: dir)
    let refused = try run(["simulate", "war", "--pools", "300", "--seed", "1", "--samples", "3", "--quiet"])
    #expect(refused.status == 2)
    #expect(refused.stderr == "sealed: error: notebooks-data/war-sealed/pools_run.csv: the file exists and is not the facts of samples Sealed wrote; pass --force to replace it\n")
    #expect(try String(contentsOfFile: facts, encoding: .utf8) == "mine\n")
  }
}
