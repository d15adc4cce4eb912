import Foundation
import SealedSupport
import SealedRules
import SealedEngine
import SealedReports
import SealedTestSupport
import Testing

@Suite struct SupportTests {
  @Test func csvQuotesOnlyWhenNeeded() {
    var table = CSVTable(header: ["a", "b"])
    table.append(["plain", "Karn, the Great Creator"])
    table.append(["say \"hi\"", "two\nlines"])
    #expect(table.text == "a,b\nplain,\"Karn, the Great Creator\"\n\"say \"\"hi\"\"\",\"two\nlines\"\n")
  }

  /// A CR LF pair is one `Character` in Swift, equal to neither "\r" nor "\n": a field holding
  /// one is quoted all the same, as is a lone carriage return; non-ASCII text passes unquoted.
  @Test func csvQuotesCarriageReturns() {
    var table = CSVTable(header: ["a", "b", "c"])
    table.append(["one\r\ntwo", "cr\ronly", "Æther Vial — “quoted”"])
    #expect(table.text == "a,b,c\n\"one\r\ntwo\",\"cr\ronly\",Æther Vial — “quoted”\n")
  }

  /// A quote followed by a combining mark is one `Character` in Swift, unequal to a quote: it is
  /// doubled all the same, or the field would end there for a reader.
  @Test func csvDoublesAQuoteThatACombiningMarkFollows() {
    var table = CSVTable(header: ["a"])
    table.append(["say \"\u{301}hi\", friend"])
    #expect(table.text == "a\n\"say \"\"\u{301}hi\"\", friend\"\n")
  }

  /// run.csv's `started_at` is the whole second the time falls in (`UTCTimestampTests` holds the
  /// form to `ISO8601DateFormatter` over 2,000 dates); a time just below a second is not rounded up.
  @Test func startedAtIsTheWholeSecondTheTimeFallsIn() {
    #expect(RunInfo.timestamp(Date(timeIntervalSince1970: 59.9999)) == "1970-01-01T00:00:59Z")
    #expect(RunInfo.timestamp(Date(timeIntervalSince1970: 1_796_283_749)) == "2026-12-03T07:42:29Z")
  }

  @Test func numbersRoundTrip() {
    for value in [0.78, 1e-300, Double.leastNonzeroMagnitude, 0.1 + 0.2, 1.0 / 3, 12345.0] {
      #expect(Double(CSVNumber.format(value)) == value)
    }
    #expect(CSVNumber.format(3.0) == "3")
    // Fraction columns keep a decimal point even for whole values.
    #expect(CSVNumber.decimal(1) == "1.0")
    #expect(CSVNumber.decimal(0) == "0.0")
    #expect(CSVNumber.decimal(0.78) == "0.78")
    #expect(CSVNumber.decimal(1e-300) == "1e-300")
    for value in [0.0, 1.0, 0.78, 1e-300, 1.0 / 3, 12345.0] {
      #expect(Double(CSVNumber.decimal(value)) == value)
    }
    #expect(CSVNumber.format(Double.infinity) == "inf")
  }

  @Test func ruleSetFingerprintIsSHA256() throws {
    // Reference digests from python3: hashlib.sha256(text.encode()).hexdigest()
    let short = "name: abc\npool: { boosters: 1, mythic_booster: none }\nslots: []\n"
    #expect(try RuleSetLoader.parse(short, source: "x").sha256 == "20318c6826803fe31c41088646fff7bc189b05061dfe9d4a83774ebaf56759d7")
    // Longer than one 64-byte block, to cover the padding across blocks.
    let long = "name: x\npool: { boosters: 1, mythic_booster: none }\nslots: []\n# " + String(repeating: "a", count: 200) + "\n"
    #expect(try RuleSetLoader.parse(long, source: "x").sha256 == "f871ef1958b347b6e41fc5838da4f68ee3500724602669bbd173853d0f19d193")
  }

  /// CRC-32's check value (the checksum of "123456789", 0xcbf43926 in every CRC-32 catalogue and
  /// Python's zlib.crc32) and a manifest written before the sizes and checksums, read as names.
  @Test func manifestsRecordEachCSVsSizeAndChecksum() throws {
    #expect(CRC32.hex(of: Array("123456789".utf8)) == "cbf43926")
    #expect(CRC32.hex(of: [UInt8]()) == "00000000")
    let old = try #require(ReportManifest(text: "file\nrun.csv\ntallies.json\nmanifest.csv\n"))
    #expect(old.names == ["run.csv", "tallies.json", "manifest.csv"] && old.entries.allSatisfy { $0.crc32 == nil })
    // zlib.crc32(b"new\n") in Python: 0x340a50c8; zlib.crc32(b"k,v\n"): 0x658427f4. run.csv (its
    // timing differs run to run) by the checksum of its rows but the execution rows' values, no size.
    let new = ReportManifest(
      names: ["checks.csv", "b.txt", "run.csv"],
      contents: ["checks.csv": Data("new\n".utf8), "b.txt": Data("x".utf8), "run.csv": Data("k,v\n".utf8)])
    #expect(new.text == "file,bytes,crc32\nb.txt,,\nchecks.csv,4,340a50c8\nrun.csv,,658427f4\nmanifest.csv,,\n")
    #expect(ReportManifest(text: new.text) == new)
    #expect(ReportManifest(text: "name\nrun.csv\n") == nil)
    #expect(throws: DataError.self) { try new.requireAsWritten(Data("new!".utf8), of: "checks.csv", at: "checks.csv") }
    try new.requireAsWritten(Data("new\n".utf8), of: "checks.csv", at: "checks.csv")
  }

  /// run.csv's checksum leaves out the execution rows' values, so two thread counts give one
  /// manifest, and catches an edit of any other row (a status edited to interrupted changed a
  /// rebuilt page's verdict unseen).
  @Test func runCSVsChecksumLeavesOutItsExecutionRows() throws {
    let one = Data("key,value\nseed,1\nthreads,1\nelapsed_seconds,0.5\nboosters_per_second,9\nstarted_at,2026-01-01T00:00:00Z\nstatus,complete\n".utf8)
    let two = Data("key,value\nseed,1\nthreads,2\nelapsed_seconds,0.3\nboosters_per_second,15\nstarted_at,2026-01-02T00:00:00Z\nstatus,complete\n".utf8)
    #expect(ReportManifest.executionFree(one) == ReportManifest.executionFree(two))
    #expect(ReportManifest.executionFree(one) == Data("key,value\nseed,1\nthreads,\nelapsed_seconds,\nboosters_per_second,\nstarted_at,\nstatus,complete\n".utf8))
    let manifest = ReportManifest(names: ["run.csv"], contents: ["run.csv": one])
    #expect(manifest == ReportManifest(names: ["run.csv"], contents: ["run.csv": two]))
    let dir = try Fixtures.temporaryDirectory()
    let path = try Fixtures.write(String(decoding: two, as: UTF8.self), to: "run.csv", in: dir)
    try manifest.requireAsWritten("run.csv", at: path)
    let edited = try Fixtures.write(String(decoding: one, as: UTF8.self).replacingOccurrences(of: "status,complete", with: "status,interrupted"), to: "edited.csv", in: dir)
    let error = #expect(throws: DataError.self) { try manifest.requireAsWritten("run.csv", at: edited) }
    #expect(error?.message.hasPrefix("the file is not the one the run wrote") == true, "\(String(describing: error))")
    // A development build's manifest that recorded run.csv whole (its size too) is held to the
    // whole file (zlib.crc32(b"k,v\n") in Python: 0x658427f4).
    let whole = try #require(ReportManifest(text: "file,bytes,crc32\nrun.csv,4,658427f4\nmanifest.csv,,\n"))
    try whole.requireAsWritten("run.csv", at: try Fixtures.write("k,v\n", to: "whole.csv", in: dir))
    #expect(throws: DataError.self) { try whole.requireAsWritten("run.csv", at: try Fixtures.write("k,w\n", to: "other.csv", in: dir)) }
  }

  /// A report folder the user made read-only is refused, even with --force: it was replaced by
  /// a writable one, its earlier report left in a hidden folder that could not be emptied (a
  /// review, as the user nobody). Root writes into any folder, so the test needs another user.
  @Test(.enabled(if: getuid() != 0, "root writes into read-only folders"))
  func aReadOnlyReportFolderIsRefused() throws {
    let dir = try Fixtures.temporaryDirectory()
    let target = dir.appendingPathComponent("report").path
    try ReportFolder(path: target).commit([("run.csv", "old\n")])
    chmod(target, 0o555)
    defer { chmod(target, 0o755) }
    for force in [false, true] {
      #expect(throws: DataError("cannot replace the report: the folder is not writable (permission denied); make it writable, or choose another --out", at: target)) {
        try ReportFolder(path: target, force: force).commit([("run.csv", "new\n")])
      }
    }
    #expect(try String(contentsOfFile: target + "/run.csv", encoding: .utf8) == "old\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["report"])
  }

  @Test func reportFolderReplacesAnOldReportWhole() throws {
    let dir = try Fixtures.temporaryDirectory()
    let target = dir.appendingPathComponent("report").path
    try ReportFolder(path: target).commit([("run.csv", "old\n"), ("tallies.json", "{}\n"), ("b.csv", "old\n")])
    // b.csv belongs to the old report and the new one does not write it: refused, unless forced.
    #expect(throws: DataError.self) { try ReportFolder(path: target, writes: ["run.csv", "tallies.json"]) }
    #expect(throws: DataError.self) { try ReportFolder(path: target).commit([("run.csv", "new\n"), ("tallies.json", "{}\n")]) }
    #expect(try String(contentsOfFile: target + "/b.csv", encoding: .utf8) == "old\n")
    try ReportFolder(path: target, force: true).commit([("run.csv", "new\n"), ("tallies.json", "{}\n")])
    #expect(try String(contentsOfFile: target + "/run.csv", encoding: .utf8) == "new\n")
    #expect(!FileManager.default.fileExists(atPath: target + "/b.csv"))
    // run.csv, whose timing differs from run to run, by the checksum of its rows but those
    // (zlib.crc32(b"new\n") in Python: 0x340a50c8), no size.
    #expect(try String(contentsOfFile: target + "/manifest.csv", encoding: .utf8) == "file,bytes,crc32\nrun.csv,,340a50c8\ntallies.json,,\nmanifest.csv,,\n")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(leftovers == ["report"])
  }

  /// An interrupted check leaves out the comparisons it did not run (`mayDrop`): an earlier
  /// report's are dropped without `--force`, while a user's file of that name, kept under
  /// `--force`, stays, and a report that does write it is refused.
  @Test func anInterruptedCheckDropsEarlierComparisonsAndKeepsAUsersFile() throws {
    let dir = try Fixtures.temporaryDirectory()
    let target = dir.appendingPathComponent("report").path
    try ReportFolder(path: target).commit([("run.csv", "old\n"), ("comparisons.csv", "old\n")])
    try ReportFolder(path: target).commit([("run.csv", "interrupted\n")], mayDrop: ["comparisons.csv"])
    #expect(!FileManager.default.fileExists(atPath: target + "/comparisons.csv"))
    try Fixtures.write("mine\n", to: "report/comparisons.csv", in: dir)
    try ReportFolder(path: target, force: true).commit([("run.csv", "interrupted again\n")], mayDrop: ["comparisons.csv"])
    #expect(try String(contentsOfFile: target + "/comparisons.csv", encoding: .utf8) == "mine\n")
    #expect(try String(contentsOfFile: target + "/run.csv", encoding: .utf8) == "interrupted again\n")
    #expect(throws: DataError.self) {
      try ReportFolder(path: target, force: true).commit([("run.csv", "whole\n"), ("comparisons.csv", "new\n")])
    }
    #expect(try String(contentsOfFile: target + "/comparisons.csv", encoding: .utf8) == "mine\n")
  }

  @Test func preparingReportsInOneParentLeavesNothingBehind() throws {
    // The parent is probed (a folder made and removed) the first time only: either way, nothing stays.
    let dir = try Fixtures.temporaryDirectory()
    for name in ["a", "b", "c"] { _ = try ReportFolder(path: dir.appendingPathComponent(name).path) }
    try ReportFolder(path: dir.appendingPathComponent("b").path).commit([("run.csv", "x\n")])
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["b"])
  }

  @Test func aParentThatCannotBeWrittenIsRefusedUpFront() throws {
    // sysfs takes no new folders, even from root (whom no file mode stops), so the probe fails
    // there: before any run, with the parent named and the system's reason.
    let error = #expect(throws: DataError.self) { try ReportFolder(path: "/sys/sealed-report") }
    #expect(error?.location == "/sys")
    #expect(error?.message.hasPrefix("cannot write into the folder (") == true)
    #expect(!FileManager.default.fileExists(atPath: "/sys/sealed-report"))
  }

  @Test func aFolderThatIsNotAReportIsNeverReplaced() throws {
    let dir = try Fixtures.temporaryDirectory()
    let mine = dir.appendingPathComponent("documents")
    try Fixtures.write("precious\n", to: "documents/notes.txt", in: dir)
    #expect(throws: DataError.self) { try ReportFolder(path: mine.path) }
    // Even if it stops being replaceable between the check and the commit.
    let target = dir.appendingPathComponent("report").path
    let folder = try ReportFolder(path: target)
    try Fixtures.write("precious\n", to: "report/notes.txt", in: dir)
    #expect(throws: DataError.self) { try folder.commit([("run.csv", "x\n")]) }
    #expect(try String(contentsOfFile: target + "/notes.txt", encoding: .utf8) == "precious\n")
    #expect(try String(contentsOfFile: mine.path + "/notes.txt", encoding: .utf8) == "precious\n")
    #expect(throws: DataError.self) { try ReportFolder(path: "") }
    #expect(throws: DataError.self) { try ReportFolder(path: FileManager.default.currentDirectoryPath) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["documents", "report"])
  }

  @Test func filesSealedDidNotWriteAreNamedAndKept() throws {
    let dir = try Fixtures.temporaryDirectory()
    let target = dir.appendingPathComponent("report").path
    try ReportFolder(path: target).commit([("run.csv", "old\n"), ("tallies.json", "{}\n")])
    try Fixtures.write("notebook\n", to: "report/analysis.ipynb", in: dir)
    try Fixtures.write("notes\n", to: "report/b-notes.txt", in: dir)
    do {
      _ = try ReportFolder(path: target, writes: ["run.csv", "tallies.json"])
      Issue.record("a folder with foreign files was accepted")
    } catch {
      #expect(error.description == "\(target): holds analysis.ipynb (and 1 other file(s)), which Sealed did not write; Sealed replaces only its own reports: choose another --out, or pass --force to write the report beside them (they are kept)")
    }
    // Refused at commit too (a file may appear during the run).
    let early = try ReportFolder(path: dir.appendingPathComponent("late").path)
    try Fixtures.write("x\n", to: "late/mine.txt", in: dir)
    #expect(throws: DataError.self) { try early.commit([("run.csv", "new\n")]) }
    // With --force the report is replaced and the foreign files stay, unlisted.
    try ReportFolder(path: target, force: true).commit([("run.csv", "new\n"), ("tallies.json", "{}\n")])
    #expect(try String(contentsOfFile: target + "/run.csv", encoding: .utf8) == "new\n")
    #expect(try String(contentsOfFile: target + "/analysis.ipynb", encoding: .utf8) == "notebook\n")
    #expect(try String(contentsOfFile: target + "/b-notes.txt", encoding: .utf8) == "notes\n")
    #expect(try String(contentsOfFile: target + "/manifest.csv", encoding: .utf8) == "file,bytes,crc32\nrun.csv,,340a50c8\ntallies.json,,\nmanifest.csv,,\n")
    // Still foreign next time.
    #expect(throws: DataError.self) { try ReportFolder(path: target) }
    // A foreign file of a name the report writes, or a foreign folder, is never replaced.
    try FileManager.default.removeItem(atPath: target + "/manifest.csv")
    try FileManager.default.removeItem(atPath: target + "/tallies.json")
    #expect(throws: DataError.self) { try ReportFolder(path: target, force: true).commit([("run.csv", "newer\n")]) }
    #expect(try String(contentsOfFile: target + "/run.csv", encoding: .utf8) == "new\n")
    try FileManager.default.createDirectory(atPath: dir.appendingPathComponent("sub/inner").path, withIntermediateDirectories: true)
    #expect(throws: DataError.self) { try ReportFolder(path: dir.appendingPathComponent("sub").path, force: true) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["late", "report", "sub"])
  }

  @Test func aReportWrittenBeforeManifestsIsStillSealeds() throws {
    let dir = try Fixtures.temporaryDirectory()
    for name in ["run.csv", "tallies.json", "checks.csv", "events.csv"] {
      try Fixtures.write("old\n", to: "report/\(name)", in: dir)
    }
    let target = dir.appendingPathComponent("report").path
    try ReportFolder(path: target, writes: ["run.csv", "tallies.json", "checks.csv", "events.csv"])
      .commit([("run.csv", "new\n"), ("tallies.json", "{}\n"), ("checks.csv", "c\n"), ("events.csv", "e\n")])
    #expect(try String(contentsOfFile: target + "/checks.csv", encoding: .utf8) == "c\n")
  }

  @Test func unwritableFolderIsRefusedBeforeAnyWork() throws {
    let dir = try Fixtures.temporaryDirectory()
    let file = try Fixtures.write("x", to: "file", in: dir)
    #expect(throws: DataError.self) { try ReportFolder(path: file + "/report") }
    #expect(throws: DataError.self) { try ReportFolder(path: file) }
  }
}
