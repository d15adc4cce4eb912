import Foundation
import SealedTestSupport
import Testing

/// Issue 24, item 9: one name per idea. `text` is what a command shows people (open, hand,
/// deck show, and the listings of sets, cards list and decks); `list` is the pasted text list of
/// pack files in both `open --format` and `audit --format`; `--pools` is a count everywhere,
/// and the audit's grouping of boosters into pools is `--pool-grouping`.
@Suite struct VocabularyTests {
  let cards = ["--cards", Fixtures.shippedCards]

  @Test(.heavy) func thePackFileLayoutsHaveTheSameNamesInOpenAndAudit() throws {
    let dir = try Fixtures.temporaryDirectory()
    let box = dir.appendingPathComponent("box.txt").path
    let opened = try SealedExecutable.run(["open", "war", "--rules", "retail", "--pools", "6", "--seed", "4", "--format", "list", "--out", box] + cards)
    #expect(opened.status == 0, "\(opened.stderr)")
    let out = dir.appendingPathComponent("audit").path
    let audit = try SealedExecutable.run(
      ["audit", "war", "--rules", "retail", "--packs", box, "--format", "list", "--resamples", "99", "--quiet", "--out", out] + cards)
    #expect(audit.status == 0, "\(audit.stderr)")
    let run = try String(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("run.csv"), encoding: .utf8)
    #expect(run.contains("\nformat,list\n"))
    #expect(run.contains("--format list"))
    let text = try SealedExecutable.run(["audit", "war", "--packs", box, "--format", "text"] + cards)
    #expect(text.status == 2)
    #expect(text.stderr == "sealed: error: --format text: expected csv, list or 17lands (a pasted text list is list, as sealed open --format list writes it)\n")
    // A file recognised from its first line is named the same way.
    let recognised = try SealedExecutable.run(["audit", "war", "--rules", "retail", "--packs", box, "--resamples", "0", "--quiet", "--out", out] + cards)
    #expect(recognised.status == 0, "\(recognised.stderr)")
    #expect(try String(contentsOfFile: out + "/run.csv", encoding: .utf8).contains("\nformat,list\n"))
  }

  @Test func poolsIsACountAndTheAuditsGroupingIsPoolGrouping() throws {
    let dir = try Fixtures.temporaryDirectory()
    let box = dir.appendingPathComponent("box.csv").path
    #expect(try SealedExecutable.run(["open", "war", "--pools", "2", "--seed", "3", "--format", "csv", "--out", box] + cards).status == 0)
    let out = dir.appendingPathComponent("audit").path
    let separate = try SealedExecutable.run(
      ["audit", "war", "--packs", box, "--pool-grouping", "separate", "--resamples", "0", "--quiet", "--out", out] + cards)
    #expect(separate.status == 0, "\(separate.stderr)")
    let run = try String(contentsOfFile: out + "/run.csv", encoding: .utf8)
    #expect(run.contains("\npool_grouping,separate\n"))
    #expect(run.contains("--pool-grouping separate"))
    let old = try SealedExecutable.run(["audit", "war", "--packs", box, "--pools", "separate"] + cards)
    #expect(old.status == 2)
    #expect(old.stderr.hasPrefix("sealed: error: --pools separate: --pools is a number of pools, which an audit does not take; how the file's boosters came out of pools is --pool-grouping grouped|separate"))
    let help = try SealedExecutable.run(["audit", "--help"]).stdout
    #expect(help.contains("--pool-grouping <grouped|separate>"))
    #expect(!help.contains("--pools"))
  }

  @Test(.heavy) func whatPeopleReadIsTextInEveryCommand() throws {
    let home = try Fixtures.temporaryDirectory().appendingPathComponent("home")
    let environment = ["SEALED_HOME": home.path]
    for command in [["sets"] + cards, ["cards", "list"] + cards, ["decks"]] {
      let shown = try SealedExecutable.run(command, environment: environment)
      let text = try SealedExecutable.run(command + ["--format", "text"], environment: environment)
      #expect(text.status == 0, "\(command): \(text.stderr)")
      #expect(text.stdout == shown.stdout)
      let table = try SealedExecutable.run(command + ["--format", "table"], environment: environment)
      #expect(table.status == 2)
      #expect(table.stderr.contains("Please provide one of 'text', 'csv' or 'json'"))
    }
  }
}
