import Foundation
import SealedJobs
import SealedTestSupport
import Testing

/// A run given `--cards` names them in the command line `run.csv` records, so that the command
/// reproduces it: through shards, their merge and a check of the merged tallies (which carry the
/// option in `tallies.json`), and in an audit's. Before, the command left `--cards` out and ran
/// the default card data (a report's page printed a command that drew other pools).
@Suite struct CardsInCommandTests {
  private func command(_ folder: URL) throws -> String { try RunCSVFile.command(ofReport: folder) ?? "" }

  private func run(_ arguments: [String]) throws {
    let result = try SealedExecutable.run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
  }

  @Test func shardsTheirMergeAndItsCheckNameTheCards() throws {
    let dir = try Fixtures.temporaryDirectory()
    let cards = Fixtures.shippedCards
    let quoted = "--cards " + ReproduceCommand.quote(cards)
    let common = ["war", "--pools", "9000", "--seed", "4", "--cards", cards, "--quiet"]
    for k in 1...2 { try run(["simulate"] + common + ["--shard", "\(k)/2", "--out", dir.appendingPathComponent("s\(k)").path]) }
    #expect(try command(dir.appendingPathComponent("s1")).hasSuffix(" --shard 1/2 " + quoted))
    try run(["merge", dir.appendingPathComponent("s1").path, dir.appendingPathComponent("s2").path, "--out", dir.appendingPathComponent("merged").path])
    #expect(try command(dir.appendingPathComponent("merged")) == "sealed simulate war --rules sealed --pools 9000 --seed 4 " + quoted)
    try run(["check", "war", "--tallies", dir.appendingPathComponent("merged").path, "--cards", cards, "--spec", "none", "--compare", "none", "--quiet",
             "--out", dir.appendingPathComponent("checked").path])
    let checked = try command(dir.appendingPathComponent("checked"))
    #expect(checked.hasPrefix("sealed check war --rules sealed --pools 9000 --seed 4 ") && checked.hasSuffix(quoted), "\(checked)")
    // The merged run's command draws the merged run: its tallies are the whole run's.
    try run(["simulate", "war", "--pools", "9000", "--seed", "4", "--cards", cards, "--quiet", "--out", dir.appendingPathComponent("whole").path])
    #expect(try command(dir.appendingPathComponent("whole")) == command(dir.appendingPathComponent("merged")))
  }

  /// Card data given by `SEALED_CARDS` is named as `--cards` too (the command run without the
  /// variable would read other data); the default places name none.
  @Test func cardsGivenByTheEnvironmentAreNamedAsCards() throws {
    let dir = try Fixtures.temporaryDirectory()
    let arguments = ["simulate", "war", "--pools", "2000", "--seed", "4", "--quiet", "--out"]
    let given = try SealedExecutable.run(
      arguments + [dir.appendingPathComponent("given").path], environment: ["SEALED_CARDS": Fixtures.shippedCards])
    #expect(given.status == 0, "\(given.stderr)")
    #expect(try command(dir.appendingPathComponent("given")).hasSuffix(" --cards " + ReproduceCommand.quote(Fixtures.shippedCards)))
    let defaults = try SealedExecutable.run(arguments + [dir.appendingPathComponent("defaults").path], environment: ["SEALED_CARDS": ""])
    #expect(defaults.status == 0, "\(defaults.stderr)")
    #expect(try command(dir.appendingPathComponent("defaults")) == "sealed simulate war --rules sealed --pools 2000 --seed 4")
  }

  /// `check-products --cards` names them in each product's command, of the shipped data and of
  /// another file.
  @Test(.heavy) func checkProductsNamesTheCards() throws {
    let dir = try Fixtures.temporaryDirectory()
    let cards = ["--cards", Fixtures.shippedCards]
    let out = dir.appendingPathComponent("run")
    let shipped = try SealedExecutable.run(
      ["check-products", "--products", "war-draft", "--pools", "2000", "--seed", "11", "--out", out.path, "--quiet"] + cards)
    #expect(shipped.status == 0, "\(shipped.stderr)")
    let quoted = "--cards " + ReproduceCommand.quote(Fixtures.shippedCards)
    #expect(try command(out.appendingPathComponent("war-draft")).hasSuffix(" --data shipped " + quoted))
    let file = Fixtures.repositoryRoot.appendingPathComponent("Sources/SealedData/Resources/boosters/sealed_basic_data_2025-07.json.gz").path
    let other = dir.appendingPathComponent("other")
    let fromFile = try SealedExecutable.run(
      ["check-products", file, "--products", "war-draft", "--pools", "2000", "--seed", "11", "--out", other.path, "--quiet"] + cards)
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    #expect(try command(other.appendingPathComponent("war-draft")).hasSuffix(" " + quoted))
  }

  @Test func anAuditNamesTheCards() throws {
    let dir = try Fixtures.temporaryDirectory()
    let packs = dir.appendingPathComponent("packs.csv").path
    try run(["open", "war", "--pools", "50", "--seed", "3", "--format", "csv", "--out", packs, "--cards", Fixtures.shippedCards])
    try run(["audit", "war", "--packs", packs, "--cards", Fixtures.shippedCards, "--quiet", "--resamples", "200",
             "--out", dir.appendingPathComponent("audit").path])
    let audit = try command(dir.appendingPathComponent("audit"))
    #expect(audit.contains(" --cards " + ReproduceCommand.quote(Fixtures.shippedCards) + " "), "\(audit)")
  }
}
