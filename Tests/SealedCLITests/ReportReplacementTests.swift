import Foundation
import SealedTestSupport
import Testing

/// Issue 24, item 12: a report folder holding another run's report is replaced with one line on
/// standard error saying which run it was (its seed and pools), never silently; the same run
/// written again says nothing.
@Suite struct ReportReplacementTests {
  let cards = ["--cards", Fixtures.shippedCards]

  func replacedLine(_ stderr: String) -> String? {
    stderr.split(separator: "\n").first { $0.hasPrefix("sealed: replaced the report of another run in ") }.map(String.init)
  }

  @Test(.heavy) func theDefaultFolderOfAnotherRunIsReplacedWithOneLine() throws {
    let dir = try Fixtures.temporaryDirectory()
    let folder = dir.appendingPathComponent("reports/war-sealed").resolvingSymlinksInPath().path
    func simulate(_ options: [String]) throws -> CommandResult {
      let result = try SealedExecutable.run(["simulate", "war", "--quiet"] + options + cards, workingDirectory: dir)
      #expect(result.status == 0, "\(result.stderr)")
      return result
    }
    #expect(replacedLine(try simulate(["--pools", "1000", "--seed", "1"]).stderr) == nil)
    #expect(replacedLine(try simulate(["--pools", "1000", "--seed", "1", "--threads", "1"]).stderr) == nil)
    let started = try #require(
      try String(contentsOfFile: folder + "/run.csv", encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("started_at,") }?
        .dropFirst("started_at,".count))
    let second = try simulate(["--pools", "2000", "--seed", "2"])
    #expect(
      replacedLine(second.stderr)
        == "sealed: replaced the report of another run in \(folder)/ (simulate, seed 1, 1000 pools, started \(started))")
    // check's default folder is the same one.
    let check = try SealedExecutable.run(
      ["check", "war", "--pools", "1000", "--seed", "3", "--compare", "none", "--quiet"] + cards, workingDirectory: dir)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(replacedLine(check.stderr)?.contains("(simulate, seed 2, 2000 pools, started ") == true)
  }

  @Test func anAuditsFolderNamesThePacksItHeld() throws {
    let dir = try Fixtures.temporaryDirectory()
    for seed in ["3", "4"] {
      let opened = try SealedExecutable.run(
        ["open", "war", "--pools", "2", "--seed", seed, "--format", "csv", "--out", "box\(seed).csv"] + cards, workingDirectory: dir)
      #expect(opened.status == 0)
    }
    let first = try SealedExecutable.run(["audit", "war", "--packs", "box3.csv", "--resamples", "0", "--seed", "1", "--quiet"] + cards, workingDirectory: dir)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(replacedLine(first.stderr) == nil)
    let second = try SealedExecutable.run(["audit", "war", "--packs", "box4.csv", "--resamples", "0", "--quiet"] + cards, workingDirectory: dir)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(replacedLine(second.stderr)?.contains("reports/war-audit-sealed/ (audit of box3.csv, 12 boosters, seed 1, started ") == true)
  }
}
