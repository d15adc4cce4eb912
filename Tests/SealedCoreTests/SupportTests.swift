import Foundation
import SealedCore
import SealedTestSupport
import Testing

@Suite struct SupportTests {
  @Test func csvQuotesOnlyWhenNeeded() {
    var table = CSVTable(header: ["a", "b"])
    table.append(["plain", "Karn, the Great Creator"])
    table.append(["say \"hi\"", "two\nlines"])
    #expect(table.text == "a,b\nplain,\"Karn, the Great Creator\"\n\"say \"\"hi\"\"\",\"two\nlines\"\n")
  }

  @Test func numbersRoundTrip() {
    for value in [0.78, 1e-300, Double.leastNonzeroMagnitude, 0.1 + 0.2, 1.0 / 3, 12345.0] {
      #expect(Double(CSVNumber.format(value)) == value)
    }
    #expect(CSVNumber.format(3.0) == "3")
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

  @Test func reportFolderReplacesAnOldReportWhole() throws {
    let dir = try Fixtures.temporaryDirectory()
    let target = dir.appendingPathComponent("report").path
    try ReportFolder(path: target).commit([("run.csv", "old\n"), ("tallies.json", "{}\n"), ("b.csv", "old\n")])
    try ReportFolder(path: target).commit([("run.csv", "new\n"), ("tallies.json", "{}\n")])
    #expect(try String(contentsOfFile: target + "/run.csv", encoding: .utf8) == "new\n")
    #expect(!FileManager.default.fileExists(atPath: target + "/b.csv"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(leftovers == ["report"])
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

  @Test func unwritableFolderIsRefusedBeforeAnyWork() throws {
    let dir = try Fixtures.temporaryDirectory()
    let file = try Fixtures.write("x", to: "file", in: dir)
    #expect(throws: DataError.self) { try ReportFolder(path: file + "/report") }
    #expect(throws: DataError.self) { try ReportFolder(path: file) }
  }
}
