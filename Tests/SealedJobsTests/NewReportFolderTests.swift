import Foundation
import SealedSupport
import SealedJobs
import SealedTestSupport
import Testing

/// The app's checks each write a report folder of their own: named after the set, the rules,
/// the seed and the UTC time, never one that exists (`-2`, `-3` then), created at once.
@Suite struct NewReportFolderTests {
  @Test func theNameSaysWhatRanAndWhen() {
    // 1_795_000_000 s after 1970 is 2026-11-18 11:06:40 UTC (date -u -d @1795000000).
    let date = Date(timeIntervalSince1970: 1_795_000_000)
    #expect(NewReportFolder.name(set: "war", rules: "sealed", seed: 1, at: date) == "war-sealed-seed1-20261118-110640")
    #expect(NewReportFolder.name(set: "MKM", rules: "mkm-play", seed: 42, at: date) == "mkm-play-seed42-20261118-110640")
  }

  @Test func aNameTakenIsNeverReused() throws {
    let parent = try Fixtures.temporaryDirectory().appendingPathComponent("reports").path
    let date = Date(timeIntervalSince1970: 1_795_000_000)
    let first = try NewReportFolder.make(in: parent, set: "war", rules: "sealed", seed: 1, at: date)
    let second = try NewReportFolder.make(in: parent, set: "war", rules: "sealed", seed: 1, at: date)
    let third = try NewReportFolder.make(in: parent, set: "war", rules: "sealed", seed: 1, at: date)
    #expect([first, second, third] == ["war-sealed-seed1-20261118-110640", "war-sealed-seed1-20261118-110640-2", "war-sealed-seed1-20261118-110640-3"])
    for name in [first, second, third] {
      #expect(try FileManager.default.contentsOfDirectory(atPath: "\(parent)/\(name)").isEmpty, "\(name) is made empty")
    }
  }

  @Test func aParentThatCannotHoldFoldersIsOneLine() throws {
    let file = try Fixtures.temporaryDirectory().appendingPathComponent("a-file")
    try Data("x".utf8).write(to: file)
    #expect(throws: DataError.self) { try NewReportFolder.make(in: file.path, set: "war", rules: "sealed", seed: 1) }
  }
}
