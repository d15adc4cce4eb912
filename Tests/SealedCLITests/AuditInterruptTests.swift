import Foundation
import SealedTestSupport
import Testing

/// `sealed audit` writes nothing before its report, so Ctrl-C while it reads stops it at once
/// with a line saying so: exit 130, no report folder.
@Suite struct AuditInterruptTests {
  @Test(.heavy) func ctrlCWhileReadingStopsWithALineAndWritesNothing() throws {
    let dir = try Fixtures.temporaryDirectory()
    let packs = dir.appendingPathComponent("packs.csv").path
    let opened = try SealedExecutable.run(
      ["open", "war", "--pools", "60000", "--seed", "3", "--format", "csv", "--out", packs, "--cards", Fixtures.shippedCards])
    #expect(opened.status == 0, "\(opened.stderr)")
    let report = dir.appendingPathComponent("report").path
    let started = try SealedExecutable.start(
      ["audit", "war", "--packs", packs, "--out", report, "--cards", Fixtures.shippedCards], waitingFor: "100000 boosters read")
    kill(started.process.processIdentifier, SIGINT)
    let (status, _, errors) = started.finish()
    #expect(status == 130)
    #expect(errors.contains("sealed: interrupted; the audit stopped before its report, nothing is written\n"), "\(errors)")
    #expect(!FileManager.default.fileExists(atPath: report))
  }
}
