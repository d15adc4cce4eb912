import Foundation
import SealedTestSupport
import Testing

/// A check of equal likelihood over nothing counted, or over one card where every card is
/// equally likely, cannot fail whatever the file holds: it is not tested (it said pass, "X2 0,
/// df 2, n 0"), and the verdict line counts it so.
@Suite struct AuditSmallFileTests {
  @Test func aCheckOverNoneOrOneCardIsNotTested() throws {
    let dir = try Fixtures.temporaryDirectory()
    let cards = ["--cards", Fixtures.shippedCards]
    let packs = dir.appendingPathComponent("one.csv").path
    let opened = try SealedExecutable.run(["open", "war", "--pools", "1", "--seed", "3", "--format", "csv", "--out", packs] + cards)
    #expect(opened.status == 0, "\(opened.stderr)")
    let audit = try SealedExecutable.run(
      ["audit", "war", "--packs", packs, "--seed", "1", "--out", dir.appendingPathComponent("audit").path] + cards)
    #expect(audit.status == 0, "\(audit.stderr)")
    let rows = audit.stdout.split(separator: "\n").map(String.init)
    for (name, why) in [
      ("mythic planeswalkers equally likely", "not tested: n 0, nothing counted"),
      ("non-planeswalker mythics equally likely", "not tested: n 1, which cannot fail"),
      ("rare planeswalkers equally likely", "not tested: n 1, which cannot fail"),
      ("the mythic booster's position is uniform", "not tested: n 1, which cannot fail"),
    ] {
      let row = try #require(rows.first { $0.contains(name) }, "\(audit.stdout)")
      #expect(row.hasPrefix("not tested"), "\(row)")
      #expect(row.contains(why), "\(row)")
    }
    #expect(rows.contains("PASS: 17 of 21 checks passed, 4 not tested"), "\(audit.stdout)")
  }

  /// A control character in a card's number is shown, not printed raw (a NUL made "war has no
  /// collector number 1" read true on screen).
  @Test func aControlCharacterInANumberIsShown() throws {
    let dir = try Fixtures.temporaryDirectory()
    let packs = try Fixtures.write("booster,set,collector_number\n1,war,1\u{0}\n", to: "n.csv", in: dir)
    let result = try SealedExecutable.run(["audit", "war", "--packs", packs, "--cards", Fixtures.shippedCards])
    #expect(result.status == 2)
    #expect(result.stderr.contains("unknown card WAR 1\\u{0}:"), "\(result.stderr)")
    #expect(!result.stderr.contains("\u{0}"))
  }
}
