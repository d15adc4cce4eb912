import Foundation
import SealedTestSupport
import Testing

/// Ctrl-C while a command writes its files leaves no unfinished file behind: `simulate --samples`
/// writing a large `pools.csv` (its simulation's flag once kept the only signal source, so the
/// writing ignored Ctrl-C or, before a flag covered it, died silently beside a hidden 220 MB
/// file), and a second Ctrl-C of `open --out` (which left its `.NAME.partial-*` copy).
@Suite struct WritingInterruptTests {
  /// The entries of `folder` whose names start with a dot: unfinished files.
  func hidden(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
  }

  /// Waits (a minute at most) until `folder` holds a hidden file whose name starts `prefix`, the
  /// samples being staged, then sends Ctrl-C to `started`; false when they never were.
  func interruptOnceStaged(_ started: StartedSealed, in folder: URL, prefix: String) throws -> Bool {
    let deadline = Date().addingTimeInterval(60)
    let staged = { try self.hidden(folder).contains { $0.hasPrefix(prefix) } }
    while try !staged() && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    let found = try staged()
    kill(started.process.processIdentifier, SIGINT)
    return found
  }

  @Test(.heavy) func ctrlCWhileWritingSamplesRemovesThemAndSaysSo() throws {
    let dir = try Fixtures.temporaryDirectory()
    let out = dir.appendingPathComponent("run")
    // 2,000,000 pools simulate in well under a second; 100,000 sampled pools take seconds to
    // write. No --seed, so that the random seed's note says the run has started.
    let started = try SealedExecutable.start(
      ["simulate", "war", "--rules", "retail", "--pools", "2000000", "--samples", "100000", "--out", out.path,
       "--quiet", "--cards", Fixtures.shippedCards], waitingFor: "random seed")
    // Ctrl-C once the samples are being written: their staged file (`.run.pools.partial-PID-RANDOM`) is there.
    #expect(try interruptOnceStaged(started, in: dir, prefix: ".run.pools.partial-"), "the samples were never staged")
    let (status, _, errors) = started.finish()
    #expect(status == 130, "\(errors)")
    #expect(errors.contains("sealed: interrupted while writing; the unfinished files are removed (files already in place stay)\n"), "\(errors)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
    #expect(try hidden(dir) == [])
  }

  /// Without --out the samples go to notebooks-data/ apart from the report: staged first, and put
  /// in place right after it, so a Ctrl-C while they are written leaves the earlier report and
  /// samples a pair (the report was put in place first, beside the earlier run's samples: a
  /// review).
  @Test(.heavy) func ctrlCWhileWritingSamplesApartKeepsTheEarlierPair() throws {
    let dir = try Fixtures.temporaryDirectory()
    let cards = ["--cards", Fixtures.shippedCards]
    let earlier = try SealedExecutable.run(
      ["simulate", "war", "--rules", "retail", "--pools", "1000", "--samples", "10", "--seed", "5", "--quiet"] + cards, workingDirectory: dir)
    #expect(earlier.status == 0, "\(earlier.stderr)")
    let report = dir.appendingPathComponent("reports/war-retail/run.csv")
    let samples = dir.appendingPathComponent("notebooks-data/war-retail/pools.csv")
    let facts = dir.appendingPathComponent("notebooks-data/war-retail/pools_run.csv")
    let (run, pools) = (try String(contentsOf: report, encoding: .utf8), try String(contentsOf: samples, encoding: .utf8))
    let sampled = try String(contentsOf: facts, encoding: .utf8)
    let started = try SealedExecutable.start(
      ["simulate", "war", "--rules", "retail", "--pools", "2000000", "--samples", "100000", "--quiet"] + cards,
      waitingFor: "random seed", workingDirectory: dir)
    let folder = samples.deletingLastPathComponent()
    #expect(try interruptOnceStaged(started, in: folder, prefix: ".pools.csv.partial-"), "the samples were never staged")
    let (status, _, errors) = started.finish()
    #expect(status == 130, "\(errors)")
    #expect(try String(contentsOf: report, encoding: .utf8) == run, "the report is the earlier run's")
    #expect(try String(contentsOf: samples, encoding: .utf8) == pools, "and so are the samples")
    #expect(try String(contentsOf: facts, encoding: .utf8) == sampled, "and their run's facts")
    let left = try hidden(folder)
    #expect(left == [], "\(errors)")
  }

  /// Ctrl-C twice while `open --out` writes over a file: the second, sent once the first was
  /// heard, quits at once and removes the unfinished copy. Unless the chunk being written ends
  /// first (the first Ctrl-C alone then stops the run, as cleanly): tried until the second is
  /// what stopped it, at most five times, every try leaving the old file and no copy.
  @Test(.heavy) func aSecondCtrlCOfOpenRemovesTheUnfinishedCopy() throws {
    var stoppedBySecond = false
    for _ in 1 ... 5 where !stoppedBySecond {
      stoppedBySecond = try ctrlCTwiceWhileOpenWrites()
    }
    #expect(stoppedBySecond, "in five tries, the first Ctrl-C always ended the run before the second was heard")
  }

  /// One try of Ctrl-C twice; true when the second one stopped the run.
  func ctrlCTwiceWhileOpenWrites() throws -> Bool {
    let dir = try Fixtures.temporaryDirectory()
    let out = try Fixtures.write("old\n", to: "keep.csv", in: dir)
    let started = try SealedExecutable.start(
      ["open", "war", "--pools", "10000000", "--format", "list", "--out", out, "--force",
       "--cards", Fixtures.shippedCards], waitingFor: "random seed")
    // Ctrl-C once the copy is being written (a missed Ctrl-C is bounded by the watchdogs of
    // `readErrors` and `finish`: a minute of writing, in this process's scratch folder).
    #expect(try interruptOnceStaged(started, in: dir, prefix: "."), "the copy was never staged")
    let heard = started.readErrors(until: "(Ctrl-C again to quit now)\n")
    kill(started.process.processIdentifier, SIGINT)
    let (status, _, rest) = started.finish()
    let errors = heard + rest
    #expect(status == 130, "\(errors)")
    #expect(errors.contains("sealed: interrupted; \(out) is not written, its unfinished copy is removed (Ctrl-C again to quit now)\n"), "\(errors)")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "old\n")
    #expect(try hidden(dir) == [], "\(errors)")
    return errors.contains("sealed: interrupted again; exiting without a report\n")
  }
}
