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
    #expect(NameMatching.closest(to: "Lim-Dul", among: ["Lim-Dûl the Necromancer"]) == ["Lim-Dûl the Necromancer"])
  }
}
