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

  /// Cards of two faces whose card data gives one type line (the field's data: `Instant` for
  /// Fire // Ice) cannot be told split or double-faced: written by the front face, and said so
  /// beside the export, naming them (it wrote `1 Fire (APC) 128` without a word: a review).
  @Test func cardsWhoseFacesTheDataCannotTellAreNamedBesideTheExport() throws {
    let sealed = try LibraryRunner()
    try sealed.ok(["open", "apc", "--rules", "apc-draft", "--seed", "2", "--save", "fi"])
    try sealed.ok(["deck", "add", "fi", "fire // ice"])
    let result = try sealed.run(["export", "arena", "fi"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\n1 Fire (APC) 128\n"), "\(result.stdout)")
    #expect(result.stderr.hasPrefix("sealed: note: 4 different cards of two faces without a type line for each in the card data (Fire // Ice, "), "\(result.stderr)")
    #expect(result.stderr.hasSuffix("Arena names in full (Fire // Ice): sealed cards fetch apc gets each face's type line, for pools opened afterwards\n"))
    // A set whose data gives each face's type line needs no note (war has no card of two faces).
    try sealed.open("war", seed: 1, save: "alice")
    #expect(try sealed.run(["export", "arena", "alice"]).stderr.isEmpty)
  }
}
