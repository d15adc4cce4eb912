import SealedSupport
import SealedCards
import Testing

@Suite struct NameMatchingTests {
  @Test func editDistance() {
    #expect(NameMatching.editDistance("kitten", "sitting") == 3)
    #expect(NameMatching.editDistance("", "abc") == 3)
    #expect(NameMatching.editDistance("alice", "alice") == 0)
    #expect(NameMatching.editDistance("alcie", "alice") == 2)
  }

  @Test func closestNames() {
    let names = ["alice", "bob", "alice-blue", "carol"]
    #expect(NameMatching.closest(to: "alcie", among: names) == ["alice"])
    #expect(NameMatching.closest(to: "blue", among: names) == ["alice-blue"])
    #expect(NameMatching.closest(to: "zzzzzz", among: names) == [])
    // No letter, or too few to spell anything: no suggestion (it offered the first three names).
    for query in ["#", "-1", "//", "*", ".", "x", "zq"] { #expect(NameMatching.closest(to: query, among: names) == [], "\(query)") }
    #expect(NameMatching.closest(to: "al", among: names) == ["alice", "alice-blue"])
    #expect(NameMatching.closest(to: "Lim-Dul", among: ["Lim-Dûl the Necromancer"]) == ["Lim-Dûl the Necromancer"])
  }
}
