import Foundation
import SealedTestSupport
import Testing

/// Issue 24, item 13: `sealed export arena NAME` writes the decklist MTG Arena imports.
@Suite struct ArenaExportTests {
  @Test func aSavedDeckAsArenasDecklist() throws {
    let sealed = try LibraryRunner()
    try sealed.open("war", seed: 1, save: "alice")
    try sealed.ok(["deck", "add", "alice", "island", "--count", "9"])
    let text = try sealed.ok(["export", "arena", "alice"])
    let parts = text.components(separatedBy: "\n\n")
    #expect(parts.count == 2)
    let deck = parts[0].split(separator: "\n")
    let sideboard = parts[1].split(separator: "\n")
    #expect(deck.first == "Deck")
    #expect(sideboard.first == "Sideboard")
    let line = /^(\d+) (.+) \(WAR\) (\d+)$/
    var copies = 0
    for card in deck.dropFirst() + sideboard.dropFirst() {
      let match = try #require(try line.wholeMatch(in: String(card)), "\(card)")
      copies += Int(match.1)!
    }
    // The deck's 6 rares and mythics and 9 Islands, and the other 78 opened cards.
    #expect(copies == 84 + 9)
    #expect(deck.contains { $0.hasPrefix("9 Island (WAR) ") })
    #expect(!sideboard.contains { $0.contains(" Island ") })

    let out = sealed.home.deletingLastPathComponent().appendingPathComponent("exports/new/alice.txt").path
    let written = try sealed.run(["export", "arena", "alice", "--out", out])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stderr == "sealed: wrote \(out): Arena decklist of deck alice, 15 cards and a sideboard of 78\n")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == text)
    #expect(try sealed.fails(["export", "arena", "alcie"]).contains("did you mean \"alice\"?"))
  }
}
