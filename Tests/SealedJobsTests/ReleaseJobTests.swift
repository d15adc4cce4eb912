import Foundation
import SealedSupport
import SealedJobs
import SealedRelease
import SealedRules
import SealedTestSupport
import Testing

/// `sealed rules diff` and `sealed rules lint` as jobs of the run layer: made (the folder checked
/// first, then the files read), run to an outcome with its files, written.
@Suite struct ReleaseJobTests {
  static let znr = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mtgjson/ZNR.json.gz").path

  /// A fetch stopped after its download (Ctrl-C while the release is read, linted or compared)
  /// installs nothing (it said "nothing is installed" and installed the release); one not
  /// stopped puts the release in place with its diff/ report, written before the move.
  @Test func aFetchStoppedAfterItsDownloadInstallsNothing() throws {
    let home = try Fixtures.temporaryDirectory("sealed-fetch-job")
    let file = home.appendingPathComponent("older.json")
    try ReleaseFixtures.older().write(to: file)
    let store = ReleaseStore(path: home.appendingPathComponent("releases").path)
    var settings = ReleaseFetchJob.Settings(toolVersion: "test")
    (settings.from, settings.store, settings.cards) = (file.path, store, Fixtures.shippedCards)
    // The first question comes after the download (a file is read without asking): stop there.
    var asked = 0
    let stopped = try ReleaseFetchJob(settings).run(shouldStop: { asked += 1; return true })
    #expect(stopped == nil && asked >= 1)
    #expect(store.releases().isEmpty)
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []).filter { !$0.hasPrefix(".") }.isEmpty)
    // Stopped at each later question in turn: still nothing installed.
    var calls = 0
    _ = try ReleaseFetchJob(settings).run(shouldStop: { calls += 1; return false })
    // Asked after the download, the read, the lint and the comparison (it was asked only once).
    #expect(calls >= 4, "\(calls)")
    for stopAt in 1...calls {
      try? FileManager.default.removeItem(atPath: store.path)
      var count = 0
      let outcome = try ReleaseFetchJob(settings).run(shouldStop: { count += 1; return count >= stopAt })
      #expect(outcome == nil && store.releases().isEmpty, "stopped at question \(stopAt) of \(calls)")
    }
    try? FileManager.default.removeItem(atPath: store.path)
    let done = try #require(try ReleaseFetchJob(settings).run(shouldStop: { false }))
    let release = try #require(done.installed?.release)
    #expect(FileManager.default.fileExists(atPath: release.diffPath + "/run.csv"))
    let run = try String(contentsOfFile: release.diffPath + "/run.csv", encoding: .utf8)
    #expect(run.contains("--out \(release.diffPath)\n") || run.contains("--out \(release.diffPath)"), "\(run)")
  }

  /// A folder holding a file Sealed did not write is refused before either release is read:
  /// the error is the folder's, although the old file does not exist.
  /// A fetched release is "in use now" unless SEALED_DATA names another (newest, or its own
  /// name, is no other).
  @Test func whatAFetchedReleaseIsUnderSealedData() {
    #expect(ReleaseFetchJob.standing(of: "mtgwtf-1", environment: [:]) == "the release in use now")
    #expect(ReleaseFetchJob.standing(of: "mtgwtf-1", environment: ["SEALED_DATA": "newest"]) == "the release in use now")
    #expect(ReleaseFetchJob.standing(of: "mtgwtf-1", environment: ["SEALED_DATA": "mtgwtf-1"]) == "the release in use now")
    #expect(ReleaseFetchJob.standing(of: "mtgwtf-1", environment: ["SEALED_DATA": "shipped"])
      == "the newest release (SEALED_DATA=shipped is the one in use where it is set)")
  }

  @Test func theFolderIsCheckedBeforeTheFilesAreRead() throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("diff")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    try Data("mine\n".utf8).write(to: out.appendingPathComponent("notes.txt"))
    var settings = ReleaseDiffJob.Settings(old: "/nonexistent/old.json", toolVersion: "test")
    settings.new = Self.znr
    settings.out = out.path
    settings.cards = Fixtures.shippedCards
    let error = try #require(throws: DataError.self) { try ReleaseDiffJob(settings) }
    #expect(error.description.contains(out.path), "\(error)")
    #expect(!error.description.contains("nonexistent"), "\(error)")
  }

  /// A release against itself: nothing changed; the outcome holds the folder's four files, which
  /// `write` puts there (run.csv saying `changed,no`).
  @Test func aReleaseAgainstItselfWritesItsFourFiles() throws {
    let out = try Fixtures.temporaryDirectory().appendingPathComponent("same")
    var settings = ReleaseDiffJob.Settings(old: Self.znr, toolVersion: "test")
    settings.new = Self.znr
    settings.out = out.path
    settings.cards = Fixtures.shippedCards
    let job = try ReleaseDiffJob(settings)
    let outcome = try job.run()
    #expect(!outcome.diff.changed)
    #expect(outcome.files.map(\.name) == ["run.csv", "products.csv", "changes.csv", "report.html"])
    #expect(outcome.report.changes.isEmpty && !outcome.report.products.isEmpty)
    try job.write(outcome)
    let run = try String(contentsOf: out.appendingPathComponent("run.csv"), encoding: .utf8)
    #expect(run.contains("\nchanged,no\n") && run.contains("\ncommand_kind,rules-diff\n"), "\(run)")
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.html").path))
  }

  /// The lint job picks products by pattern and lints each; a pattern that matches nothing is
  /// a one-line error when the job is made.
  @Test func aLintJobLintsThePickedProducts() throws {
    var settings = ReleaseLintJob.Settings()
    settings.file = Self.znr
    settings.cards = Fixtures.shippedCards
    let all = try ReleaseLintJob(settings).run()
    #expect(!all.linted.isEmpty && all.warned.isEmpty)
    #expect(all.totals == "lint: no warnings (\(all.linted.count) products)")
    settings.patterns = ["nothing-*"]
    #expect(throws: DataError.self) { try ReleaseLintJob(settings) }
  }

  /// Issue 39: a warning is a finding keyed by product, rule and place, so over both real files
  /// no two warnings share those three, and a second run gives the same warnings, word for word.
  @Test(.heavy) func warningsOfTheRealFilesHaveDistinctPlacesAndRepeat() throws {
    for file in [nil, Fixtures.boosters2023] {
      var settings = ReleaseLintJob.Settings()
      settings.file = file
      settings.cards = Fixtures.shippedCards
      let first = try ReleaseLintJob(settings).run().linted.flatMap(\.warnings)
      let second = try ReleaseLintJob(settings).run().linted.flatMap(\.warnings)
      #expect(!first.isEmpty)
      #expect(first == second, "\(file ?? "shipped")")
      let keys = first.map { "\($0.product) \($0.rule.rawValue) \($0.place)" }
      #expect(Set(keys).count == keys.count, "\(file ?? "shipped"): \(keys.count - Set(keys).count) repeated")
      #expect(first.allSatisfy { !$0.place.isEmpty })
    }
  }
}
